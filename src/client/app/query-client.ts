import { QueryClient } from '@tanstack/react-query'

/** spec §9 app-wide defaults: 3 retries with back-off from 1 s capped at 30 s, 5 min fresh and cached, no refetch on focus. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: 3,
        retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
        staleTime: 5 * 60_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
        refetchOnReconnect: true,
      },
    },
  })
}
