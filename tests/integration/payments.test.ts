import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import Stripe from 'stripe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { purchases } from '../../src/server/db/schema'
import { getCreditBalance, getLedgerSum } from '../../src/server/services/credits'
import { createPromoCode } from '../../src/server/services/promo-codes'
import { TestClient, uniqueEmail } from '../support/http-client'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

async function signedUp(server: TestServer) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('pay'))
  const me = await client.me()
  return { client, userId: me.body.user!.id }
}

async function books(server: TestServer, userId: string) {
  return { balance: await getCreditBalance(server.database.db, userId), ledger: await getLedgerSum(server.database.db, userId) }
}

describe.each(DATABASE_KINDS)('checkout with the built-in test provider on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('Buying Starter grants 20 credits and paid membership, once, from the server-side fulfilment', async () => {
    const { client, userId } = await signedUp(server)
    const checkout = await client.json<{ sessionId: string; url: string }>('/api/checkout', { body: { packageId: 'starter', isProductFlow: false, price_cents: 1, credits: 9999 } })
    expect(checkout.status).toBe(200)
    expect(checkout.body.url).toBe(`/checkout/test/${checkout.body.sessionId}`)
    const page = await client.json(`/api/checkout/test/${checkout.body.sessionId}`)
    expect(page.body).toEqual({ packageName: 'Starter', credits: 20, amountCents: 900, status: 'pending', testMode: true })

    // The return URL alone grants nothing.
    expect((await client.me()).body).toMatchObject({ credits: 2, membershipTier: 'free' })
    const paid = await Promise.all([1, 2, 3].map(() => client.json<{ redirect: string }>(`/api/checkout/test/${checkout.body.sessionId}/pay`, { method: 'POST', body: {} })))
    expect(paid.map((response) => response.status)).toEqual([200, 200, 200])
    expect(paid[0]!.body.redirect).toBe(`/pricing?success=true&session_id=${checkout.body.sessionId}`)
    expect((await client.me()).body).toMatchObject({ credits: 22, membershipTier: 'paid' })
    expect(await books(server, userId)).toEqual({ balance: 22, ledger: 22 })
  })

  it('A cancelled test checkout grants nothing and cannot be paid afterwards', async () => {
    const { client, userId } = await signedUp(server)
    const checkout = await client.json<{ sessionId: string }>('/api/checkout', { body: { packageId: 'best-value', isProductFlow: true } })
    const cancelled = await client.json<{ redirect: string }>(`/api/checkout/test/${checkout.body.sessionId}/cancel`, { method: 'POST', body: {} })
    expect(cancelled.body.redirect).toBe('/pricing?cancelled=true')
    expect((await client.json(`/api/checkout/test/${checkout.body.sessionId}/pay`, { method: 'POST', body: {} })).status).toBe(409)
    expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
  })

  it('A buyer returns to the page they started from (a path of this site only), after paying or cancelling', async () => {
    const { client } = await signedUp(server)
    const returnPath = '/?step=products&style=coastal&palette=spa-blues&room=bathroom&design=0b0c5b1e-93a6-4d0e-9a39-5f3c1f1a2b3c&success=true'
    const paying = await client.json<{ sessionId: string }>('/api/checkout', { body: { packageId: 'starter', isProductFlow: true, returnPath } })
    const paid = await client.json<{ redirect: string }>(`/api/checkout/test/${paying.body.sessionId}/pay`, { method: 'POST', body: {} })
    expect(paid.body.redirect).toBe(`/?step=products&style=coastal&palette=spa-blues&room=bathroom&design=0b0c5b1e-93a6-4d0e-9a39-5f3c1f1a2b3c&success=true&session_id=${paying.body.sessionId}`)
    const leaving = await client.json<{ sessionId: string }>('/api/checkout', { body: { packageId: 'starter', isProductFlow: true, returnPath: '/?step=generate&style=glam' } })
    const cancelled = await client.json<{ redirect: string }>(`/api/checkout/test/${leaving.body.sessionId}/cancel`, { method: 'POST', body: {} })
    expect(cancelled.body.redirect).toBe('/?step=generate&style=glam&cancelled=true')

    for (const unsafe of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/\tevil', 'javascript:alert(1)', 'evil.example', '/ok\nLocation: x', '']) {
      const refused = await client.json<{ error: { message: string } }>('/api/checkout', { body: { packageId: 'starter', returnPath: unsafe } })
      expect(refused.status, unsafe).toBe(400)
    }
  })

  it('Someone else cannot see or pay your test checkout', async () => {
    const owner = await signedUp(server)
    const checkout = await owner.client.json<{ sessionId: string }>('/api/checkout', { body: { packageId: 'starter' } })
    const stranger = await signedUp(server)
    expect((await stranger.client.json(`/api/checkout/test/${checkout.body.sessionId}`)).status).toBe(404)
    expect((await stranger.client.json(`/api/checkout/test/${checkout.body.sessionId}/pay`, { method: 'POST', body: {} })).status).toBe(404)
    expect(await books(server, owner.userId)).toEqual({ balance: 2, ledger: 2 })
    expect(await books(server, stranger.userId)).toEqual({ balance: 2, ledger: 2 })
  })

  it('Checkout needs sign-in and a real package', async () => {
    const visitor = await new TestClient(server.url).json<{ error: { message: string } }>('/api/checkout', { body: { packageId: 'starter' } })
    expect(visitor.status).toBe(401)
    expect(visitor.body.error.message).toBe('Please sign in to purchase credits')
    const { client } = await signedUp(server)
    expect((await client.json('/api/checkout', { body: { packageId: 'free-lunch' } })).status).toBe(404)
  })
})

