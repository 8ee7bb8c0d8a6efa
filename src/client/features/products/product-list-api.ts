import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { DesignView, ProductList, ProductListRequestInput } from '../../../shared/schemas/designs'
import { apiFetch, ApiError } from '../../lib/api'

export function productListQueryKey(designId: string) {
  return ['product-list', designId] as const
}

const designPath = (designId: string) => `/api/designs/${encodeURIComponent(designId)}`

/** GET /api/designs/:id/products: the list already paid for, or null when there is none yet. Never charges. */
export async function fetchProductList(designId: string, signal?: AbortSignal): Promise<ProductList | null> {
  try {
    return await apiFetch<ProductList>(`${designPath(designId)}/products`, { signal })
  } catch (error) {
    if (error instanceof ApiError && error.code === 'no_product_list') return null
    throw error
  }
}

/** POST /api/designs/:id/products: makes the list and spends 1 credit, only with the member's consent in the body. */
export function requestProductList(designId: string): Promise<ProductList> {
  const body: ProductListRequestInput = { acceptCharge: true }
  return apiFetch<ProductList>(`${designPath(designId)}/products`, { body })
}

/** The design the list is for (the member's own; 404 otherwise), to check it is real before anything else. */
export function useProductDesign(designId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['product-design', designId],
    queryFn: ({ signal }) => apiFetch<DesignView>(designPath(designId), { signal }),
    enabled,
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
    staleTime: 60_000,
  })
}

/**
 * A design's saved product list, read without charging (null: not made yet, the member is asked first). Kept for
 * the session. Failures are not retried automatically: the member has a 'Try Again' button.
 */
export function useProductList(designId: string, enabled: boolean) {
  return useQuery({
    queryKey: productListQueryKey(designId),
    queryFn: ({ signal }) => fetchProductList(designId, signal),
    enabled,
    retry: false,
    staleTime: Infinity,
    gcTime: 30 * 60_000,
    refetchOnReconnect: false,
  })
}

/** The member said yes to the charge: make the list, keep it as the design's list, and let the badge follow. */
export function useCreateProductList(designId: string, onCharged: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => requestProductList(designId),
    onSuccess: (list) => {
      queryClient.setQueryData(productListQueryKey(designId), list)
      if (list.charged) onCharged()
    },
  })
}
