import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query'
import type { DesignPage } from '../../../shared/schemas/designs'
import { apiFetch } from '../../lib/api'

export const DESIGNS_QUERY_KEY = ['designs'] as const
/** Designs per page of the list (the "Load more designs" step). */
export const DESIGNS_PAGE_SIZE = 24

// spec §9 design list query: aborted after 10 s, 1 retry after 1 s, fresh for 30 s, cached for 5 min.
export const DESIGNS_ABORT_MS = 10_000
const DESIGNS_RETRIES = 1
const DESIGNS_RETRY_DELAY_MS = 1_000
const DESIGNS_STALE_MS = 30_000
const DESIGNS_GC_MS = 5 * 60_000

/** GET /api/designs: one page of the signed-in member's designs, newest first; gives up after 10 s. */
export async function fetchDesignPage(cursor: string | null, signal?: AbortSignal): Promise<DesignPage> {
  const params = new URLSearchParams({ limit: String(DESIGNS_PAGE_SIZE) })
  if (cursor) params.set('cursor', cursor)
  // By hand rather than AbortSignal.any/timeout, which older Safari versions lack.
  const controller = new AbortController()
  const timer = window.setTimeout(() => controller.abort(), DESIGNS_ABORT_MS)
  const forward = () => controller.abort()
  if (signal?.aborted) controller.abort()
  signal?.addEventListener('abort', forward, { once: true })
  try {
    return await apiFetch<DesignPage>(`/api/designs?${params}`, { signal: controller.signal })
  } finally {
    window.clearTimeout(timer)
    signal?.removeEventListener('abort', forward)
  }
}

/**
 * The design list as an infinite query (key ['designs']). The header prefetches it when a visitor points
 * at the My Designs link: use `prefetchDesigns` (or `queryClient.prefetchInfiniteQuery(designsQueryOptions())`),
 * not `prefetchQuery`, so the cache holds the paged shape the page reads.
 */
export function designsQueryOptions() {
  return infiniteQueryOptions({
    queryKey: DESIGNS_QUERY_KEY,
    queryFn: ({ pageParam, signal }) => fetchDesignPage(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    retry: DESIGNS_RETRIES,
    retryDelay: DESIGNS_RETRY_DELAY_MS,
    staleTime: DESIGNS_STALE_MS,
    gcTime: DESIGNS_GC_MS,
  })
}

/** Warms the design list (first page); does nothing while it is still fresh. */
export function prefetchDesigns(queryClient: QueryClient): Promise<void> {
  return queryClient.prefetchInfiniteQuery(designsQueryOptions())
}

export function useDesigns(enabled: boolean) {
  return useInfiniteQuery({ ...designsQueryOptions(), enabled })
}

/** The cached list without one design: the card disappears at once, and the count drops with it. */
export function withoutDesign(data: InfiniteData<DesignPage, string | null> | undefined, designId: string): InfiniteData<DesignPage, string | null> | undefined {
  if (!data) return data
  const found = data.pages.some((page) => page.designs.some((design) => design.id === designId))
  if (!found) return data
  return {
    ...data,
    pages: data.pages.map((page) => ({ ...page, designs: page.designs.filter((design) => design.id !== designId), total: Math.max(0, page.total - 1) })),
  }
}
