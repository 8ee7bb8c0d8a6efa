import { useQuery } from '@tanstack/react-query'
import type { ProductList } from '../../../shared/schemas/designs'
import { apiFetch } from '../../lib/api'

export function productListQueryKey(designId: string) {
  return ['product-list', designId] as const
}

/** POST /api/designs/:id/products: the design's list; the first one costs 1 credit, reopening it is free. */
export function requestProductList(designId: string): Promise<ProductList> {
  return apiFetch<ProductList>(`/api/designs/${encodeURIComponent(designId)}/products`, { body: {} })
}

/**
 * The product list of one design, for paid members. A query rather than a mutation: the server saves the
 * list on first request and answers later requests from it without charging, so asking again is safe, and
 * the list is kept for the session (no refetch on its own). Failures are not retried automatically: the
 * server already retries the analysis, and the member has a 'Try Again' button.
 */
export function useProductList(designId: string, options: { enabled: boolean; onCharged: () => void }) {
  const { enabled, onCharged } = options
  return useQuery({
    queryKey: productListQueryKey(designId),
    // No abort signal on purpose: a member who leaves mid-analysis still gets the (paid-for) list when they return.
    queryFn: async () => {
      const list = await requestProductList(designId)
      // The credit balance changed on the server: the header badge must follow.
      if (list.charged) onCharged()
      return list
    },
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    refetchOnReconnect: false,
  })
}
