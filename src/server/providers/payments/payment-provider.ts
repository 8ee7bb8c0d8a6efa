export type CheckoutSessionInput = {
  purchaseId: string
  userId: string
  email: string
  packageId: string
  packageName: string
  credits: number
  amountCents: number
  successUrl: string
  cancelUrl: string
}

/** A card payment provider: it opens a hosted checkout; payment is confirmed later (webhook or test page), never by the return URL. */
export interface PaymentProvider {
  readonly name: 'test' | 'stripe'
  createCheckoutSession: (input: CheckoutSessionInput) => Promise<{ sessionId: string; url: string }>
}
