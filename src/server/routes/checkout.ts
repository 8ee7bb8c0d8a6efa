import { Hono } from 'hono'
import { z } from 'zod'
import { CheckoutRequestSchema } from '../../shared/schemas/payments'
import { parseJsonBody, parseWith } from '../lib/http'
import { requireUser, type SessionReader } from '../lib/session'
import { cancelTestCheckout, getTestCheckout, payTestCheckout, startCheckout, type PurchaseDeps } from '../services/purchases'

const SessionSchema = z.object({ sessionId: z.string().regex(/^cs_test_lavo_[a-f0-9]{24}$/, 'This checkout session does not exist') })

type CheckoutRouteDeps = PurchaseDeps & {
  sessions: SessionReader
  /** The site address a buyer returns to, from the request's (already checked) Origin header. */
  returnOrigin: (origin: string | undefined) => string
}

export function checkoutRoutes(deps: CheckoutRouteDeps) {
  const app = new Hono().post('/', async (c) => {
    const user = await requireUser(deps.sessions, c, 'Please sign in to purchase credits')
    const request = await parseJsonBody(c, CheckoutRequestSchema)
    return c.json(await startCheckout({ ...deps, publicUrl: deps.returnOrigin(c.req.header('origin')) }, user, request))
  })
  if (deps.payments.name !== 'test') return app

  // The built-in test-mode checkout (only when the test provider is active).
  return app
    .get('/test/:sessionId', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { sessionId } = parseWith(SessionSchema, c.req.param())
      const checkout = await getTestCheckout(deps.db, user.id, sessionId)
      c.header('Cache-Control', 'no-store')
      return c.json({ packageName: checkout.packageName, credits: checkout.credits, amountCents: checkout.amountCents, status: checkout.status, testMode: true })
    })
    .post('/test/:sessionId/pay', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { sessionId } = parseWith(SessionSchema, c.req.param())
      return c.json(await payTestCheckout(deps, user.id, sessionId))
    })
    .post('/test/:sessionId/cancel', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { sessionId } = parseWith(SessionSchema, c.req.param())
      return c.json(await cancelTestCheckout(deps, user.id, sessionId))
    })
}
