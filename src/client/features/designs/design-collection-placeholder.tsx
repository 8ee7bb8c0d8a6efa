import { cn } from '../../lib/cn'

/** spec §2 My Designs: the loading view shows six skeleton cards. */
const SKELETON_CARDS = 6
// Two lines on a phone, one from sm up: the count's line is there before the count is.
export const HEADLINE_CLASS = 'mt-3 min-h-14 text-lg text-ink-600 focus:outline-none sm:min-h-7'

/** The loading view before we know who is signed in (same shape as the real one, so nothing jumps). */
export function DesignCollectionPlaceholder({ isPaid }: { isPaid: boolean }) {
  return (
    <div className="container-page pb-8 pt-12 sm:pt-16">
      <h1 className="text-4xl leading-tight text-ink-900 sm:text-5xl">My Designs</h1>
      <p className={HEADLINE_CLASS} />
      <div className="mt-8">
        <LoadingGrid isPaid={isPaid} />
      </div>
    </div>
  )
}

/** spec §2: six skeleton cards shaped like the real ones. */
export function LoadingGrid({ isPaid }: { isPaid: boolean }) {
  return (
    <div role="status" aria-live="polite">
      <span className="sr-only">Loading your designs…</span>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index} data-testid="design-skeleton" className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200">
            <div className="aspect-[4/3] animate-pulse bg-sand-200 motion-reduce:animate-none" />
            <div className="space-y-3 p-5">
              <div className="h-7 w-2/3 animate-pulse rounded-md bg-sand-200 motion-reduce:animate-none" />
              <div className="h-4 w-1/2 animate-pulse rounded bg-sand-100 motion-reduce:animate-none" />
              <div className="h-4 w-1/3 animate-pulse rounded bg-sand-100 motion-reduce:animate-none" />
              <div className="flex gap-2 pt-4">
                <div className="h-11 flex-1 animate-pulse rounded-full bg-sand-100 motion-reduce:animate-none" />
                <div className="h-11 w-24 animate-pulse rounded-full bg-sand-100 motion-reduce:animate-none" />
              </div>
              <div className={cn('animate-pulse bg-sand-100 motion-reduce:animate-none', isPaid ? 'h-11 rounded-full' : 'h-32 rounded-xl')} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
