import { Check } from 'lucide-react'
import { formatUsd, type CreditPackage } from '../../../shared/packages'
import { cn } from '../../lib/cn'
import { useCreditPackages } from './use-credit-packages'

/** The credit packages from the API. `renderAction` supplies each card's button (buying comes with payments). */
export function PackageCards({ renderAction }: { renderAction?: (pkg: CreditPackage) => React.ReactNode }) {
  const packages = useCreditPackages()

  if (packages.isPending) {
    return (
      <ul className="grid gap-6 md:grid-cols-3" aria-busy="true" aria-label="Loading credit packages">
        {[0, 1, 2].map((key) => (
          <li key={key} className="h-72 animate-pulse rounded-3xl bg-sand-100" />
        ))}
      </ul>
    )
  }
  if (packages.isError) {
    return (
      <p role="alert" className="rounded-2xl bg-red-50 p-4 text-red-800">
        Failed to load credit packages
      </p>
    )
  }
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {packages.data.map((pkg) => (
        <li key={pkg.id} className={cn('relative flex h-full flex-col rounded-3xl bg-white p-7 shadow-sm ring-1', pkg.popular ? 'ring-2 ring-brand-600' : 'ring-sand-200')}>
          {pkg.popular && <p className="absolute -top-3 left-7 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold uppercase tracking-wide text-white">Most popular</p>}
          <h3 className="font-sans text-lg font-semibold">{pkg.name}</h3>
          <p className="mt-1 text-sm text-ink-600">{pkg.description}</p>
          <p className="mt-5 flex items-baseline gap-2">
            <span className="font-display text-5xl">{formatUsd(pkg.price_cents)}</span>
            <span className="text-ink-600">one time</span>
          </p>
          <p className="mt-1 text-sm text-ink-600">{formatUsd(Math.round(pkg.price_cents / pkg.credits))} per credit</p>
          <ul className="mt-5 space-y-2 text-sm text-ink-700">
            <li className="flex gap-2">
              <Check aria-hidden="true" className="h-5 w-5 text-brand-700" /> {pkg.credits} credits
            </li>
            <li className="flex gap-2">
              <Check aria-hidden="true" className="h-5 w-5 text-brand-700" /> Product recommendations unlocked
            </li>
          </ul>
          {renderAction && <div className="mt-auto pt-6">{renderAction(pkg)}</div>}
        </li>
      ))}
    </ul>
  )
}
