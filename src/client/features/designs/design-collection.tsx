import { AlertTriangle, ImagePlus, LoaderCircle, Plus, RotateCcw } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { toast } from '../../lib/toast'
import type { DesignView } from '../../../shared/schemas/designs'
import { Button, buttonClass } from '../../components/ui/button'
import { HEADLINE_CLASS, LoadingGrid } from './design-collection-placeholder'
import { DesignCard } from './design-card'
import { designCountHeadline } from './design-format'
import { useDesigns } from './designs-query'

// spec §8 Designs load, verbatim.
export const DESIGNS_LOAD_FAILED_TOAST = 'Failed to load your designs. Click retry to try again.'
const DESIGNS_LOAD_FAILED_CARD = "We couldn't load your designs. This might be a temporary connection issue."

type Props = {
  isPaid: boolean
  onOpenRecommendations: (design: DesignView) => void
  /** The design whose recommendations were just closed: its button gets focus back. */
  returnFocusTo?: string | null
}

/** spec §2 My Designs: the loading, error, empty and grid views of a signed-in member's designs. */
export function DesignCollection({ isPaid, onOpenRecommendations, returnFocusTo = null }: Props) {
  const designs = useDesigns(true)
  const headlineRef = useRef<HTMLParagraphElement>(null)
  const { isError, errorUpdatedAt, data } = designs
  const loadFailed = isError && !data

  // spec §8: a toast as well as the card, once per failed load.
  useEffect(() => {
    if (loadFailed) toast.error(DESIGNS_LOAD_FAILED_TOAST, { id: 'designs-load-failed' })
  }, [loadFailed, errorUpdatedAt])

  const list = data?.pages.flatMap((page) => page.designs) ?? []
  const total = data?.pages[0]?.total ?? 0
  // A retry after a failed load shows the skeletons again until it settles.
  const loading = designs.isPending || (loadFailed && designs.isFetching)

  return (
    <div className="container-page pb-8 pt-12 sm:pt-16">
      <div className="flex items-center justify-between gap-4">
        <h1 className="text-4xl leading-tight text-ink-900 sm:text-5xl">My Designs</h1>
        {list.length > 0 && (
          <Link to="/" className={buttonClass('secondary', 'md', 'shrink-0')}>
            <Plus aria-hidden="true" className="h-4 w-4" />
            New design
          </Link>
        )}
      </div>
      {/* Reserves its lines while loading, so the grid below does not jump. */}
      <p ref={headlineRef} tabIndex={-1} className={HEADLINE_CLASS} aria-live="polite">
        {data ? designCountHeadline(total) : ''}
      </p>

      <div className="mt-8">
        {loading ? (
          <LoadingGrid isPaid={isPaid} />
        ) : loadFailed ? (
          <LoadError onRetry={() => void designs.refetch()} />
        ) : list.length === 0 && !designs.hasNextPage ? (
          <EmptyState />
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved designs">
              {list.map((design) => (
                <li key={design.id}>
                  <DesignCard
                    design={design}
                    isPaid={isPaid}
                    onOpenRecommendations={onOpenRecommendations}
                    onDeleted={() => headlineRef.current?.focus()}
                    focusRecommendations={returnFocusTo === design.id}
                  />
                </li>
              ))}
            </ul>
            {designs.hasNextPage && (
              <div className="mt-10 flex flex-col items-center gap-3">
                {designs.isFetchNextPageError && (
                  <p role="alert" className="text-sm font-medium text-red-800">
                    We couldn't load more designs. Please try again.
                  </p>
                )}
                <Button variant="secondary" size="lg" onClick={() => void designs.fetchNextPage()} disabled={designs.isFetchingNextPage}>
                  {designs.isFetchingNextPage && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin motion-reduce:animate-none" />}
                  {designs.isFetchingNextPage ? 'Loading more designs…' : 'Load more designs'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </div>
  )
}

/** spec §2/§8: the load error card with 'Try Again'. */
function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <section aria-labelledby="designs-error-title" className="mx-auto max-w-xl rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-sand-200 sm:p-10">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-red-50 text-red-800">
        <AlertTriangle aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 id="designs-error-title" className="mt-4 text-2xl text-ink-900 sm:text-3xl">
        Failed to Load Designs
      </h2>
      <p className="mt-3 text-ink-600">{DESIGNS_LOAD_FAILED_CARD}</p>
      <Button size="lg" className="mt-6" onClick={onRetry}>
        <RotateCcw aria-hidden="true" className="h-4 w-4" />
        Try Again
      </Button>
    </section>
  )
}

/** spec §2: no designs yet. */
function EmptyState() {
  return (
    <section aria-labelledby="designs-empty-title" className="mx-auto max-w-xl rounded-3xl bg-white p-8 text-center shadow-sm ring-1 ring-sand-200 sm:p-10">
      <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-brand-50 text-brand-700">
        <ImagePlus aria-hidden="true" className="h-7 w-7" />
      </span>
      <h2 id="designs-empty-title" className="mt-4 text-2xl text-ink-900 sm:text-3xl">
        No designs yet
      </h2>
      <p className="mt-3 text-ink-600">Upload a photo of your bathroom, pick a style, and your redesign will be saved here automatically.</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-6')}>
        Create Your First Design
      </Link>
    </section>
  )
}
