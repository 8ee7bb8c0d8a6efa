export type NewsletterSubscriber = { email: string; firstName?: string }

export interface NewsletterProvider {
  readonly name: 'none' | 'kit'
  subscribe: (subscriber: NewsletterSubscriber) => Promise<void>
  /** Takes the address off the list; an address the provider does not know is already off it. */
  unsubscribe: (email: string) => Promise<void>
}
