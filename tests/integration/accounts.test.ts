import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, like, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditLedger, session as sessionTable, userProfiles, verification } from '../../src/server/db/schema'
import { setUpNewUser } from '../../src/server/services/accounts'
import { getCreditBalance, getLedgerSum, grantCredits, spendCredit } from '../../src/server/services/credits'
import { resetTokenFrom } from '../support/email'
import { TestClient, uniqueEmail } from '../support/http-client'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'
import { NEWSLETTER_CONSENT_WORDING } from '../../src/shared/newsletter'

// What the API answers for a reset link that can no longer be used (used, expired or unknown); the reset page
// turns it into 'Invalid or expired reset link. Please request a new password reset.'
const REFUSED_RESET_LINK = { status: 400, body: { code: 'INVALID_TOKEN', message: 'Invalid token' } }

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('A new account gets a free profile and 2 credits through the ledger, exactly once', async () => {
    const client = new TestClient(server.url)
    const signUp = await client.signUp(uniqueEmail())
    expect(signUp.status).toBe(200)
    const me = await client.me()
    expect(me.body).toMatchObject({ credits: 2, membershipTier: 'free' })
    const userId = me.body.user!.id
    await setUpNewUser(server.database.db, userId)
    await setUpNewUser(server.database.db, userId)
    expect(await getCreditBalance(server.database.db, userId)).toBe(2)
    expect(await getLedgerSum(server.database.db, userId)).toBe(2)
    const rows = await server.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))
    expect(rows.map((row) => [row.reason, row.reference, row.delta])).toEqual([['signup_bonus', userId, 2]])
  })

  it('An account whose setup never ran is set up by /api/me, once', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const userId = (await client.me()).body.user!.id
    await server.database.db.delete(userProfiles).where(eq(userProfiles.id, userId))
    const [first, second] = await Promise.all([client.me(), client.me()])
    expect(first.body).toMatchObject({ user: { id: userId }, credits: 2, membershipTier: 'free' })
    expect(second.body).toMatchObject({ user: { id: userId }, credits: 2, membershipTier: 'free' })
    expect(await server.database.db.select().from(userProfiles).where(eq(userProfiles.id, userId))).toHaveLength(1)
    expect(await getLedgerSum(server.database.db, userId)).toBe(2)
  })

  it('Sign-up and sign-in rules give the spec messages on the server', async () => {
    const client = new TestClient(server.url)
    const short = await client.json<{ error: { fields: Record<string, string> } }>('/api/auth/sign-up/email', { body: { email: 'x@example.com', password: '12345' } })
    expect(short.status).toBe(400)
    expect(short.body.error.fields.password).toBe('Password must be at least 6 characters')
    const badEmail = await client.json<{ error: { fields: Record<string, string> } }>('/api/auth/sign-up/email', { body: { email: 'nope', password: '123456' } })
    expect(badEmail.body.error.fields.email).toBe('Please enter a valid email address')
    const missing = await client.json<{ error: { fields: Record<string, string> } }>('/api/auth/sign-in/email', { body: {} })
    expect(missing.status).toBe(400)
    expect(missing.body.error.fields).toMatchObject({ email: 'Please enter your email address', password: 'Please enter your password' })
    const resetMissing = await client.json<{ error: { fields: Record<string, string> } }>('/api/auth/request-password-reset', { body: { email: '' } })
    expect(resetMissing.body.error.fields.email).toBe('Please enter your email address')
  })

  it('Emails are compared case-insensitively and unknown fields are never stored', async () => {
    const email = uniqueEmail('Case')
    const first = new TestClient(server.url)
    const injected = { emailVerified: true, email_verified: true, role: 'admin', image: 'https://evil.example/me.png', id: 'chosen-by-the-browser' }
    expect((await first.json('/api/auth/sign-up/email', { body: { email: email.toUpperCase(), password: 'secret-pass-1', ...injected } })).status).toBe(200)
    const me = await first.me()
    expect(me.body.user?.email).toBe(email.toLowerCase())
    expect(me.body.user?.id).not.toBe(injected.id)
    // The whole stored row, whatever columns the table has, so a column added later is covered too.
    const stored = await server.database.db.execute(sql`select to_jsonb(u) as row from "user" u where u.email = ${email.toLowerCase()}`)
    const rows = (stored as unknown as { rows: Array<{ row: Record<string, unknown> }> }).rows
    expect(rows).toHaveLength(1)
    const row = rows[0]!.row
    expect(row).toMatchObject({ email: email.toLowerCase(), email_verified: false, image: null })
    expect(row).not.toHaveProperty('role')
    expect(Object.values(row)).not.toContain('admin')
    expect(Object.values(row)).not.toContain(injected.image)
    const again = await new TestClient(server.url).signUp(email.toLowerCase())
    expect(again.status).toBeGreaterThanOrEqual(400)
    const signIn = await new TestClient(server.url).signIn(email.toUpperCase(), 'secret-pass-1')
    expect(signIn.status).toBe(200)
  })

  it('Signing out ends the session on the server', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const stolenCookie = client.cookieHeader
    expect((await client.me()).body.user).not.toBeNull()
    const out = await client.request('/api/auth/sign-out', { method: 'POST', body: {} })
    expect(out.status).toBe(200)
    const replay = await fetch(`${server.url}/api/me`, { headers: { cookie: stolenCookie } })
    expect(((await replay.json()) as { user: unknown }).user).toBeNull()
  })

  it('A session is honoured until it expires, rolls forward once a day while used, and a forged cookie is nobody', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const userId = (await client.me()).body.user!.id
    const db = server.database.db
    const expiry = async () => (await db.select({ expiresAt: sessionTable.expiresAt }).from(sessionTable).where(eq(sessionTable.userId, userId)))[0]!.expiresAt.getTime()
    const day = 24 * 60 * 60 * 1000

    // Used two days before it ends (due for its daily refresh): still signed in, and extended to 30 days.
    await db.update(sessionTable).set({ expiresAt: new Date(Date.now() + 2 * day) }).where(eq(sessionTable.userId, userId))
    expect((await client.me()).body.user?.id).toBe(userId)
    expect(await expiry()).toBeGreaterThan(Date.now() + 29 * day)

    // Used within a day of its last refresh: no write.
    const before = await expiry()
    expect((await client.me()).body.user?.id).toBe(userId)
    expect(await expiry()).toBe(before)

    // Expired: nobody, everywhere.
    await db.update(sessionTable).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessionTable.userId, userId))
    expect((await client.me()).body.user).toBeNull()
    expect((await client.request('/api/designs')).status).toBe(401)

    // A token with a signature that is not ours: nobody.
    const name = client.cookieHeader.split('; ').map((pair) => pair.split('=')[0]!).find((cookie) => cookie.endsWith('session_token'))!
    const forged = await fetch(`${server.url}/api/me`, { headers: { cookie: `${name}=${encodeURIComponent(`not-a-token.${'A'.repeat(43)}=`)}` } })
    expect(((await forged.json()) as { user: unknown }).user).toBeNull()
  })

  it('A reset request answers the same for known and unknown emails', async () => {
    const email = uniqueEmail()
    await new TestClient(server.url).signUp(email)
    const known = await new TestClient(server.url).json('/api/auth/request-password-reset', { body: { email } })
    const unknown = await new TestClient(server.url).json('/api/auth/request-password-reset', { body: { email: uniqueEmail('nobody') } })
    expect(known.status).toBe(200)
    expect(unknown).toEqual(known)
  })

  it('A reset link works once, within the rules, ends other sessions, and the old password stops working', async () => {
    const email = uniqueEmail()
    const owner = new TestClient(server.url)
    await owner.signUp(email, 'old-pass-1')
    const before = server.outbox().length
    await new TestClient(server.url).json('/api/auth/request-password-reset', { body: { email } })
    // The request is answered first; the email follows.
    const token = resetTokenFrom(await server.waitForMail((mail, all) => all.length > before && mail.includes(email)))
    expect(server.outbox().length).toBe(before + 1)

    const visitor = new TestClient(server.url)
    expect((await visitor.json('/api/password-reset/status?token=' + encodeURIComponent(token))).body).toEqual({ valid: true })
    const weak = await visitor.json<{ error: { message: string } }>('/api/auth/reset-password', { body: { token, newPassword: 'weakpass' } })
    expect(weak.status).toBe(400)
    expect(weak.body.error.message).toBe('Password does not meet requirements: One uppercase letter, One number')
    expect((await visitor.json('/api/auth/reset-password', { body: { token, newPassword: 'NewPassword42' } })).status).toBe(200)

    expect((await visitor.json('/api/password-reset/status?token=' + encodeURIComponent(token))).body).toEqual({ valid: false })
    expect(await visitor.json('/api/auth/reset-password', { body: { token, newPassword: 'OtherPassword42' } })).toEqual(REFUSED_RESET_LINK)
    expect((await owner.me()).body.user).toBeNull()
    expect((await new TestClient(server.url).signIn(email, 'old-pass-1')).status).toBe(401)
    expect((await new TestClient(server.url).signIn(email, 'NewPassword42')).status).toBe(200)
  })

  it('A reset link past its expiry is refused like a used one, and the password stays the same', async () => {
    const email = uniqueEmail()
    const owner = new TestClient(server.url)
    await owner.signUp(email, 'old-pass-1')
    const userId = (await owner.me()).body.user!.id
    await new TestClient(server.url).json('/api/auth/request-password-reset', { body: { email } })
    const token = resetTokenFrom(await server.waitForMail((mail) => mail.includes(email)))
    const visitor = new TestClient(server.url)
    expect((await visitor.json('/api/password-reset/status?token=' + encodeURIComponent(token))).body).toEqual({ valid: true })

    // The link's hour is up: better-auth keeps the reset token as a verification row whose value is the user id.
    const expired = await server.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(and(like(verification.identifier, 'reset-password:%'), eq(verification.value, userId)))
      .returning({ id: verification.id })
    expect(expired).toHaveLength(1)

    // The page asks first and shows 'Invalid or expired reset link. Please request a new password reset.' on valid: false.
    expect((await visitor.json('/api/password-reset/status?token=' + encodeURIComponent(token))).body).toEqual({ valid: false })
    expect(await visitor.json('/api/auth/reset-password', { body: { token, newPassword: 'NewPassword42' } })).toEqual(REFUSED_RESET_LINK)
    expect((await owner.me()).body.user?.id).toBe(userId)
    expect((await new TestClient(server.url).signIn(email, 'NewPassword42')).status).toBe(401)
    expect((await new TestClient(server.url).signIn(email, 'old-pass-1')).status).toBe(200)
  })

  it('A JSON body over 100 kB is refused with 413', async () => {
    const response = await new TestClient(server.url).request('/api/auth/sign-up/email', { body: { email: 'a@example.com', password: 'x'.repeat(110 * 1024) } })
    expect(response.status).toBe(413)
  })

  it('A cross-origin POST carrying the session cookie is refused', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const response = await client.request('/api/auth/sign-out', { method: 'POST', body: {}, headers: { origin: 'https://evil.example' } })
    expect(response.status).toBe(403)
    expect((await client.me()).body.user).not.toBeNull()
  })

  it('The session cookie is HttpOnly and SameSite=Lax', async () => {
    const response = await new TestClient(server.url).request('/api/auth/sign-up/email', { body: { email: uniqueEmail(), password: 'secret-pass-1' } })
    const cookie = response.headers.getSetCookie().find((line) => line.includes('session_token'))
    expect(cookie).toMatch(/;\s*HttpOnly/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax/i)
    // Plain http (local development): a Secure cookie would never come back, so it is not marked Secure.
    expect(cookie).not.toMatch(/;\s*Secure\b/i)
  })

  it('Sessions are stored in the database', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const me = await client.me()
    const rows = await server.database.db.select().from(sessionTable).where(eq(sessionTable.userId, me.body.user!.id))
    expect(rows).toHaveLength(1)
  })

  it('50 concurrent spends against a balance of 5: exactly 5 succeed and the books balance', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const userId = (await client.me()).body.user!.id
    await grantCredits(server.database.db, { userId, amount: 3, reason: 'admin', reference: `topup-${userId}` })
    const results = await Promise.allSettled(Array.from({ length: 50 }, (_, index) => spendCredit(server.database.db, { userId, reason: 'generation', reference: `spend-${userId}-${index}` })))
    const succeeded = results.filter((result) => result.status === 'fulfilled')
    const failed = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    expect(succeeded).toHaveLength(5)
    expect(new Set(failed.map((result) => (result.reason as Error).message))).toEqual(new Set(['Insufficient credits']))
    expect(await getCreditBalance(server.database.db, userId)).toBe(0)
    expect(await getLedgerSum(server.database.db, userId)).toBe(0)
  })

  it('A spend for the same reference is charged once', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const userId = (await client.me()).body.user!.id
    const results = await Promise.all([spendCredit(server.database.db, { userId, reason: 'generation', reference: 'same' + userId }), spendCredit(server.database.db, { userId, reason: 'generation', reference: 'same' + userId })])
    expect(results.filter(Boolean)).toHaveLength(1)
    expect(await getCreditBalance(server.database.db, userId)).toBe(1)
  })

  it('No write endpoint of the API spends a credit on a request that asks for nothing paid', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail())
    const userId = (await client.me()).body.user!.id
    // Every write route the application registers (its own route table, not a list of guesses), called with an
    // empty body and unknown ids, as a signed-in user.
    const writes = [
      ...new Set(
        server.app.routes
          .filter((route) => route.path.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method))
          .map((route) => `${route.method} ${route.path.replace(/:[^/]+/g, randomUUID()).replace(/\*$/, 'anything')}`),
      ),
    ]
    expect(writes).toEqual(expect.arrayContaining(['POST /api/generations', 'POST /api/images']))
    for (const write of writes) {
      const [method, path] = write.split(' ') as [string, string]
      await client.request(path, { method, body: {} })
    }
    expect(await getCreditBalance(server.database.db, userId)).toBe(2)
    expect(await getLedgerSum(server.database.db, userId)).toBe(2)
  })
})

