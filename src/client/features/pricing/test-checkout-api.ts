import { useMutation, useQuery } from '@tanstack/react-query'
import { ApiError, apiFetch } from '../../lib/api'

export type TestCheckoutStatus = 'pending' | 'fulfilled' | 'cancelled' | 'failed'
export type TestCheckout = { packageName: string; credits: number; amountCents: number; status: TestCheckoutStatus; testMode: true }
type Redirect = { redirect: string }

const sessionPath = (sessionId: string) => `/api/checkout/test/${encodeURIComponent(sessionId)}`

/** Only same-site paths: the redirect comes from our server, but a stray absolute URL must not take the buyer elsewhere. */
export function safeRedirect(redirect: string): string {
  return redirect.startsWith('/') && !redirect.startsWith('//') ? redirect : '/pricing'
}

/** A 4xx will not change on retry (not found, not signed in); only network and server failures are retried. */
const isFinal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500

export function useTestCheckout(sessionId: string, userId: string | undefined) {
  return useQuery({
    queryKey: ['test-checkout', sessionId, userId],
    queryFn: ({ signal }) => apiFetch<TestCheckout>(sessionPath(sessionId), { signal }),
    enabled: Boolean(userId),
    retry: (failures, error) => !isFinal(error) && failures < 2,
    staleTime: 0,
    gcTime: 0,
  })
}

export function usePayTestCheckout(sessionId: string) {
  return useMutation({
    mutationFn: () => apiFetch<Redirect>(`${sessionPath(sessionId)}/pay`, { body: {} }),
    // A full page load: the page we return to reads the fresh balance from the server.
    onSuccess: ({ redirect }) => window.location.assign(safeRedirect(redirect)),
  })
}

export function useCancelTestCheckout(sessionId: string) {
  return useMutation({ mutationFn: () => apiFetch<Redirect>(`${sessionPath(sessionId)}/cancel`, { body: {} }) })
}
