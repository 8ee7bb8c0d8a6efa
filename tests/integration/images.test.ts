import { readFileSync } from 'node:fs'
import { once } from 'node:events'
import { Agent, createServer, request as httpRequest, type Server } from 'node:http'
import type { Socket } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkImageFile } from '../../src/shared/upload-rules'
import { fetchRemoteImage, type Resolver } from '../../src/server/images/fetch-remote-image'
import { TestClient, uniqueEmail } from '../support/http-client'
import { pixelBombPng } from '../support/crafted-files'
import { startInternalPhotoServer, type InternalPhotoServer, listen } from '../support/internal-photo-server'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

function upload(client: TestClient, bytes: Buffer, name = 'photo.jpg', type = 'image/jpeg') {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name)
  return fetch(`${client.baseUrl}/api/images`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader, origin: client.baseUrl } })
}

async function errorOf(response: Response): Promise<string> {
  return ((await response.json()) as { error: { message: string } }).error.message
}

describe.each(DATABASE_KINDS)('the image pipeline on %s', (kind) => {
  let server: TestServer
  let owner: TestClient
  beforeAll(async () => {
    server = await startTestServer({ kind })
    owner = new TestClient(server.url)
    await owner.signUp(uniqueEmail('images'))
  })
  afterAll(async () => {
    await server?.close()
  })

  it('strips GPS and every other metadata, and applies the EXIF orientation', async () => {
    const source = readFileSync(fixturePhoto('cc0-interior-2-gps.jpg'))
    const response = await upload(owner, source)
    expect(response.status).toBe(201)
    const body = (await response.json()) as { id: string; width: number; height: number; url: string }
    expect([body.width, body.height]).toEqual([900, 1600])
    const stored = await owner.request(body.url)
    expect(stored.headers.get('content-type')).toBe('image/jpeg')
    expect(stored.headers.get('x-content-type-options')).toBe('nosniff')
    const bytes = Buffer.from(await stored.arrayBuffer())
    const metadata = await sharp(bytes).metadata()
    expect(metadata.exif).toBeUndefined()
    expect(metadata.orientation).toBeUndefined()
    expect([metadata.width, metadata.height]).toEqual([900, 1600])
    expect(bytes.includes(Buffer.from('TestCam'))).toBe(false)
  })

  it('decodes an iPhone-style HEIC photo', async () => {
    const response = await upload(owner, readFileSync(fixturePhoto('cc0-interior-1.heic')), 'photo.heic', 'image/heic')
    expect(response.status).toBe(201)
    expect(await response.json()).toMatchObject({ width: 1600, height: 960 })
  })

  it('normalises a large photo to at most 4 megapixels and 2560 px a side', async () => {
    const big = await sharp(readFileSync(fixturePhoto('cc0-interior-1.jpg'))).resize(4000, 3000, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()
    const response = await upload(owner, big)
    const body = (await response.json()) as { width: number; height: number }
    expect(body.width * body.height).toBeLessThanOrEqual(4_000_000)
    expect(Math.max(body.width, body.height)).toBeLessThanOrEqual(2560)
  })

  it.each([
    ['a truncated JPEG', () => readFileSync(fixturePhoto('cc0-interior-1.jpg')).subarray(0, 40_000), 'Image data is corrupted. Please upload the image again.'],
    ['a zero-byte file', () => Buffer.alloc(0), 'The file is empty. Please choose a photo.'],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>'), 'This file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or HEIC photo.'],
    ['an HTML/JPEG polyglot', () => Buffer.concat([readFileSync(fixturePhoto('cc0-interior-1.jpg')).subarray(0, 20), Buffer.from('<html><script>alert(document.cookie)</script></html>'), readFileSync(fixturePhoto('cc0-interior-1.jpg')).subarray(20)]), 'This file contains web page code as well as an image and cannot be used. Please export the photo again.'],
  ])('refuses %s with a clear message', async (_name, make, message) => {
    const response = await upload(owner, make())
    expect(response.status).toBeGreaterThanOrEqual(400)
    expect(response.status).toBeLessThan(500)
    expect(await errorOf(response)).toBe(message)
  })

  it('refuses an 11 MB file with the spec message', async () => {
    const response = await upload(owner, Buffer.concat([readFileSync(fixturePhoto('cc0-interior-1.jpg')), Buffer.alloc(11 * 1024 * 1024 - 164_783)]))
    expect(response.status).toBe(413)
    expect(await errorOf(response)).toBe('File is too large (11.0 MB). Maximum size is 10MB.')
  })

  it('refuses a 13 MB file before reading it, with the size the upload form would show', async () => {
    const size = 13 * 1024 * 1024
    const response = await upload(owner, Buffer.alloc(size))
    expect(response.status).toBe(413)
    const message = await errorOf(response)
    expect(message).toBe('File is too large (13.0 MB). Maximum size is 10MB.')
    expect(checkImageFile({ name: 'photo.jpg', type: 'image/jpeg', size })).toEqual({ ok: false, message })
  })

  it('refuses a 20000×20000 pixel bomb quickly without decoding it', async () => {
    const before = process.memoryUsage().rss
    const started = performance.now()
    const response = await upload(owner, pixelBombPng(20_000, 20_000), 'bomb.png', 'image/png')
    const elapsed = performance.now() - started
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe('This image is too large (20000×20000 pixels). Please use a photo under 50 megapixels.')
    expect(elapsed).toBeLessThan(2000)
    expect(process.memoryUsage().rss - before).toBeLessThan(100 * 1024 * 1024)
  })

  it('serves an image only to its owner', async () => {
    const response = await upload(owner, readFileSync(fixturePhoto('cc0-interior-3.jpg')))
    const { url } = (await response.json()) as { url: string }
    const stranger = new TestClient(server.url)
    await stranger.signUp(uniqueEmail('stranger'))
    expect((await stranger.request(url)).status).toBe(404)
    expect((await new TestClient(server.url).request(url)).status).toBe(401)
    expect((await owner.request(url)).status).toBe(200)
  })

  it('needs a signed-in user to upload', async () => {
    const response = await upload(new TestClient(server.url), readFileSync(fixturePhoto('cc0-interior-3.jpg')))
    expect(response.status).toBe(401)
    expect(await errorOf(response)).toBe('User not authenticated')
  })

  it('an upload refused before its body is read leaves the connection fit for the next request', async () => {
    // One keep-alive connection. The refusal (no session) comes before the 3 MB upload is read; the client sends it
    // whole all the same, as browsers do, then sends its next request on the same connection, which takes a second.
    // The server once stopped reading such a body part-way and cut the connection half a second later, under that request.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    const boundary = 'lavo-connection-test'
    const multipart = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      Buffer.alloc(3 * 1024 * 1024, 0x61),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const post = (target: string, headers: Record<string, string | number>, first: Buffer | string, rest: string, restAfterMs: number) =>
      new Promise<{ status: number; socket: Socket; connection: string | undefined }>((resolve, reject) => {
        const request = httpRequest(`${server.url}${target}`, { method: 'POST', agent, headers: { origin: server.url, ...headers } }, (response) => {
          response.resume()
          response.on('end', () => resolve({ status: response.statusCode ?? 0, socket: request.socket!, connection: response.headers.connection }))
        })
        request.on('error', reject)
        request.write(first)
        setTimeout(() => request.end(rest), restAfterMs)
      })
    try {
      const refused = await post('/api/images', { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': multipart.length }, multipart, '', 0)
      expect(refused.status).toBe(401)
      expect(refused.connection).not.toBe('close')
      const message = JSON.stringify({ name: 'Slow', email: 'slow@example.com', message: 'sent in two halves' })
      const next = await post('/api/contact', { 'content-type': 'application/json', 'content-length': Buffer.byteLength(message) }, message.slice(0, 10), message.slice(10), 900)
      expect(next.status).toBe(201)
      expect(next.socket).toBe(refused.socket)
    } finally {
      agent.destroy()
    }
  })

  it('an upload declared over the limit is refused without being read, and the connection is closed', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const answer = await new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
        const headers = { origin: server.url, 'content-type': 'multipart/form-data; boundary=x', 'content-length': 300 * 1024 * 1024 }
        const request = httpRequest(`${server.url}/api/images`, { method: 'POST', agent, headers }, (response) => {
          response.resume()
          resolve({ status: response.statusCode ?? 0, connection: response.headers.connection })
        })
        request.on('error', reject)
        request.write(Buffer.alloc(64 * 1024, 0x61))
      })
      expect(answer).toEqual({ status: 413, connection: 'close' })
    } finally {
      agent.destroy()
    }
  })
})

