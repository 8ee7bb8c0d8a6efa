import { useMutation } from '@tanstack/react-query'
import type { PromoCodeInput, PromoRedemptionResult } from '../../../shared/schemas/payments'
import { apiFetch } from '../../lib/api'

export function redeemPromoCode(input: PromoCodeInput): Promise<PromoRedemptionResult> {
  return apiFetch<PromoRedemptionResult>('/api/promo-codes/redeem', { body: input })
}

export function useRedeemPromoCode() {
  return useMutation({ mutationFn: redeemPromoCode })
}
