import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { designShares, userDesigns } from '../../src/server/db/schema'
import type { ShareLink, SharedDesignView } from '../../src/shared/schemas/shares'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

const photo = readFileSync(fixturePhoto('cc0-interior-1.jpg'))
const randomToken = () => randomBytes(32).toString('base64url')

type Owner = { client: TestClient; email: string; userId: string; designs: Array<{ id: string; originalImageUrl: string; transformedImageUrl: string }> }

async function ownerWithDesigns(server: TestServer, styles: string[]): Promise<Owner> {
  const client = new TestClient(server.url)
  const email = uniqueEmail('sharer')
  await client.signUp(email)
  const userId = (await client.me()).body.user!.id
  const designs: Owner['designs'] = []
  for (const style of styles) {
    const imageId = await uploadPhoto(client, photo)
    const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style, palette: 'spa-blues', roomType: 'bathroom' } })
    const done = await waitForGeneration(client, accepted.body.id)
    const [row] = await server.database.db.select().from(userDesigns).where(eq(userDesigns.id, done.result!.designId as string))
    designs.push({ id: row!.id, originalImageUrl: row!.originalImageUrl, transformedImageUrl: row!.transformedImageUrl })
  }
  return { client, email, userId, designs }
}

const tokenOf = (link: ShareLink) => new URL(link.url).pathname.split('/').pop()!

