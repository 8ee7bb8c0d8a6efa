import Stripe from 'stripe'
import type { PaymentProvider } from './payment-provider'

export type StripeSettings = { secretKey: string; webhookSecret: string; publishableKey: string; apiBase?: string }

export function createStripeClient(settings: Pick<StripeSettings, 'secretKey' | 'apiBase'>): Stripe {
  const base = settings.apiBase ? new URL(settings.apiBase) : undefined
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'https:' ? 443 : 80), protocol: base.protocol.replace(':', '') as 'http' | 'https' } : {}),
  })
}

/** Stripe Checkout in payment mode: amounts from our package table, the purchase id in metadata. */
export function createStripePaymentProvider(stripe: Stripe): PaymentProvider {
  return {
    name: 'stripe',
    async createCheckoutSession(input) {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: input.userId,
          customer_email: input.email,
          line_items: [{ quantity: 1, price_data: { currency: 'usd', unit_amount: input.amountCents, product_data: { name: `Lavo ${input.packageName}: ${input.credits} credits` } } }],
          metadata: { purchaseId: input.purchaseId, packageId: input.packageId },
          payment_intent_data: { metadata: { purchaseId: input.purchaseId, packageId: input.packageId } },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `checkout-${input.purchaseId}` },
      )
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL')
      return { sessionId: session.id, url: session.url }
    },
  }
}
