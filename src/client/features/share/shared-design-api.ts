// GET /api/shares/:token: a shared design as anyone may see it (decision 0043-share-links).
import { useQuery } from '@tanstack/react-query'
import type { SharedDesignView } from '../../../shared/schemas/shares'
import { ApiError, apiFetch } from '../../lib/api'

/** The shared design, or null when the link does not (or no longer) work. */
export function useSharedDesign(token: string) {
  return useQuery({
    queryKey: ['shares', token],
    queryFn: async ({ signal }) => {
      try {
        return await apiFetch<SharedDesignView>(`/api/shares/${encodeURIComponent(token)}`, { signal })
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null
        throw error
      }
    },
    retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
  })
}