describe.each(DATABASE_KINDS)('promo codes on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
    const day = 24 * 60 * 60 * 1000
    await createPromoCode(server.database.db, { code: 'welcome5', credits: 5 })
    await createPromoCode(server.database.db, { code: 'TEN-ONLY', credits: 1, maxRedemptions: 10 })
    await createPromoCode(server.database.db, { code: 'LATER', credits: 1, startsAt: new Date(Date.now() + day) })
    await createPromoCode(server.database.db, { code: 'GONE', credits: 1, endsAt: new Date(Date.now() - day) })
  })
  afterAll(async () => {
    await server?.close()
  })

  const redeem = (client: TestClient, code: unknown) => client.json<{ success?: boolean; credits?: number; message?: string; error?: { message: string } }>('/api/promo-codes/redeem', { body: { code } })

  it('A code is trimmed, upper-cased, and redeemed once per user even when sent 20 times at once', async () => {
    const { client, userId } = await signedUp(server)
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(client, '  welcome5 ')))
    const wins = results.filter((result) => result.status === 200)
    expect(wins).toHaveLength(1)
    expect(wins[0]!.body).toMatchObject({ success: true, credits: 7, message: 'Promo code applied! 5 credits added.' })
    expect(new Set(results.filter((result) => result.status !== 200).map((result) => result.body.error?.message))).toEqual(new Set(['You have already used this promo code.']))
    expect(await books(server, userId)).toEqual({ balance: 7, ledger: 7 })
  })

  it('30 users racing for a 10-use code: exactly 10 win', async () => {
    const users = await Promise.all(Array.from({ length: 30 }, () => signedUp(server)))
    const results = await Promise.all(users.map((user) => redeem(user.client, 'ten-only')))
    expect(results.filter((result) => result.status === 200)).toHaveLength(10)
    expect(results.filter((result) => result.body.error?.message === 'This promo code has reached its usage limit.')).toHaveLength(20)
    for (const user of users) {
      const { balance, ledger } = await books(server, user.userId)
      expect(balance).toBe(ledger)
    }
  })

  it('Each way a code can fail has its own message', async () => {
    const { client } = await signedUp(server)
    expect((await redeem(client, 'NOPE')).body.error?.message).toBe('That promo code is not valid. Check the spelling and try again.')
    expect((await redeem(client, 'later')).body.error?.message).toBe('This promo code is not active yet.')
    expect((await redeem(client, 'gone')).body.error?.message).toBe('This promo code has expired.')
    expect((await redeem(client, '   ')).body.error?.message).toBe('Please enter a promo code')
    expect((await redeem(client, 'X'.repeat(21))).body.error?.message).toBe('Promo codes are at most 20 characters')
    const visitor = await redeem(new TestClient(server.url), 'WELCOME5')
    expect(visitor.status).toBe(401)
    expect(visitor.body.error?.message).toBe('Please sign in to redeem promo codes')
  })
})

