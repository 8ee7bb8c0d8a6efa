import { useMutation } from '@tanstack/react-query'
import type { CheckoutRequest, CheckoutRequestInput } from '../../../shared/schemas/payments'
import { apiFetch } from '../../lib/api'

type CheckoutSession = { sessionId: string; url: string }

export async function startCheckout(input: CheckoutRequestInput): Promise<CheckoutSession> {
  // The schema (and zod with it) loads with the first purchase, not with every page that shows the packages.
  const { CheckoutRequestSchema } = await import('../../../shared/schemas/payments')
  const body: CheckoutRequest = CheckoutRequestSchema.parse(input)
  return apiFetch<CheckoutSession>('/api/checkout', { body })
}

/** POST /api/checkout, then hands the browser to the checkout page (the card provider's, or ours in test mode). */
export function useStartCheckout() {
  return useMutation({
    mutationFn: startCheckout,
    onSuccess: (session) => window.location.assign(session.url),
  })
}
