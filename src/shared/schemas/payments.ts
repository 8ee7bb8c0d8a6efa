import { z } from './zod'
import { isSafeReturnPath } from '../return-path'

export const ReturnPathSchema = z.string().max(2000, 'That return address is too long').refine(isSafeReturnPath, 'The return address must be a page of this site')

export const CheckoutRequestSchema = z.object({
  packageId: z.string({ message: 'Please choose a credit package' }).trim().min(1, 'Please choose a credit package').max(100, 'Please choose a credit package'),
  isProductFlow: z.boolean().default(false),
  /** Where the buyer goes back to after paying or cancelling (e.g. the wizard step they were on). */
  returnPath: ReturnPathSchema.optional(),
})
export type CheckoutRequest = z.infer<typeof CheckoutRequestSchema>
export type CheckoutRequestInput = z.input<typeof CheckoutRequestSchema>

/** spec §5: required (trimmed), upper-cased, at most 20 characters. */
export const PROMO_CODE_MAX = 20
export const PromoCodeSchema = z.object({
  code: z
    .string({ message: 'Please enter a promo code' })
    .trim()
    .min(1, 'Please enter a promo code')
    .max(PROMO_CODE_MAX, `Promo codes are at most ${PROMO_CODE_MAX} characters`)
    .transform((code) => code.toUpperCase()),
})
export type PromoCode = z.infer<typeof PromoCodeSchema>
export type PromoCodeInput = z.input<typeof PromoCodeSchema>

export type PromoRedemptionResult = { success: true; message: string; credits: number; added: number }

/** Messages for each way a redemption can fail (spec §8 leaves the exact wording to us). */
export const PROMO_MESSAGES = {
  signIn: 'Please sign in to redeem promo codes',
  empty: 'Please enter a promo code',
  invalid: 'That promo code is not valid. Check the spelling and try again.',
  alreadyUsed: 'You have already used this promo code.',
  limitReached: 'This promo code has reached its usage limit.',
  notYetActive: 'This promo code is not active yet.',
  expired: 'This promo code has expired.',
  failed: 'Failed to redeem promo code. Please try again.',
} as const
