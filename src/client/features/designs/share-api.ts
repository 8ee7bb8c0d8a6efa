// The owner's share link for a design (decision 0043-share-links): read, make, turn off.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { ShareLink } from '../../../shared/schemas/shares'
import { ApiError, apiFetch } from '../../lib/api'

export function shareLinkQueryKey(designId: string) {
  return ['designs', 'share', designId] as const
}

/** GET /api/designs/:id/share: the link, or null when the design has none (404). */
export function useShareLink(designId: string, enabled: boolean) {
  return useQuery({
    queryKey: shareLinkQueryKey(designId),
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<ShareLink>(`/api/designs/${encodeURIComponent(designId)}/share`, { signal })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    enabled,
    // What the server says now: a link turned off elsewhere must not be offered from a stale cache.
    staleTime: 0,
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
  })
}

/** POST /api/designs/:id/share: makes the link (or returns the one there is). */
export function useCreateShareLink(designId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<ShareLink>(`/api/designs/${encodeURIComponent(designId)}/share`, { method: 'POST', body: {} }),
    onSuccess: (link) => queryClient.setQueryData(shareLinkQueryKey(designId), link),
  })
}

/** DELETE /api/designs/:id/share: the link stops working at once. */
export function useRevokeShareLink(designId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => apiFetch<void>(`/api/designs/${encodeURIComponent(designId)}/share`, { method: 'DELETE' }),
    onSuccess: () => queryClient.setQueryData(shareLinkQueryKey(designId), null),
  })
}