describe('rate limiting and outside services', () => {
  let server: TestServer
  const kitRequests: Array<{ headers: IncomingMessage['headers']; body: Record<string, unknown>; answered?: number }> = []
  /** Kit's subscribers by id, as its API keeps them: unsubscribing changes their state. */
  const kitSubscribers = new Map<number, { email: string; state: string }>()
  let kitFails = false
  const kitJson = (response: ServerResponse, status: number, body: unknown) => void response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  const kit = createServer((request, response) => {
    let raw = ''
    request.on('data', (chunk) => (raw += chunk))
    request.on('end', () => {
      if (request.headers['x-kit-api-key'] !== 'kit_test_key') return kitJson(response, 401, { errors: ['The access token is invalid'] })
      const url = new URL(request.url ?? '/', 'http://kit.test')
      // Kit API v4 "List subscribers" (filtered by email_address) and "Unsubscribe subscriber" (POST …/{id}/unsubscribe, 204).
      if (request.method === 'GET' && url.pathname === '/v4/subscribers') {
        const email = url.searchParams.get('email_address')
        const found = [...kitSubscribers].filter(([, subscriber]) => subscriber.email === email).map(([id, subscriber]) => ({ id, email_address: subscriber.email, state: subscriber.state }))
        return kitJson(response, 200, { subscribers: found, pagination: { has_previous_page: false, has_next_page: false } })
      }
      const unsubscribe = /^\/v4\/subscribers\/(\d+)\/unsubscribe$/.exec(url.pathname)
      if (request.method === 'POST' && unsubscribe) {
        const subscriber = kitSubscribers.get(Number(unsubscribe[1]))
        if (!subscriber) return kitJson(response, 404, { errors: ['Not Found'] })
        subscriber.state = 'cancelled'
        return void response.writeHead(204).end()
      }
      // Kit API v4 "Create a subscriber" contract: POST /v4/subscribers, X-Kit-Api-Key, JSON body.
      if (request.method !== 'POST' || url.pathname !== '/v4/subscribers') return void response.writeHead(404).end()
      const body = JSON.parse(raw) as Record<string, unknown>
      const entry: (typeof kitRequests)[number] = { headers: request.headers, body }
      kitRequests.push(entry)
      response.on('finish', () => (entry.answered = response.statusCode))
      if (kitFails) return kitJson(response, 500, { errors: ['Internal error'] })
      const id = kitRequests.length
      kitSubscribers.set(id, { email: String(body.email_address), state: 'active' })
      kitJson(response, 201, { subscriber: { id, first_name: body.first_name, email_address: body.email_address, state: 'active', created_at: new Date().toISOString(), fields: {} } })
    })
  })

  beforeAll(async () => {
    await new Promise<void>((resolve) => kit.listen(0, '127.0.0.1', () => resolve()))
    const kitUrl = `http://127.0.0.1:${(kit.address() as AddressInfo).port}`
    server = await startTestServer({
      kind: 'pglite',
      env: { RATE_LIMIT: 'on', KIT_API_KEY: 'kit_test_key', KIT_BASE_URL: kitUrl, GOOGLE_CLIENT_ID: 'dummy-client-id.apps.googleusercontent.com', GOOGLE_CLIENT_SECRET: 'dummy-secret' },
    })
  })
  afterAll(async () => {
    await server?.close()
    kit.close()
  })

  it('The 4th failed sign-in within 10 s answers 429, even with a forged X-Forwarded-For', async () => {
    const email = uniqueEmail()
    const statuses: number[] = []
    for (let attempt = 0; attempt < 4; attempt += 1) {
      const client = new TestClient(server.url, { 'x-forwarded-for': `203.0.113.${attempt + 1}` })
      const response = await client.json<{ message?: string }>('/api/auth/sign-in/email', { body: { email, password: 'wrong-password' } })
      statuses.push(response.status)
      if (attempt === 3) expect(response.body.message).toMatch(/too many requests/i)
    }
    expect(statuses).toEqual([401, 401, 401, 429])
  })

  it('Only someone who ticks the box is passed to Kit; the account keeps when and to which words', async () => {
    const ticked = uniqueEmail('news')
    const client = new TestClient(server.url)
    expect((await client.signUp(ticked, 'secret-pass-1', { newsletter: true })).status).toBe(200)
    await expect.poll(() => kitRequests.some((request) => request.body.email_address === ticked)).toBe(true)
    const request = kitRequests.find((entry) => entry.body.email_address === ticked)!
    expect(request.headers['content-type']).toContain('application/json')
    expect(request.body.state).toBe('active')
    const status = await client.json<{ subscribed: boolean; agreedAt: string | null; wording: string | null }>('/api/me/newsletter')
    expect(status.body).toMatchObject({ subscribed: true, wording: NEWSLETTER_CONSENT_WORDING })
    expect(Date.now() - Date.parse(status.body.agreedAt ?? '')).toBeLessThan(60_000)

    const unticked = uniqueEmail('news-no')
    const other = new TestClient(server.url)
    expect((await other.signUp(unticked)).status).toBe(200)
    // The ticked sign-up after it reaches Kit, so the unticked one had every chance to: it never did.
    const after = uniqueEmail('news-after')
    expect((await new TestClient(server.url).signUp(after, 'secret-pass-1', { newsletter: true })).status).toBe(200)
    await expect.poll(() => kitRequests.some((entry) => entry.body.email_address === after)).toBe(true)
    expect(kitRequests.some((entry) => entry.body.email_address === unticked)).toBe(false)
    expect((await other.json('/api/me/newsletter')).body).toMatchObject({ subscribed: false, agreedAt: null })
  })

  it('Leaving the email list reaches Kit and is kept on the account', async () => {
    const email = uniqueEmail('news-leave')
    const client = new TestClient(server.url)
    expect((await client.signUp(email, 'secret-pass-1', { newsletter: true })).status).toBe(200)
    await expect.poll(() => [...kitSubscribers.values()].some((subscriber) => subscriber.email === email)).toBe(true)
    const left = await client.json<{ subscribed: boolean }>('/api/me/newsletter', { method: 'DELETE' })
    expect(left.status).toBe(200)
    expect(left.body.subscribed).toBe(false)
    expect([...kitSubscribers.values()].find((subscriber) => subscriber.email === email)?.state).toBe('cancelled')
    expect((await client.json<{ subscribed: boolean }>('/api/me/newsletter')).body.subscribed).toBe(false)
    expect((await new TestClient(server.url).json('/api/me/newsletter', { method: 'DELETE' })).status).toBe(401)
  })

  it('A newsletter failure never blocks sign-up', async () => {
    kitFails = true
    try {
      const email = uniqueEmail('news-down')
      const client = new TestClient(server.url)
      const signUp = await client.signUp(email, 'secret-pass-1', { newsletter: true })
      // Only once Kit has really refused this subscriber (its 500 sent) is the failure part of the story.
      await expect.poll(() => kitRequests.find((request) => request.body.email_address === email)?.answered).toBe(500)
      expect(signUp.status).toBe(200)
      const me = await client.me()
      expect(me.body.user?.email).toBe(email)
      expect(me.body.credits).toBe(2)
    } finally {
      kitFails = false
    }
  })

  it('Google sign-in sends the browser to Google with our callback', async () => {
    const config = await new TestClient(server.url).json<{ googleSignIn: boolean }>('/api/config')
    expect(config.body.googleSignIn).toBe(true)
    const response = await new TestClient(server.url).json<{ url: string; redirect: boolean }>('/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/auth/callback' } })
    expect(response.status).toBe(200)
    const url = new URL(response.body.url)
    expect(url.origin + url.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(url.searchParams.get('client_id')).toBe('dummy-client-id.apps.googleusercontent.com')
    expect(url.searchParams.get('redirect_uri')).toBe(`${server.url}/api/auth/callback/google`)
  })
})

describe('behind an https proxy', () => {
  const publicUrl = 'https://lavo.example'
  let server: TestServer
  beforeAll(async () => {
    // As deployed: TLS ends at one proxy in front, which forwards the scheme, host and client address.
    server = await startTestServer({ kind: 'pglite', env: { PUBLIC_URL: publicUrl, TRUST_PROXY: '1' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('The session cookie is Secure, HttpOnly and SameSite=Lax, and keeps the visitor signed in', async () => {
    const browser = new TestClient(server.url, { origin: publicUrl, 'x-forwarded-proto': 'https', 'x-forwarded-host': 'lavo.example', 'x-forwarded-for': '203.0.113.7' })
    const email = uniqueEmail('https')
    const response = await browser.request('/api/auth/sign-up/email', { body: { email, password: 'secret-pass-1' } })
    expect(response.status).toBe(200)
    const cookie = response.headers.getSetCookie().find((line) => line.split('=')[0]!.endsWith('session_token'))
    expect(cookie).toMatch(/;\s*Secure\b/i)
    expect(cookie).toMatch(/;\s*HttpOnly/i)
    expect(cookie).toMatch(/;\s*SameSite=Lax/i)
    expect((await browser.me()).body.user?.email).toBe(email)
  })
})
