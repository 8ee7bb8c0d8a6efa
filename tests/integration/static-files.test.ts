import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_CONTENT_SECURITY_POLICY, SCRIPT_CONTENT_SECURITY_POLICY } from '../../src/server/lib/security-headers'
import { imageSources } from '../../src/shared/catalogue/images'
import { ROOT } from '../support/paths'
import { startTestServer, type TestServer } from '../support/test-server'

// Caching of the built client (issue 17 §2, decision 0020-static-file-caching): a client directory laid out as the
// build lays it out, served by the real server over HTTP.
const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('static files', () => {
  let server: TestServer
  let clientDir: string
  const home = '<!DOCTYPE html><html lang="en"><head><title>Lavo</title></head><body><h1>Home</h1></body></html>'
  const heroAvif = new URL(imageSources('hero', 'after').avif.split(' ')[0]!, 'http://x')

  beforeAll(async () => {
    clientDir = mkdtempSync(path.join(tmpdir(), 'lavo-static-'))
    mkdirSync(path.join(clientDir, 'assets'))
    mkdirSync(path.join(clientDir, 'pricing'))
    mkdirSync(path.join(clientDir, 'my-designs'))
    writeFileSync(path.join(clientDir, 'my-designs', 'index.html'), '<!DOCTYPE html><h1>Your designs live here</h1>')
    writeFileSync(path.join(clientDir, '__spa-fallback.html'), '<!DOCTYPE html><p>Loading…</p>')
    writeFileSync(path.join(clientDir, 'index.html'), home)
    writeFileSync(path.join(clientDir, 'index.html.br'), brotliCompressSync(home))
    writeFileSync(path.join(clientDir, 'pricing', 'index.html'), '<!DOCTYPE html><title>Pricing</title>')
    writeFileSync(path.join(clientDir, 'assets', 'entry.client-AbCd1234.js'), 'console.log(1)')
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
    // The committed catalogue images, as Vite copies public/ into the build.
    cpSync(path.join(ROOT, 'public', 'images'), path.join(clientDir, 'images'), { recursive: true })
    server = await startTestServer({ kind: 'pglite', clientDir })
  })
  afterAll(async () => {
    await server?.close()
    rmSync(clientDir, { recursive: true, force: true })
  })

  it('serves content-hashed build assets as immutable, with a strong validator', async () => {
    const response = await fetch(`${server.url}/assets/entry.client-AbCd1234.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(response.headers.get('etag')).toMatch(/^"[0-9a-f]{12}"$/)
    expect(await response.text()).toBe('console.log(1)')
  })

  it('serves scripts with the policy a worker runs under: our scripts and WebAssembly, no eval, no requests', async () => {
    const script = await fetch(`${server.url}/assets/entry.client-AbCd1234.js`)
    expect(script.headers.get('content-security-policy')).toBe(SCRIPT_CONTENT_SECURITY_POLICY)
    expect(SCRIPT_CONTENT_SECURITY_POLICY).toMatch(/^default-src 'none'; script-src 'self' 'wasm-unsafe-eval';/)
    const image = await fetch(`${server.url}/favicon.svg`)
    expect(image.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY)
  })

  it('serves a catalogue image addressed by its content version as immutable', async () => {
    expect(heroAvif.searchParams.get('v')).toMatch(/^[0-9a-f]{12}$/)
    const response = await fetch(`${server.url}${heroAvif.pathname}${heroAvif.search}`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/avif')
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE)
    expect(response.headers.get('etag')).toBe(`"${heroAvif.searchParams.get('v')}"`)
  })

  it('revalidates an image asked for without its version, or with a stale one, and answers 304 when unchanged', async () => {
    for (const search of ['', '?v=000000000000']) {
      const response = await fetch(`${server.url}${heroAvif.pathname}${search}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe('no-cache')
      const etag = response.headers.get('etag')!
      expect(etag).toBe(`"${heroAvif.searchParams.get('v')}"`)
      const again = await fetch(`${server.url}${heroAvif.pathname}${search}`, { headers: { 'if-none-match': etag } })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect((await again.arrayBuffer()).byteLength).toBe(0)
    }
    const favicon = await fetch(`${server.url}/favicon.svg`)
    expect(favicon.headers.get('cache-control')).toBe('no-cache')
    expect(favicon.headers.get('etag')).toMatch(/^"[0-9a-f]{12}"$/)
  })

  it('keeps HTML revalidated: no-cache with an ETag per encoding, 304 when it has not changed, 200 when it has', async () => {
    const plain = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers.get('cache-control')).toBe('no-cache')
    expect(await plain.text()).toBe(home)
    const compressed = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'br' } })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(compressed.headers.get('etag')).not.toBe(plain.headers.get('etag'))

    const etag = plain.headers.get('etag')!
    const unchanged = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity', 'if-none-match': `W/${etag}, "other"` } })
    expect(unchanged.status).toBe(304)
    expect(unchanged.headers.get('cache-control')).toBe('no-cache')

    const pricing = await fetch(`${server.url}/pricing`)
    const pricingTag = pricing.headers.get('etag')!
    writeFileSync(path.join(clientDir, 'pricing', 'index.html'), '<!DOCTYPE html><title>Pricing, new prices</title>')
    const changed = await fetch(`${server.url}/pricing`, { headers: { 'if-none-match': pricingTag } })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(pricingTag)
    expect(await changed.text()).toContain('new prices')
  })

  it('sends My Designs prerendered to signed-out visitors and the client-rendered shell to members', async () => {
    const signedOut = await fetch(`${server.url}/my-designs`)
    expect(await signedOut.text()).toContain('Your designs live here')
    expect(signedOut.headers.get('vary')).toBe('Accept-Encoding, Cookie')
    const member = await fetch(`${server.url}/my-designs`, { headers: { cookie: 'theme=x; better-auth.session_token=abc.def' } })
    expect(member.status).toBe(200)
    expect(await member.text()).toContain('Loading…')
    expect(member.headers.get('etag')).not.toBe(signedOut.headers.get('etag'))
  })

  it('never answers an unknown page with 304, so a missing page is not mistaken for a cached one', async () => {
    const response = await fetch(`${server.url}/no-such-page`, { headers: { 'if-none-match': '*' } })
    expect(response.status).toBe(404)
  })

  // Decision 0051: a prerendered page knows before its first paint whether a session came with it (the session cookie
  // is HttpOnly), so a member's page starts its app at once.
  it('marks pages sent with a session cookie for the page’s own script, and clears the mark once the session is gone', async () => {
    const memberMark = (response: Response) => response.headers.getSetCookie().find((cookie) => cookie.startsWith('lavo-member='))
    const member = await fetch(`${server.url}/pricing`, { headers: { cookie: 'better-auth.session_token=abc.def' } })
    expect(memberMark(member)).toMatch(/^lavo-member=1; Path=\/; SameSite=Lax$/)
    expect(member.headers.getSetCookie().join(';')).toContain('lavo-demo=')
    const shell = await fetch(`${server.url}/my-designs`, { headers: { cookie: '__Secure-better-auth.session_token=abc.def' } })
    expect(memberMark(shell)).toMatch(/^lavo-member=1;/)

    const visitor = await fetch(`${server.url}/pricing`)
    expect(memberMark(visitor)).toBeUndefined()
    const signedOut = await fetch(`${server.url}/pricing`, { headers: { cookie: 'lavo-member=1' } })
    expect(memberMark(signedOut)).toMatch(/^lavo-member=; Path=\/; Max-Age=0;/)
  })
})
