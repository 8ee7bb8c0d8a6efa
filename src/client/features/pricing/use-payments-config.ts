import { useQuery } from '@tanstack/react-query'
import { apiFetch } from '../../lib/api'

export type PaymentsMode = 'test' | 'stripe'
type AppConfig = { googleSignIn: boolean; payments: PaymentsMode; stripePublishableKey: string | null }

function fetchPaymentsMode(signal?: AbortSignal): Promise<PaymentsMode> {
  return apiFetch<AppConfig>('/api/config', { signal }).then((config) => config.payments)
}

/** Which payment provider the server runs: 'test' means the built-in checkout that never charges a card. */
export function usePaymentsMode() {
  return useQuery({ queryKey: ['app-config', 'payments'], queryFn: ({ signal }) => fetchPaymentsMode(signal), staleTime: Infinity, retry: 1 })
}
