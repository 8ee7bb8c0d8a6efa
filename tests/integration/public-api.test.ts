import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contactMessages, creditPackages } from '../../src/server/db/schema'
import { createLogger } from '../../src/server/lib/logger'
import type { EmailMessage, EmailProvider } from '../../src/server/providers/email/email-provider'
import { retryPendingContactMessages } from '../../src/server/services/contact'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

/** An email provider that fails until told otherwise, as an SMTP server that is down would. */
function flakyEmail() {
  const sent: EmailMessage[] = []
  let up = false
  const provider: EmailProvider = {
    name: 'smtp',
    async send(message) {
      if (!up) throw new Error('connect ECONNREFUSED 127.0.0.1:25')
      sent.push(message)
    },
  }
  return { provider, sent, bringUp: () => (up = true) }
}

const postJson = (url: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })

describe.each(DATABASE_KINDS)('public API on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('reports the database as up', async () => {
    const response = await fetch(`${server.url}/api/health`)
    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({ ok: true, database: 'up' })
  })

  it('lists the three seeded packages cheapest first and hides every kind of test package', async () => {
    await server.database.db.insert(creditPackages).values([
      { id: 't-name', name: 'Test Package', description: 'x', credits: 5, priceCents: 100 },
      { id: 't-fifty', name: 'Half', description: 'x', credits: 50, priceCents: 50 },
      { id: 't-desc', name: 'QA', description: 'This is a test package for QA', credits: 5, priceCents: 200 },
      { id: 't-live', name: 'Live', description: 'Only for Live Mode Testing', credits: 5, priceCents: 300 },
      { id: 't-inactive', name: 'Old', description: 'retired', credits: 5, priceCents: 400, active: false },
    ])
    const response = await fetch(`${server.url}/api/credit-packages`)
    expect(response.status).toBe(200)
    const body = (await response.json()) as { packages: Array<{ name: string; credits: number; price_cents: number; popular: boolean }> }
    expect(body.packages.map((pkg) => [pkg.name, pkg.credits, pkg.price_cents, pkg.popular])).toEqual([
      ['Starter', 20, 900, false],
      ['Most Popular', 50, 1900, true],
      ['Best Value', 100, 4900, false],
    ])
  })

  it('refuses a contact message with missing fields, with the field messages', async () => {
    const response = await postJson(`${server.url}/api/contact`, { name: ' ', email: 'not-an-email' })
    expect(response.status).toBe(400)
    const body = (await response.json()) as { error: { fields: Record<string, string> } }
    expect(body.error.fields).toEqual({ name: 'Please enter your name', email: 'Please enter a valid email address', message: 'Please enter a message' })
  })

  it('refuses a contact body over 10 kB with 413', async () => {
    const response = await postJson(`${server.url}/api/contact`, { name: 'A', email: 'a@example.com', message: 'x'.repeat(11 * 1024) })
    expect(response.status).toBe(413)
  })

  it('refuses a JSON body that is not JSON', async () => {
    const response = await postJson(`${server.url}/api/contact`, '{"name":')
    expect(response.status).toBe(400)
  })

  it('stores a contact message and delivers it as plain text with no forged headers', async () => {
    const before = server.outbox().length
    const response = await postJson(`${server.url}/api/contact`, { name: 'Ann\r\nBcc: victim@example.com', email: 'ann@example.com', message: '<script>alert(1)</script> Hello' })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    const [row] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(row?.status).toBe('sent')
    const mails = server.outbox()
    expect(mails.length).toBe(before + 1)
    const mail = mails.at(-1)!
    expect(mail).toMatch(/^Content-Type: text\/plain/m)
    expect(mail).not.toMatch(/^Bcc:/im)
    expect(mail).toContain('<script>alert(1)</script> Hello')
    expect(mail).toMatch(/^Reply-To: ann@example.com$/m)
  })

  it('refuses a cross-origin POST', async () => {
    const response = await postJson(`${server.url}/api/contact`, { name: 'A', email: 'a@example.com', message: 'hi' }, { origin: 'https://evil.example' })
    expect(response.status).toBe(403)
  })

  it('serves prerendered pages as HTML, compressed when the browser accepts it, and unknown pages as 404', async () => {
    const plain = await fetch(`${server.url}/styles`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.status).toBe(200)
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toContain('Zen Japandi')
    const compressed = await fetch(`${server.url}/styles`, { headers: { 'accept-encoding': 'br, gzip' } })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(await compressed.text()).toContain('Zen Japandi')
    expect((await fetch(`${server.url}/no-such-page`)).status).toBe(404)
    expect((await fetch(`${server.url}/my-designs`)).status).toBe(200)
  })

  it('sends the security headers and a request id on API answers, errors and pages', async () => {
    for (const target of ['/api/credit-packages', '/api/designs', '/pricing', '/api/nope']) {
      const response = await fetch(`${server.url}${target}`, { headers: { 'x-request-id': 'trace-me-1' } })
      expect(response.headers.get('x-request-id'), target).toBe('trace-me-1')
      expect(response.headers.get('x-content-type-options'), target).toBe('nosniff')
      expect(response.headers.get('x-frame-options'), target).toBe('DENY')
      expect(response.headers.get('referrer-policy'), target).toBe('strict-origin-when-cross-origin')
      expect(response.headers.get('permissions-policy'), target).toBe('camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()')
    }
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await fetch(`${server.url}/api/nothing-here`)
    expect(response.status).toBe(404)
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('not_found')
  })
})

describe.each(DATABASE_KINDS)('contact messages survive an email outage on %s', (kind) => {
  const email = flakyEmail()
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind, overrides: { email: email.provider } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('keeps the message when sending fails and sends it exactly once when email is back', async () => {
    const response = await postJson(`${server.url}/api/contact`, { name: 'Bo', email: 'bo@example.com', message: 'Is the tile real?' })
    expect(response.status).toBe(201)
    const { id } = (await response.json()) as { id: string }
    let [row] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(row?.status).toBe('failed')
    expect(row?.attempts).toBe(1)

    const deps = { db: server.database.db, email: email.provider, logger: createLogger('silent'), contactTo: 'support@lavo.local' }
    expect(await retryPendingContactMessages(deps)).toBe(0)
    email.bringUp()
    const [first, second] = await Promise.all([retryPendingContactMessages(deps), retryPendingContactMessages(deps)])
    expect(first + second).toBe(1)
    expect(email.sent.filter((message) => message.text.includes('Is the tile real?'))).toHaveLength(1)
    ;[row] = await server.database.db.select().from(contactMessages).where(eq(contactMessages.id, id))
    expect(row?.status).toBe('sent')
  })
})
