import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetTokenFrom } from '../support/email'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { pixelBombPng } from '../support/crafted-files'
import { startInternalPhotoServer, type InternalPhotoServer } from '../support/internal-photo-server'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'
import { expectBooksBalanced } from './books'

function upload(client: TestClient, bytes: Buffer, type = 'image/jpeg') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), 'upload')
  return fetch(`${client.baseUrl}/api/images`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader, origin: client.baseUrl } })
}


describe.each(DATABASE_KINDS)('accounts, access and input under attack on %s', (kind) => {
  let server: TestServer
  let drip: Server
  let dripPort = 0
  let internal: InternalPhotoServer
  beforeAll(async () => {
    // A photo on our own machine: without the address rules, every SSRF target below would import it.
    internal = await startInternalPhotoServer(readFileSync(fixturePhoto('cc0-interior-3.jpg')))
    drip = createServer((request, response) => {
      if (request.url === '/slow') {
        response.writeHead(200, { 'content-type': 'image/jpeg' })
        const timer = setInterval(() => response.write(Buffer.alloc(1)), 100)
        return void response.on('close', () => clearInterval(timer))
      }
      if (request.url === '/huge') return void response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(2 * 1024 ** 3) }).write(Buffer.alloc(10))
      if (request.url === '/bounce') return void response.writeHead(302, { location: `http://127.0.0.1:${internal.port}/bounced.jpg` }).end()
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => drip.listen(0, '127.0.0.1', () => resolve()))
    dripPort = (drip.address() as AddressInfo).port
    server = await startTestServer({
      kind,
      env: { RATE_LIMIT: 'on' },
      overrides: {
        remoteFetch: {
          allowHosts: new Set([`127.0.0.1:${dripPort}`]),
          timeoutMs: 1500,
          // localhost as a real resolver answers it, and a public-looking name that points home.
          resolver: async (host) =>
            host === 'localhost'
              ? [
                  { address: '127.0.0.1', family: 4 },
                  { address: '::1', family: 6 },
                ]
              : host === 'rebind.example'
                ? [{ address: '127.0.0.1', family: 4 }]
                : [],
        },
      },
    })
  })
  afterAll(async () => {
    if (server) await expectBooksBalanced(server.database)
    await server?.close()
    drip?.closeAllConnections()
    drip?.close()
    internal?.close()
  })

  it('a reset token used twice in parallel works once', async () => {
    const email = uniqueEmail('reset')
    await new TestClient(server.url, { 'x-forwarded-for': '198.51.100.1' }).signUp(email, 'first-pass')
    await new TestClient(server.url).json('/api/auth/request-password-reset', { body: { email } })
    const token = resetTokenFrom(await server.waitForMail((mail) => mail.includes(email)))
    const results = await Promise.all(['Parallel-One-1', 'Parallel-Two-2'].map((newPassword) => new TestClient(server.url).json('/api/auth/reset-password', { body: { token, newPassword } })))
    expect(results.map((result) => result.status).sort()).toEqual([200, 400])
  })

  it('a reset for an unknown email answers exactly like one for a known email', async () => {
    const email = uniqueEmail('known')
    await new TestClient(server.url).signUp(email)
    const known = await new TestClient(server.url).json('/api/auth/request-password-reset', { body: { email } })
    const unknown = await new TestClient(server.url).json('/api/auth/request-password-reset', { body: { email: uniqueEmail('ghost') } })
    expect(unknown).toEqual(known)
  })

  it('the 4th sign-in within 10 s gets 429 even with forged X-Forwarded-For headers', async () => {
    const email = uniqueEmail('brute')
    const statuses = []
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await new TestClient(server.url, { 'x-forwarded-for': `203.0.113.${attempt}, 10.0.0.${attempt}` }).signIn(email, 'guess')).status)
    expect(statuses.slice(0, 3).every((status) => status === 401)).toBe(true)
    expect(statuses[3]).toBe(429)
  })

  it('a cross-origin POST carrying the session cookie is refused with 403', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail('csrf'))
    for (const path of ['/api/checkout', '/api/promo-codes/redeem', '/api/generations', '/api/auth/sign-out']) {
      expect((await client.request(path, { body: {}, headers: { origin: 'https://attacker.example' } })).status).toBe(403)
    }
    expect((await client.request('/api/checkout', { body: { packageId: 'starter' }, headers: { origin: 'null' } })).status).toBe(403)
  })

  it('session cookies are HttpOnly and SameSite=Lax', async () => {
    const response = await new TestClient(server.url).request('/api/auth/sign-up/email', { body: { email: uniqueEmail('cookie'), password: 'cookie-pass' } })
    const cookies = response.headers.getSetCookie().filter((cookie) => cookie.includes('session'))
    expect(cookies.length).toBeGreaterThan(0)
    for (const cookie of cookies) {
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
    }
  })

  it('user B gets 404 for A’s design, image, product list and delete', async () => {
    const a = new TestClient(server.url)
    await a.signUp(uniqueEmail('owner'))
    const imageId = await uploadPhoto(a, readFileSync(fixturePhoto('cc0-interior-1.jpg')))
    const accepted = await a.json<{ id: string }>('/api/generations', { body: { imageId, style: 'minimalist' } })
    const done = await waitForGeneration(a, accepted.body.id)
    const designId = done.result!.designId as string
    const b = new TestClient(server.url)
    await b.signUp(uniqueEmail('intruder'))
    expect((await b.request(`/api/designs/${designId}`)).status).toBe(404)
    expect((await b.request(done.result!.image as string)).status).toBe(404)
    expect((await b.request(`/api/images/${imageId}`)).status).toBe(404)
    expect((await b.request(`/api/designs/${designId}/products`)).status).toBe(404)
    expect((await b.request(`/api/designs/${designId}/products`, { body: { acceptCharge: true } })).status).toBe(404)
    expect((await b.request(`/api/designs/${designId}`, { method: 'DELETE' })).status).toBe(404)
    expect((await b.request(`/api/generations/${accepted.body.id}`)).status).toBe(404)
    expect(((await b.json<{ designs: unknown[] }>('/api/designs')).body.designs)).toEqual([])
    expect((await a.request(`/api/designs/${designId}`)).status).toBe(200)
  })

  it('uploads: a polyglot, a pixel bomb and an SVG are refused; EXIF GPS is stripped', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail('uploader'))
    const jpeg = readFileSync(fixturePhoto('cc0-interior-1.jpg'))
    const polyglot = Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xfe, 0x00, 0x40]), Buffer.from('<html><body><script>fetch("/api/me")</script>'), Buffer.alloc(16), jpeg.subarray(2)])
    expect((await upload(client, polyglot)).status).toBe(415)
    const bomb = await upload(client, pixelBombPng(30_000, 30_000), 'image/png')
    expect(bomb.status).toBe(400)
    expect((await upload(client, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'image/svg+xml')).status).toBe(415)
    const gps = await upload(client, readFileSync(fixturePhoto('cc0-interior-2-gps.jpg')))
    const { url } = (await gps.json()) as { url: string }
    const metadata = await sharp(Buffer.from(await (await client.request(url)).arrayBuffer())).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
  })

  it('URL import refuses every private target, a slow-drip body and a 2 GB Content-Length', async () => {
    const client = new TestClient(server.url, { 'x-forwarded-for': '192.0.2.77' })
    const onThisMachine = ['127.0.0.1', 'localhost', '[::1]', '0x7f000001', '2130706433', '[::ffff:127.0.0.1]', 'rebind.example'].map((host) => `http://${host}:${internal.port}/x.jpg`)
    const targets = [...onThisMachine, 'http://10.0.0.1/', 'http://169.254.169.254/latest/meta-data/', `http://127.0.0.1:${dripPort}/bounce`]
    for (const url of targets) {
      const response = await client.request('/api/images/import', { body: { url } })
      expect(response.status, url).toBe(400)
      expect(((await response.json()) as { error: { message: string } }).error.message, url).toBe('Could not access image from this source. Try downloading the image first, then drag and drop the file.')
    }
    expect(internal.requested).toEqual([])
    const slow = await client.request('/api/images/import', { body: { url: `http://127.0.0.1:${dripPort}/slow` } })
    expect(slow.status).toBe(502)
    const huge = await client.request('/api/images/import', { body: { url: `http://127.0.0.1:${dripPort}/huge` } })
    expect(huge.status).toBe(413)
  })

  it('the contact form keeps CRLF out of headers and sends HTML as text', async () => {
    const response = await new TestClient(server.url).request('/api/contact', { body: { name: 'Eve\r\nBcc: all@example.com\r\nSubject: hi', email: 'eve@example.com', message: '<img src=x onerror=alert(1)>' } })
    expect(response.status).toBe(201)
    const mail = server.outbox().findLast((entry) => entry.includes('eve@example.com'))!
    expect(mail).not.toMatch(/^Bcc:/im)
    expect(mail.match(/^Subject:/gim)).toHaveLength(1)
    expect(mail).toMatch(/^Content-Type: text\/plain/m)
    expect(mail).not.toMatch(/text\/html/i)
  })

  it('a 10 MB JSON body is refused with 413', async () => {
    const response = await new TestClient(server.url).request('/api/contact', { body: JSON.stringify({ name: 'x', email: 'x@example.com', message: 'y'.repeat(10 * 1024 * 1024) }) })
    expect(response.status).toBe(413)
  })
})