describe('importing a dropped web image', () => {
  // spec §8 drop messages.
  const CANNOT_ACCESS = 'Could not access image from this source. Try downloading the image first, then drag and drop the file.'
  const NOT_AN_IMAGE = 'The dropped content is not an image. Please drag an image file or URL.'
  // Every way of writing "this machine" that a visitor might try; each reaches the internal photo server.
  const LOOPBACK_HOSTS = ['127.0.0.1', 'localhost', '[::1]', '0x7f000001', '2130706433', '[::ffff:127.0.0.1]', 'sneaky.example']
  const ENDLESS_BYTES = 64 * 1024 * 1024
  const jpeg = readFileSync(fixturePhoto('cc0-interior-3.jpg'))
  // Stands in for DNS: localhost as a real resolver answers it, and a public-looking name that points home.
  const resolver: Resolver = async (hostname) => {
    if (hostname === 'localhost')
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '::1', family: 6 },
      ]
    return hostname === 'sneaky.example' ? [{ address: '127.0.0.1', family: 4 }] : []
  }

  let imageHost: Server
  let hostPort = 0
  let internal: InternalPhotoServer
  let endlessBytesSent: Promise<number>
  let server: TestServer

  beforeAll(async () => {
    internal = await startInternalPhotoServer(jpeg)
    imageHost = createServer((request, response) => {
      // /hops/N reaches the photo after N redirects.
      const hops = /^\/hops\/(\d+)$/.exec(request.url ?? '')
      if (hops) return void response.writeHead(302, { location: Number(hops[1]) > 1 ? `/hops/${Number(hops[1]) - 1}` : '/photo.jpg' }).end()
      if (request.url === '/photo.jpg') return void response.writeHead(200, { 'content-type': 'image/jpeg' }).end(jpeg)
      if (request.url === '/page.html') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<html>hi</html>')
      if (request.url === '/to-private') return void response.writeHead(302, { location: 'http://10.0.0.1/secret.jpg' }).end()
      if (request.url === '/to-loopback') return void response.writeHead(302, { location: `http://127.0.0.1:${internal.port}/via-redirect.jpg` }).end()
      if (request.url === '/to-self') return void response.writeHead(302, { location: '/photo.jpg' }).end()
      if (request.url === '/huge') {
        response.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': String(2 * 1024 * 1024 * 1024) })
        return void response.write(jpeg.subarray(0, 1000))
      }
      if (request.url === '/endless') {
        // No Content-Length: only counting the bytes as they arrive can stop this one.
        response.writeHead(200, { 'content-type': 'image/jpeg' })
        let sent = 0
        endlessBytesSent = once(response, 'close').then(() => sent)
        const chunk = Buffer.alloc(64 * 1024)
        const pump = () => {
          while (sent < ENDLESS_BYTES && !response.destroyed) {
            sent += chunk.length
            if (!response.write(chunk)) return void response.once('drain', pump)
          }
          response.end()
        }
        return pump()
      }
      if (request.url === '/slow') {
        response.writeHead(200, { 'content-type': 'image/jpeg' })
        const timer = setInterval(() => response.write(Buffer.alloc(10)), 200)
        return void response.on('close', () => clearInterval(timer))
      }
      response.writeHead(404).end()
    })
    hostPort = await listen(imageHost, 0, '127.0.0.1')
    server = await startTestServer({
      kind: 'pglite',
      // Each test is its own visitor (by X-Forwarded-For) so the import rate limit counts one test at a time.
      env: { TRUST_PROXY: '1' },
      overrides: {
        // The tests' own image host is allow-listed explicitly; everything else follows production rules.
        remoteFetch: { allowHosts: new Set([`127.0.0.1:${hostPort}`]), resolver, timeoutMs: 1500 },
      },
    })
  })
  afterAll(async () => {
    await server?.close()
    imageHost?.closeAllConnections()
    imageHost?.close()
    internal?.close()
  })

  let visitors = 0
  const newVisitor = () => new TestClient(server.url, { 'x-forwarded-for': `203.0.113.${(visitors += 1)}` })
  const importUrl = (url: string, visitor = newVisitor()) => visitor.request('/api/images/import', { body: { url } })

  it('returns a normalised JPEG for an image URL', async () => {
    const response = await importUrl(`http://127.0.0.1:${hostPort}/photo.jpg`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/jpeg')
    const metadata = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
    expect(metadata.format).toBe('jpeg')
  })

  it('follows a redirect within the allowed host', async () => {
    expect((await importUrl(`http://127.0.0.1:${hostPort}/to-self`)).status).toBe(200)
  })

  it('follows up to 3 redirects and refuses a 4th', async () => {
    expect((await importUrl(`http://127.0.0.1:${hostPort}/hops/3`)).status).toBe(200)
    const response = await importUrl(`http://127.0.0.1:${hostPort}/hops/4`)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe(CANNOT_ACCESS)
  })

  it('would fetch the photo from every one of those addresses if the address rules let it', async () => {
    // The refusals below prove something only because each target really serves a photo.
    const allowHosts = new Set(['127.0.0.1', 'localhost', '::1', '::ffff:7f00:1', 'sneaky.example'].map((host) => `${host}:${internal.port}`))
    for (const host of LOOPBACK_HOSTS) {
      const bytes = await fetchRemoteImage(`http://${host}:${internal.port}/reachable.jpg`, { resolver, allowHosts, timeoutMs: 1500 })
      expect(bytes.equals(jpeg), host).toBe(true)
    }
  })

  it.each(LOOPBACK_HOSTS)('refuses a photo on this machine at %s without contacting it', async (host) => {
    const path = `/secret-${host.replace(/\W/g, '-')}.jpg`
    const response = await importUrl(`http://${host}:${internal.port}${path}`)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe(CANNOT_ACCESS)
    expect(internal.requested).not.toContain(path)
  })

  it.each(['http://10.0.0.1/x.jpg', 'http://169.254.169.254/latest/meta-data/'])('refuses the private address %s', async (url) => {
    const response = await importUrl(url)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe(CANNOT_ACCESS)
  })

  it.each(['ftp://example.com/x.jpg', 'file:///etc/passwd'])('refuses %s, which is not a web address', async (url) => {
    const response = await importUrl(url)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe(NOT_AN_IMAGE)
  })

  it('refuses a redirect from an allowed host to a private address without following it', async () => {
    expect(await errorOf(await importUrl(`http://127.0.0.1:${hostPort}/to-private`))).toBe(CANNOT_ACCESS)
    const response = await importUrl(`http://127.0.0.1:${hostPort}/to-loopback`)
    expect(response.status).toBe(400)
    expect(await errorOf(response)).toBe(CANNOT_ACCESS)
    expect(internal.requested).not.toContain('/via-redirect.jpg')
  })

  it('refuses content that is not an image', async () => {
    const response = await importUrl(`http://127.0.0.1:${hostPort}/page.html`)
    expect(response.status).toBe(415)
    expect(await errorOf(response)).toBe(NOT_AN_IMAGE)
  })

  it('refuses a 2 GB Content-Length before reading it', async () => {
    const response = await importUrl(`http://127.0.0.1:${hostPort}/huge`)
    expect(response.status).toBe(413)
    expect(await errorOf(response)).toBe('Image is too large (2048.0 MB). Maximum size is 10MB.')
  })

  it('stops reading a body that streams past 10 MB without a Content-Length', async () => {
    const response = await importUrl(`http://127.0.0.1:${hostPort}/endless`)
    expect(response.status).toBe(413)
    expect(await errorOf(response)).toMatch(/^Image is too large \(10\.\d MB\)\. Maximum size is 10MB\.$/)
    expect(await endlessBytesSent).toBeLessThan(ENDLESS_BYTES)
  })

  it('gives up on a slow-drip body at the time limit', async () => {
    const started = performance.now()
    const response = await importUrl(`http://127.0.0.1:${hostPort}/slow`)
    expect(performance.now() - started).toBeLessThan(5000)
    expect(await errorOf(response)).toBe('Failed to load image from web source. Try downloading the image first.')
  })

  it('limits how many imports one client makes in a minute', async () => {
    const visitor = newVisitor()
    const statuses: number[] = []
    for (let index = 0; index < 22; index += 1) statuses.push((await importUrl('http://10.0.0.1/x.jpg', visitor)).status)
    expect(statuses).toContain(429)
  })
})
