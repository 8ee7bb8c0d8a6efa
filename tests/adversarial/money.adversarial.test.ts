import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purchases } from '../../src/server/db/schema'
import { abandonGeneration } from '../../src/server/services/generations'
import { createPromoCode } from '../../src/server/services/promo-codes'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'
import { expectBooksBalanced } from './books'

const WEBHOOK_SECRET = 'whsec_adversarial'
const signer = new Stripe('sk_test_signer')

async function signedUp(server: TestServer) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('adv'))
  return { client, userId: (await client.me()).body.user!.id }
}

describe.each(DATABASE_KINDS)('money under attack on %s', (kind) => {
  let server: TestServer
  let stripeSessions = 0
  beforeAll(async () => {
    // Stripe is configured, but its API is never reached: purchases are created directly, as a real checkout would leave them.
    server = await startTestServer({ kind, env: { STRIPE_SECRET_KEY: 'sk_test_unused', STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: 'pk_test_unused', STRIPE_API_BASE: 'http://127.0.0.1:9' } })
  })
  afterAll(async () => {
    if (server) await expectBooksBalanced(server.database)
    await server?.close()
  })

  async function pendingPurchase(userId: string, packageId = 'starter', amountCents = 900, credits = 20) {
    stripeSessions += 1
    const sessionId = `cs_test_adv_${kind}_${stripeSessions}`
    const [row] = await server.database.db.insert(purchases).values({ userId, packageId, credits, amountCents, provider: 'stripe', providerSessionId: sessionId }).returning()
    return { sessionId, purchaseId: row!.id }
  }

  function webhook(type: string, session: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, data: { object: { object: 'checkout.session', ...session } } })
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, timestamp: options.timestamp })
    return fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body: payload })
  }

  it('a webhook with a bad signature is refused and grants nothing', async () => {
    const { client, userId } = await signedUp(server)
    const { sessionId, purchaseId } = await pendingPurchase(userId)
    const response = await webhook('checkout.session.completed', { id: sessionId, client_reference_id: userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId } }, { secret: 'whsec_forged' })
    expect(response.status).toBe(400)
    expect((await client.me()).body.credits).toBe(2)
  })

  it('a webhook with a stale timestamp is refused', async () => {
    const { client, userId } = await signedUp(server)
    const { sessionId, purchaseId } = await pendingPurchase(userId)
    const response = await webhook('checkout.session.completed', { id: sessionId, client_reference_id: userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId } }, { timestamp: Math.floor(Date.now() / 1000) - 301 - 60 })
    expect(response.status).toBe(400)
    expect((await client.me()).body.credits).toBe(2)
  })

  it('one event delivered 5 times at once grants once', async () => {
    const { client, userId } = await signedUp(server)
    const { sessionId, purchaseId } = await pendingPurchase(userId)
    const session = { id: sessionId, client_reference_id: userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId } }
    const statuses = await Promise.all(Array.from({ length: 5 }, () => webhook('checkout.session.completed', session).then((response) => response.status)))
    expect(statuses).toEqual([200, 200, 200, 200, 200])
    expect((await client.me()).body).toMatchObject({ credits: 22, membershipTier: 'paid' })
  })

  it('completed but unpaid grants nothing; async success then grants once', async () => {
    const { client, userId } = await signedUp(server)
    const { sessionId, purchaseId } = await pendingPurchase(userId)
    const session = { id: sessionId, client_reference_id: userId, amount_total: 900, metadata: { purchaseId } }
    await webhook('checkout.session.completed', { ...session, payment_status: 'unpaid' })
    expect((await client.me()).body.credits).toBe(2)
    await Promise.all([webhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }), webhook('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' })])
    expect((await client.me()).body.credits).toBe(22)
  })

  it('a tampered price or package never buys more than was paid for', async () => {
    const { client, userId } = await signedUp(server)
    // The browser cannot set the price: extra fields are ignored and our table decides.
    await client.json('/api/checkout', { body: { packageId: 'best-value', price_cents: 1, amount: 1, credits: 100000 } })
    const [recorded] = await server.database.db.select().from(purchases).where(eq(purchases.userId, userId))
    expect(recorded).toMatchObject({ packageId: 'best-value', amountCents: 4900, credits: 100 })
    // A paid amount that differs from our price, or a session pointing at another purchase, is refused.
    const { sessionId, purchaseId } = await pendingPurchase(userId, 'best-value', 4900, 100)
    await webhook('checkout.session.completed', { id: sessionId, client_reference_id: userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId } })
    await webhook('checkout.session.completed', { id: sessionId, client_reference_id: userId, payment_status: 'paid', amount_total: 4900, metadata: { purchaseId: recorded!.id } })
    expect((await client.me()).body.credits).toBe(2)
  })

  it('50 parallel generations on a balance of 1: exactly one is accepted', async () => {
    const { client, userId } = await signedUp(server)
    const imageId = await uploadPhoto(client, readFileSync(fixturePhoto('cc0-interior-1.jpg')))
    const first = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'glam' } })
    await waitForGeneration(client, first.body.id)
    const responses = await Promise.all(Array.from({ length: 50 }, () => client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal', retry: true } })))
    const accepted = responses.filter((response) => response.status === 202)
    expect(accepted).toHaveLength(1)
    expect(responses.filter((response) => response.status === 402)).toHaveLength(49)
    await waitForGeneration(client, accepted[0]!.body.id)
    expect((await client.me()).body.credits).toBe(0)
    void userId
  })

  it('a job that fails for good refunds once, however often the clean-up runs', async () => {
    const { client } = await signedUp(server)
    const imageId = await uploadPhoto(client, readFileSync(fixturePhoto('cc0-interior-2.jpg')))
    await server.deps.queue.stop()
    try {
      const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'rustic' } })
      expect((await client.me()).body.credits).toBe(1)
      await Promise.all(Array.from({ length: 5 }, () => abandonGeneration({ db: server.database.db }, accepted.body.id, new Error('gave up'))))
      expect((await client.me()).body.credits).toBe(2)
    } finally {
      server.deps.queue.start(server.deps.jobHandlers)
    }
  })

  it('one user redeeming a code 20 times at once gets it once; 30 users on a 10-use code: exactly 10', async () => {
    await createPromoCode(server.database.db, { code: `ONCE-${kind}`, credits: 3 })
    await createPromoCode(server.database.db, { code: `TEN-${kind}`, credits: 1, maxRedemptions: 10 })
    const { client } = await signedUp(server)
    const same = await Promise.all(Array.from({ length: 20 }, () => client.json('/api/promo-codes/redeem', { body: { code: `once-${kind}` } })))
    expect(same.filter((response) => response.status === 200)).toHaveLength(1)
    expect((await client.me()).body.credits).toBe(5)
    const users = []
    for (let index = 0; index < 30; index += 1) users.push(await signedUp(server))
    const racing = await Promise.all(users.map((user) => user.client.json('/api/promo-codes/redeem', { body: { code: `TEN-${kind}` } })))
    expect(racing.filter((response) => response.status === 200)).toHaveLength(10)
  })
})
