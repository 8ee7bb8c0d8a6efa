// Public pages prerendered to static HTML at build time. '/404' renders the catch-all route; the server
// serves it with status 404 for any unknown path.
export const PRERENDERED_PATHS = [
  '/',
  '/how-it-works',
  '/pricing',
  '/styles',
  '/gallery',
  '/about-me',
  '/contact',
  '/help',
  '/terms-of-service',
  '/privacy-policy',
  '/cookie-policy',
  '/404',
] as const

/**
 * Pages prerendered as a signed-out visitor sees them; the server sends them only to requests without a session
 * cookie (src/server/lib/static-site.ts), members get the client-rendered shell.
 */
export const SIGNED_OUT_PRERENDERED_PATHS = ['/my-designs'] as const
