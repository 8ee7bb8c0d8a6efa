// What a prerendered page must know about this browser before its first paint, read by one tiny inline script in
// <head> and set as attributes on <html> (decision 0016 for the demo mark, 0051 for the others). CSS shows the parts
// that depend on them from the first frame, whether or not the app has started (nothing shifts when it does), and the
// boot script starts the app at once for a member.
// It imports nothing that renders: the boot script (boot/boot.ts) is bundled with it.
import { PAGE_MARK_COOKIES } from '../../shared/page-marks'
import { CONSENT_KEY } from '../features/cookie-consent/consent-storage'

const DEMO_COOKIE = `${PAGE_MARK_COOKIES.demo}=1`
const MEMBER_COOKIE = `${PAGE_MARK_COOKIES.member}=1`

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
