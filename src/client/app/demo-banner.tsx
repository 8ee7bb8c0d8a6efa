import FlaskConical from 'lucide-react/icons/flask-conical'

/** The cookie the server sets on every page while the built-in test checkout is active (no Stripe keys). */
export const DEMO_COOKIE = 'lavo-demo=1'

/**
 * Runs in <head> before the first paint: marks the document as a demo when the server says so, so the banner
 * below shows from the first frame (no layout shift) on prerendered pages that cannot know the server's setup.
 * Its exact text is hashed into the pages' Content-Security-Policy.
 */
export const DEMO_MARK_SCRIPT = `document.cookie.split('; ').indexOf('${DEMO_COOKIE}')>=0&&document.documentElement.setAttribute('data-demo','')`

/** Shown on every page while payments are simulated (hidden by CSS otherwise: see app.css). */
export function DemoBanner() {
  return (
    <section aria-label="Demo notice" className="demo-banner border-b border-amber-300 bg-amber-50 text-amber-950">
      <p className="container-page flex items-center justify-center gap-2 py-2 text-center text-sm">
        <FlaskConical aria-hidden="true" className="h-4 w-4 shrink-0" />
        <span>
          <strong className="font-semibold">Demo site:</strong> payments are simulated. No card is charged and no real money is taken.
        </span>
      </p>
    </section>
  )
}