describe.each(DATABASE_KINDS)('Stripe checkout and webhooks on %s', (kind) => {
  const webhookSecret = 'whsec_test_lavo_secret'
  const signer = new Stripe('sk_test_signer')
  let stripeApi: Server
  const sessionRequests: Array<{ headers: Record<string, unknown>; form: URLSearchParams }> = []
  let server: TestServer
  let sessionCounter = 0
  let stripeDown = false

  beforeAll(async () => {
    // A local server speaking Stripe's documented Checkout Sessions contract (form-encoded POST /v1/checkout/sessions).
    stripeApi = createServer((request, response) => {
      let raw = ''
      request.on('data', (chunk) => (raw += chunk))
      request.on('end', () => {
        if (request.method !== 'POST' || request.url !== '/v1/checkout/sessions') return void response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"type":"invalid_request_error","message":"Unrecognized request URL"}}')
        if (request.headers.authorization !== 'Bearer sk_test_lavo') return void response.writeHead(401, { 'content-type': 'application/json' }).end('{"error":{"type":"invalid_request_error","message":"Invalid API Key provided"}}')
        const form = new URLSearchParams(raw)
        sessionRequests.push({ headers: request.headers, form })
        if (stripeDown) return void response.writeHead(500, { 'content-type': 'application/json', 'stripe-should-retry': 'false' }).end('{"error":{"type":"api_error","message":"An unknown error occurred"}}')
        sessionCounter += 1
        const id = `cs_test_fake_${sessionCounter}`
        response.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${sessionCounter}` }).end(
          JSON.stringify({ id, object: 'checkout.session', mode: 'payment', url: `https://checkout.stripe.com/c/pay/${id}`, client_reference_id: form.get('client_reference_id'), amount_total: Number(form.get('line_items[0][price_data][unit_amount]')), currency: 'usd', payment_status: 'unpaid', status: 'open', metadata: { purchaseId: form.get('metadata[purchaseId]'), packageId: form.get('metadata[packageId]') } }),
        )
      })
    })
    await new Promise<void>((resolve) => stripeApi.listen(0, '127.0.0.1', () => resolve()))
    server = await startTestServer({
      kind,
      env: { STRIPE_SECRET_KEY: 'sk_test_lavo', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PUBLISHABLE_KEY: 'pk_test_lavo', STRIPE_API_BASE: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}` },
    })
  })
  afterAll(async () => {
    await server?.close()
    stripeApi?.close()
  })

  function sendEvent(type: string, session: Record<string, unknown>, options: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify({ id: `evt_${Math.random().toString(36).slice(2)}`, object: 'event', type, api_version: '2025-01-01', created: Math.floor(Date.now() / 1000), data: { object: { object: 'checkout.session', ...session } } })
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? webhookSecret, timestamp: options.timestamp })
    return fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload })
  }

  async function startStripeCheckout(client: TestClient, packageId = 'starter') {
    const checkout = await client.json<{ sessionId: string; url: string }>('/api/checkout', { body: { packageId } })
    expect(checkout.status).toBe(200)
    const [purchase] = await server.database.db.select().from(purchases).where(eq(purchases.providerSessionId, checkout.body.sessionId))
    return { sessionId: checkout.body.sessionId, url: checkout.body.url, purchase: purchase! }
  }

  it('opens a Stripe Checkout Session with our price, the user and the purchase in it', async () => {
    const { client, userId } = await signedUp(server)
    const { url, purchase } = await startStripeCheckout(client, 'most-popular')
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_fake_/)
    const sent = sessionRequests.at(-1)!
    expect(sent.form.get('mode')).toBe('payment')
    expect(sent.form.get('client_reference_id')).toBe(userId)
    expect(sent.form.get('metadata[purchaseId]')).toBe(purchase.id)
    expect(sent.form.get('metadata[packageId]')).toBe('most-popular')
    expect(sent.form.get('line_items[0][price_data][unit_amount]')).toBe('1900')
    expect(sent.form.get('line_items[0][price_data][currency]')).toBe('usd')
    expect(sent.form.get('success_url')).toBe(`${server.url}/pricing?success=true&session_id={CHECKOUT_SESSION_ID}`)
    expect(sent.headers['idempotency-key']).toBe(`checkout-${purchase.id}`)
    expect(sent.form.get('cancel_url')).toBe(`${server.url}/pricing?cancelled=true`)
  })

  it('sends Stripe return addresses that bring the buyer back to the design they were on', async () => {
    const { client } = await signedUp(server)
    const checkout = await client.json('/api/checkout', { body: { packageId: 'starter', isProductFlow: true, returnPath: '/?step=generate&style=glam&palette=pastels' } })
    expect(checkout.status).toBe(200)
    const sent = sessionRequests.at(-1)!
    expect(sent.form.get('success_url')).toBe(`${server.url}/?step=generate&style=glam&palette=pastels&success=true&session_id={CHECKOUT_SESSION_ID}`)
    expect(sent.form.get('cancel_url')).toBe(`${server.url}/?step=generate&style=glam&palette=pastels&cancelled=true`)
  })

  it('Without a public address, a buyer returns to the loopback address they paid from (their sign-in cookie is there), not to another one', async () => {
    const local = await startTestServer({
      kind,
      env: { PUBLIC_URL: undefined, STRIPE_SECRET_KEY: 'sk_test_lavo', STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_PUBLISHABLE_KEY: 'pk_test_lavo', STRIPE_API_BASE: `http://127.0.0.1:${(stripeApi.address() as AddressInfo).port}` },
    })
    try {
      const port = new URL(local.url).port
      for (const origin of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
        const client = new TestClient(local.url, { origin })
        await client.signUp(uniqueEmail('loopback-buyer'))
        expect((await client.json('/api/checkout', { body: { packageId: 'starter' } })).status).toBe(200)
        expect(sessionRequests.at(-1)!.form.get('success_url')).toBe(`${origin}/pricing?success=true&session_id={CHECKOUT_SESSION_ID}`)
        expect(sessionRequests.at(-1)!.form.get('cancel_url')).toBe(`${origin}/pricing?cancelled=true`)
      }
    } finally {
      await local.close()
    }
  })

  it('With Stripe configured the built-in checkout is never served: a test-checkout purchase left in the database cannot be seen, paid or cancelled', async () => {
    const { client, userId } = await signedUp(server)
    // A pending purchase of the built-in provider, as an install that ran without Stripe keys would have left.
    const sessionId = `cs_test_lavo_${randomBytes(12).toString('hex')}`
    await server.database.db.insert(purchases).values({ userId, packageId: 'starter', credits: 20, amountCents: 900, provider: 'test', providerSessionId: sessionId })
    expect((await client.json(`/api/checkout/test/${sessionId}`)).status).toBe(404)
    expect((await client.json(`/api/checkout/test/${sessionId}/pay`, { method: 'POST', body: {} })).status).toBe(404)
    expect((await client.json(`/api/checkout/test/${sessionId}/cancel`, { method: 'POST', body: {} })).status).toBe(404)
    const [purchase] = await server.database.db.select().from(purchases).where(eq(purchases.providerSessionId, sessionId))
    expect(purchase).toMatchObject({ status: 'pending', fulfilledAt: null })
    expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    expect((await client.me()).body).toMatchObject({ membershipTier: 'free' })
    // A checkout started now goes to Stripe, never to the built-in page.
    const { url } = await startStripeCheckout(client)
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.com\//)
  })

  it('When Stripe cannot open a checkout, the buyer is told "Failed to start checkout" and nothing is granted', async () => {
    const { client, userId } = await signedUp(server)
    const asked = sessionRequests.length
    stripeDown = true
    let checkout: { status: number; body: { error?: { message: string }; url?: string } }
    try {
      checkout = await client.json('/api/checkout', { body: { packageId: 'starter' } })
    } finally {
      stripeDown = false
    }
    expect(sessionRequests.length).toBeGreaterThan(asked)
    expect(checkout.status).toBe(502)
    expect(checkout.body.error?.message).toBe('Failed to start checkout')
    expect(checkout.body.url).toBeUndefined()

    // The purchase it recorded is closed as failed, with no session a payment could be matched to.
    const recorded = await server.database.db.select().from(purchases).where(eq(purchases.userId, userId))
    expect(recorded.map((purchase) => ({ status: purchase.status, providerSessionId: purchase.providerSessionId }))).toEqual([{ status: 'failed', providerSessionId: null }])
    const claimed = await sendEvent('checkout.session.completed', { id: 'cs_test_never_opened', client_reference_id: userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId: recorded[0]!.id } })
    expect(claimed.status).toBe(200)
    expect((await client.me()).body).toMatchObject({ credits: 2, membershipTier: 'free' })
    expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    expect((await server.database.db.select().from(purchases).where(eq(purchases.userId, userId)))[0]!.status).toBe('failed')
  })

  it('A bad signature or a stale timestamp is refused and grants nothing', async () => {
    const { client, userId } = await signedUp(server)
    const { sessionId, purchase } = await startStripeCheckout(client)
    const session = { id: sessionId, client_reference_id: userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId: purchase.id } }
    expect((await sendEvent('checkout.session.completed', session, { secret: 'whsec_wrong' })).status).toBe(400)
    expect((await sendEvent('checkout.session.completed', session, { timestamp: Math.floor(Date.now() / 1000) - 600 })).status).toBe(400)
    const unsigned = await fetch(`${server.url}/api/webhooks/stripe`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(unsigned.status).toBe(400)
    expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
  })

  it('The same event delivered 5 times at once grants the credits once', async () => {
    const { client, userId } = await signedUp(server)
    const { sessionId, purchase } = await startStripeCheckout(client)
    const session = { id: sessionId, client_reference_id: userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId: purchase.id } }
    const responses = await Promise.all(Array.from({ length: 5 }, () => sendEvent('checkout.session.completed', session)))
    expect(responses.map((response) => response.status)).toEqual([200, 200, 200, 200, 200])
    expect(await books(server, userId)).toEqual({ balance: 22, ledger: 22 })
    expect((await client.me()).body.membershipTier).toBe('paid')
  })

  it('A completed but unpaid session waits for async_payment_succeeded, then grants once', async () => {
    const { client, userId } = await signedUp(server)
    const { sessionId, purchase } = await startStripeCheckout(client)
    const session = { id: sessionId, client_reference_id: userId, amount_total: 900, metadata: { purchaseId: purchase.id } }
    expect((await sendEvent('checkout.session.completed', { ...session, payment_status: 'unpaid' })).status).toBe(200)
    expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    await Promise.all([sendEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' }), sendEvent('checkout.session.async_payment_succeeded', { ...session, payment_status: 'paid' })])
    expect(await books(server, userId)).toEqual({ balance: 22, ledger: 22 })
  })

  it('A session that belongs to another user’s purchase, or a tampered amount, credits nobody', async () => {
    const victim = await signedUp(server)
    const attacker = await signedUp(server)
    const { sessionId, purchase } = await startStripeCheckout(victim.client)
    expect((await sendEvent('checkout.session.completed', { id: sessionId, client_reference_id: attacker.userId, payment_status: 'paid', amount_total: 900, metadata: { purchaseId: purchase.id } })).status).toBe(200)
    expect((await sendEvent('checkout.session.completed', { id: sessionId, client_reference_id: victim.userId, payment_status: 'paid', amount_total: 1, metadata: { purchaseId: purchase.id } })).status).toBe(200)
    expect(await books(server, attacker.userId)).toEqual({ balance: 2, ledger: 2 })
    expect(await books(server, victim.userId)).toEqual({ balance: 2, ledger: 2 })
  })

  it('Other events are acknowledged without acting', async () => {
    const response = await sendEvent('customer.created', { id: 'cus_123' })
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ received: true, outcome: 'ignored' })
  })
})
