import { Check, Lock } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { buttonClass } from '../../components/ui/button'

const REASONS = [
  'Fixtures, lighting, storage and decor picked to match your design',
  'Grouped by category, with search links at Home Depot, Lowes, Wayfair and Amazon',
  'One credit per design, and reopening a list is always free',
  'Any credit package unlocks lists for every design you make',
] as const

type Props = {
  /** The credit package cards (the route passes them in; features do not import each other). */
  packages?: ReactNode
  headingId: string
}

/** spec §2: what non-paid members see instead of product recommendations. */
export function UpgradePanel({ packages, headingId }: Props) {
  return (
    <div className="rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200 sm:p-10">
      <div className="mx-auto max-w-2xl text-center">
        <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
          <Lock aria-hidden="true" className="h-7 w-7" />
        </span>
        <h2 id={headingId} className="mt-4 text-2xl text-ink-900 sm:text-3xl">
          Unlock Product Recommendations
        </h2>
        <p className="mt-3 text-ink-600">Turn a design you love into a shopping list. Members get curated products for every design, ready to search at the retailers that sell them.</p>
      </div>
      <ul className="mx-auto mt-6 grid max-w-2xl gap-3 sm:grid-cols-2">
        {REASONS.map((reason) => (
          <li key={reason} className="flex gap-3 text-ink-700">
            <span className="mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <Check aria-hidden="true" className="h-3.5 w-3.5" />
            </span>
            {reason}
          </li>
        ))}
      </ul>
      <div className="mt-8 flex justify-center">
        {/* With the packages below, buying one is the view's primary action and this link a secondary way to compare them. */}
        <Link to="/pricing" className={buttonClass(packages ? 'secondary' : 'primary', 'lg')}>
          Upgrade Now
        </Link>
      </div>
      {packages && <div className="mt-10 border-t border-sand-200 pt-10">{packages}</div>}
    </div>
  )
}
