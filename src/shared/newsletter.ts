// Issue 22: joining the email list is asked, never assumed. The sign-up box is unticked; the account keeps when its
// owner ticked it and the exact words they agreed to (a new wording gets a new text here, and old records keep theirs).

/** The words beside the sign-up checkbox, stored with each consent. */
export const NEWSLETTER_CONSENT_WORDING = 'Yes, send me design ideas by email. I can leave the list any time.'

/** What /api/me/newsletter answers: whether the account is on the list, since when, and to which words. */
export type NewsletterStatus = { subscribed: boolean; agreedAt: string | null; wording: string | null }
