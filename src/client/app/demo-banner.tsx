import FlaskConical from 'lucide-react/icons/flask-conical'

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
