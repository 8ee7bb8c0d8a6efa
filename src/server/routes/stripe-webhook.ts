import { Hono } from 'hono'
import type Stripe from 'stripe'
import type { Database } from '../db/client'
import { limitBody } from '../lib/http'
import type { Logger } from '../lib/logger'
import { handleStripeEvent, verifyStripeEvent } from '../services/stripe-webhooks'

export function stripeWebhookRoutes(deps: { db: Database; logger: Logger; stripe: Stripe; webhookSecret: string }) {
  return new Hono().post('/', limitBody(512 * 1024), async (c) => {
    // The signature covers the raw bytes: read them as text, never re-serialised JSON.
    const event = verifyStripeEvent(deps.stripe, await c.req.text(), c.req.header('stripe-signature'), deps.webhookSecret)
    const outcome = await handleStripeEvent(deps, event)
    deps.logger.info('stripe webhook', { eventId: event.id, type: event.type, outcome })
    return c.json({ received: true, outcome })
  })
}
