export type EmailMessage = {
  to: string
  subject: string
  /** Plain text only: user-supplied content is never rendered as HTML. */
  text: string
  replyTo?: string
}

export interface EmailProvider {
  readonly name: 'outbox' | 'smtp'
  send: (message: EmailMessage) => Promise<void>
}
