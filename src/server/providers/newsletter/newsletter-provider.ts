export type NewsletterSubscriber = { email: string; firstName?: string }

export interface NewsletterProvider {
  readonly name: 'none' | 'kit'
  subscribe: (subscriber: NewsletterSubscriber) => Promise<void>
}
