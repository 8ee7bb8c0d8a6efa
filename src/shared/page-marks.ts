// The cookies the server sets on every page it sends (src/server/lib/static-site.ts) and the page's first inline script
// reads before its first paint (src/client/app/document-marks.ts): prerendered pages cannot know the server's setup or
// the visitor's session, so the server tells them this way. Each is `<name>=1` while it holds and cleared otherwise.
export const PAGE_MARK_COOKIES = {
  /** The built-in test checkout is active (no Stripe keys): every page shows the demo banner (decision 0016). */
  demo: 'lavo-demo',
  /**
   * A session cookie came with the request (the session cookie itself is HttpOnly): the page starts its app at once
   * (decision 0051). It says nothing about whose session and proves nothing; the API checks the session.
   */
  member: 'lavo-member',
} as const
