// What a prerendered page must know about this browser before its first paint, read by one tiny inline script in
// <head> and set as attributes on <html> (decision 0016 for the demo mark, 0051 for the others). CSS shows the parts
// that depend on them from the first frame, whether or not the app has started (nothing shifts when it does), and the
// boot script starts the app at once for a member.
// It imports nothing that renders: the boot script (boot/boot.ts) is bundled with it.
import { CONSENT_KEY } from '../features/cookie-consent/consent-storage'

/** The cookie the server sets on every page while the built-in test checkout is active (no Stripe keys). */
export const DEMO_COOKIE = 'lavo-demo=1'

/**
 * The cookie the server sets on a page it sends to a browser carrying a session (and clears otherwise): the session
 * cookie itself is HttpOnly, so this is how a prerendered page knows before its first paint (static-site.ts).
 */
export const MEMBER_COOKIE = 'lavo-member=1'

/** The cookie choices that count as made (consent-storage.ts); anything else leaves the notice up. */
const DECIDED = /^(accepted|rejected|customized)$/

/**
 * `data-demo`: the server's test checkout is active. `data-member`: the page was sent to a signed-in browser.
 * `data-consent-pending`: no cookie choice has been made, so the cookie notice shows (storage that cannot be read
 * counts as no choice). Its exact text is hashed into the pages' Content-Security-Policy.
 */
export const DOCUMENT_MARKS_SCRIPT =
  `(function(d){var k=document.cookie.split('; '),c=null;k.indexOf('${DEMO_COOKIE}')>=0&&d.setAttribute('data-demo','');` +
  `k.indexOf('${MEMBER_COOKIE}')>=0&&d.setAttribute('data-member','');try{c=localStorage.getItem('${CONSENT_KEY}')}catch(e){}` +
  `${DECIDED.toString()}.test(c||'')||d.setAttribute('data-consent-pending','')})(document.documentElement)`