describe.each(DATABASE_KINDS)('share links on %s', (kind) => {
  let server: TestServer
  let owner: Owner
  beforeAll(async () => {
    server = await startTestServer({ kind })
    owner = await ownerWithDesigns(server, ['coastal', 'industrial'])
  }, 180_000)
  afterAll(async () => {
    await server?.close()
  })

  it('An owner makes a link that anyone can open without an account, showing only that design', async () => {
    const design = owner.designs[0]!
    const made = await owner.client.json<ShareLink>(`/api/designs/${design.id}/share`, { method: 'POST', body: {} })
    expect(made.status).toBe(201)
    expect(made.body.url).toMatch(new RegExp(`^${server.url}/s/[A-Za-z0-9_-]{43}$`))
    // Asking again gives the same link; the owner can read it back.
    expect((await owner.client.json<ShareLink>(`/api/designs/${design.id}/share`, { method: 'POST', body: {} })).body.url).toBe(made.body.url)
    expect((await owner.client.json<ShareLink>(`/api/designs/${design.id}/share`)).body.url).toBe(made.body.url)
    const token = tokenOf(made.body)
    const [stored] = await server.database.db.select().from(designShares).where(eq(designShares.designId, design.id))
    expect(Buffer.from(stored!.token, 'base64url')).toHaveLength(32)

    const visitor = new TestClient(server.url)
    const view = await visitor.request(`/api/shares/${token}`)
    expect(view.status).toBe(200)
    expect(view.headers.get('x-robots-tag')).toContain('noindex')
    const text = await view.text()
    const body = JSON.parse(text) as SharedDesignView
    expect(Object.keys(body).sort()).toEqual(['afterUrl', 'beforeUrl', 'height', 'madeByEngine', 'palette', 'paletteName', 'style', 'styleDescription', 'styleName', 'title', 'width'])
    expect(body).toMatchObject({ title: 'Coastal Bathroom in Spa Blues', style: 'coastal', styleName: 'Coastal', palette: 'spa-blues', paletteName: 'Spa Blues', madeByEngine: true })
    // Nothing else of the owner's: no email, account, design or image id, and not the other design.
    for (const secret of [owner.email, owner.userId, design.id, owner.designs[1]!.id, design.originalImageUrl, design.transformedImageUrl, owner.designs[1]!.transformedImageUrl]) expect(text).not.toContain(secret)

    // The two pictures are the design's own.
    for (const [url, own] of [
      [body.beforeUrl, design.originalImageUrl],
      [body.afterUrl, design.transformedImageUrl],
    ] as const) {
      const shared = await visitor.request(url)
      expect(shared.status).toBe(200)
      expect(shared.headers.get('content-type')).toBe('image/jpeg')
      expect(shared.headers.get('x-robots-tag')).toContain('noindex')
      const original = await owner.client.request(own)
      expect(Buffer.from(await shared.arrayBuffer()).equals(Buffer.from(await original.arrayBuffer()))).toBe(true)
    }
    // The token opens nothing else: not the owner's other pictures by id, not their designs or images directly.
    const otherImageId = owner.designs[1]!.transformedImageUrl.split('/').pop()!
    for (const path of [`/api/shares/${token}/${otherImageId}`, `/api/shares/${token}/../../images/${otherImageId}`, `/api/images/${otherImageId}`, `/api/designs/${owner.designs[1]!.id}`, '/api/designs']) {
      expect([401, 404]).toContain((await visitor.request(path)).status)
    }

    // The page unfurls: Open Graph and Twitter tags with absolute addresses, noindex, and none of the owner's data.
    const page = await visitor.request(`/s/${token}`)
    expect(page.status).toBe(200)
    expect(page.headers.get('x-robots-tag')).toContain('noindex')
    expect(page.headers.get('content-security-policy')).toContain("script-src")
    const html = await page.text()
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>')
    expect(html).toContain(`<meta property="og:image" content="${server.url}/api/shares/${token}/after.jpg"/>`)
    expect(html).toContain(`<meta property="og:url" content="${server.url}/s/${token}"/>`)
    expect(html).toContain('<meta property="og:title" content="Coastal Bathroom in Spa Blues"/>')
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>')
    for (const secret of [owner.email, owner.userId, design.id]) expect(html).not.toContain(secret)
  })

  it('A guessed link finds nothing: random and malformed tokens are 404 everywhere', async () => {
    const visitor = new TestClient(server.url)
    for (let attempt = 0; attempt < 25; attempt += 1) {
      const token = randomToken()
      expect((await visitor.request(`/api/shares/${token}`)).status).toBe(404)
      expect((await visitor.request(`/api/shares/${token}/after.jpg`)).status).toBe(404)
      const page = await visitor.request(`/s/${token}`)
      expect(page.status).toBe(404)
      expect(page.headers.get('x-robots-tag')).toContain('noindex')
      expect(await page.text()).not.toContain('og:image')
    }
    for (const token of ['x', 'a'.repeat(42), 'a'.repeat(44), `${'a'.repeat(42)}=`, "'; drop table design_shares; --"]) {
      expect((await visitor.request(`/api/shares/${encodeURIComponent(token)}`)).status).toBe(404)
      expect((await visitor.request(`/s/${encodeURIComponent(token)}`)).status).toBe(404)
    }
  })

  it('Only the owner can make, read or turn off a link, and a sample image cannot be shared', async () => {
    const stranger = new TestClient(server.url)
    await stranger.signUp(uniqueEmail('stranger'))
    const design = owner.designs[1]!
    expect((await stranger.json(`/api/designs/${design.id}/share`, { method: 'POST', body: {} })).status).toBe(404)
    expect((await stranger.json(`/api/designs/${design.id}/share`)).status).toBe(404)
    expect((await stranger.json(`/api/designs/${design.id}/share`, { method: 'DELETE' })).status).toBe(404)
    expect((await new TestClient(server.url).json(`/api/designs/${design.id}/share`, { method: 'POST', body: {} })).status).toBe(401)

    const [sample] = await server.database.db
      .insert(userDesigns)
      .values({ userId: owner.userId, originalImageUrl: design.originalImageUrl, transformedImageUrl: '/images/styles/coastal-960.jpg', style: 'coastal', designTitle: 'Coastal Bathroom', isFallback: true })
      .returning()
    const refused = await owner.client.json<{ error: { message: string } }>(`/api/designs/${sample!.id}/share`, { method: 'POST', body: {} })
    expect(refused.status).toBe(409)
    expect(refused.body.error.message).toBe('A sample image cannot be shared. Share a design made from your own photo.')
  })

  it('A link that is turned off stops working at once, and a new one is a different address', async () => {
    const design = owner.designs[1]!
    const first = tokenOf((await owner.client.json<ShareLink>(`/api/designs/${design.id}/share`, { method: 'POST', body: {} })).body)
    const visitor = new TestClient(server.url)
    expect((await visitor.request(`/s/${first}`)).status).toBe(200)
    expect((await owner.client.request(`/api/designs/${design.id}/share`, { method: 'DELETE' })).status).toBe(204)
    expect((await visitor.request(`/s/${first}`)).status).toBe(404)
    expect((await visitor.request(`/api/shares/${first}`)).status).toBe(404)
    expect((await visitor.request(`/api/shares/${first}/before.jpg`)).status).toBe(404)
    expect((await visitor.request(`/api/shares/${first}/after.jpg`)).status).toBe(404)
    expect((await owner.client.json(`/api/designs/${design.id}/share`)).status).toBe(404)

    const second = tokenOf((await owner.client.json<ShareLink>(`/api/designs/${design.id}/share`, { method: 'POST', body: {} })).body)
    expect(second).not.toBe(first)
    expect((await visitor.request(`/api/shares/${second}`)).status).toBe(200)
    expect((await visitor.request(`/api/shares/${first}`)).status).toBe(404)
  })

  it('Deleting the design turns its link off', async () => {
    const design = owner.designs[0]!
    const token = tokenOf((await owner.client.json<ShareLink>(`/api/designs/${design.id}/share`, { method: 'POST', body: {} })).body)
    expect((await new TestClient(server.url).request(`/api/shares/${token}`)).status).toBe(200)
    expect((await owner.client.request(`/api/designs/${design.id}`, { method: 'DELETE' })).status).toBe(204)
    for (const path of [`/api/shares/${token}`, `/api/shares/${token}/before.jpg`, `/api/shares/${token}/after.jpg`, `/s/${token}`]) expect((await new TestClient(server.url).request(path)).status).toBe(404)
    expect(await server.database.db.select().from(designShares).where(eq(designShares.token, token))).toEqual([])
  })
})

describe('share link limits', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite', env: { RATE_LIMIT_SHARE_VIEW_IP: '5/60' } })
  }, 60_000)
  afterAll(async () => {
    await server?.close()
  })

  it('Opening shared links is limited per address, like the other abuse limits', async () => {
    const visitor = new TestClient(server.url)
    const statuses: number[] = []
    for (let attempt = 0; attempt < 6; attempt += 1) statuses.push((await visitor.request(`/api/shares/${randomToken()}`)).status)
    expect(statuses).toEqual([404, 404, 404, 404, 404, 429])
    const limited = await visitor.request(`/s/${randomToken()}`)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
