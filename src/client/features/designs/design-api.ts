import { useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query'
import type { DesignPage, DesignView } from '../../../shared/schemas/designs'
import { apiFetch, ApiError } from '../../lib/api'
import { DESIGNS_QUERY_KEY, withoutDesign } from './designs-query'

export function designQueryKey(designId: string) {
  return ['designs', 'one', designId] as const
}

/** GET /api/designs/:id: one of the member's designs (the detail view after a reload). */
export function useDesign(designId: string | null, enabled = true) {
  const queryClient = useQueryClient()
  return useQuery({
    queryKey: designQueryKey(designId ?? ''),
    queryFn: ({ signal }) => apiFetch<DesignView>(`/api/designs/${encodeURIComponent(designId ?? '')}`, { signal }),
    enabled: enabled && Boolean(designId),
    // The list usually holds it already: no request when a member opens a card.
    initialData: () => {
      const list = queryClient.getQueryData<InfiniteData<DesignPage, string | null>>(DESIGNS_QUERY_KEY)
      return list?.pages.flatMap((page) => page.designs).find((design) => design.id === designId)
    },
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  })
}

/** DELETE /api/designs/:id (its images go with it); the card leaves the cached list at once. */
export function useDeleteDesign() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (designId: string) => apiFetch<void>(`/api/designs/${encodeURIComponent(designId)}`, { method: 'DELETE' }),
    onSuccess: async (_result, designId) => {
      await queryClient.cancelQueries({ queryKey: DESIGNS_QUERY_KEY, exact: true })
      queryClient.setQueryData<InfiniteData<DesignPage, string | null>>(DESIGNS_QUERY_KEY, (data) => withoutDesign(data, designId))
      queryClient.removeQueries({ queryKey: designQueryKey(designId) })
      // The next visit re-reads the pages from the server; the cache above already shows the truth.
      void queryClient.invalidateQueries({ queryKey: DESIGNS_QUERY_KEY, exact: true, refetchType: 'none' })
    },
  })
}
