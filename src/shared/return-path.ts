// Where a buyer returns after checkout. The path travels through the payment provider and back, so it must
// only ever name a page of this site: a relative path, never another origin (no open redirect).

const BASE = 'http://lavo.invalid'
const OUTCOME_PARAMS = ['success', 'session_id', 'cancelled'] as const

/**
 * True for a same-origin relative path such as `/?step=products&design=…`: it starts with one slash, has no
 * backslashes, whitespace or control characters (browsers read `/\evil.com` and `/\t/evil.com` as other hosts),
 * and resolves to our own origin.
 */
export function isSafeReturnPath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false
  // eslint-disable-next-line no-control-regex
  if (/[\\\s\u0000-\u001f\u007f]/.test(path)) return false
  try {
    const url = new URL(path, BASE)
    return url.origin === BASE && url.pathname.startsWith('/')
  } catch {
    return false
  }
}

/**
 * The return path with the checkout's outcome added (spec §2: `success=true&session_id=…` or `cancelled=true`),
 * dropping any outcome parameters it already had. `sessionId` is written as given, so a provider placeholder such
 * as Stripe's `{CHECKOUT_SESSION_ID}` stays literal.
 */
export function withCheckoutOutcome(returnPath: string, outcome: { sessionId: string } | 'cancelled'): string {
  const url = new URL(isSafeReturnPath(returnPath) ? returnPath : '/', BASE)
  for (const name of OUTCOME_PARAMS) url.searchParams.delete(name)
  const query = url.searchParams.toString()
  const added = outcome === 'cancelled' ? 'cancelled=true' : `success=true&session_id=${outcome.sessionId}`
  return `${url.pathname}?${query ? `${query}&` : ''}${added}${url.hash}`
}
