import type Stripe from 'stripe'
import { AppError } from '../lib/app-error'
import type { Logger } from '../lib/logger'
import type { Database } from '../db/client'
import { fulfilPurchase } from './purchases'

/** The signature tolerance: events older than 5 minutes are refused (replays). */
export const WEBHOOK_TOLERANCE_SECONDS = 300

/** Verifies the signature on the raw body, or throws 400. Nothing in the payload is trusted before that. */
export function verifyStripeEvent(stripe: Stripe, rawBody: string, signature: string | undefined, secret: string): Stripe.Event {
  if (!signature) throw new AppError('validation', 'Missing Stripe signature')
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS)
  } catch (error) {
    throw new AppError('validation', 'Invalid Stripe signature', { cause: error })
  }
}

/**
 * checkout.session.completed fulfils unless the payment is still 'unpaid' (delayed methods);
 * checkout.session.async_payment_succeeded fulfils those later. Every other event is acknowledged.
 * Only ids are taken from the payload: the credits and price come from our purchase record.
 */
export async function handleStripeEvent(deps: { db: Database; logger: Logger }, event: Stripe.Event): Promise<string> {
  if (event.type !== 'checkout.session.completed' && event.type !== 'checkout.session.async_payment_succeeded') return 'ignored'
  const session = event.data.object
  if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return 'awaiting-payment'
  return fulfilPurchase(deps, {
    providerSessionId: session.id,
    purchaseId: session.metadata?.purchaseId ?? null,
    userId: session.client_reference_id,
    amountCents: session.amount_total,
  })
}
