import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { images, userDesigns } from '../../src/server/db/schema'
import type { DesignPage, DesignView } from '../../src/shared/schemas/designs'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

async function signedUp(server: TestServer) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('designs'))
  return { client, userId: (await client.me()).body.user!.id }
}

async function generateDesign(client: TestClient, style = 'coastal') {
  const imageId = await uploadPhoto(client, readFileSync(fixturePhoto('cc0-interior-3.jpg')))
  const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style } })
  const done = await waitForGeneration(client, accepted.body.id)
  return { imageId, designId: done.result!.designId as string, image: done.result!.image as string }
}

describe.each(DATABASE_KINDS)('My Designs on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('lists only your own designs, newest first, a page at a time', async () => {
    const alice = await signedUp(server)
    const bob = await signedUp(server)
    const base = Date.parse('2026-01-01T00:00:00Z')
    const rows = (userId: string, count: number, prefix: string) =>
      Array.from({ length: count }, (_, index) => ({
        userId,
        originalImageUrl: '/api/images/x',
        transformedImageUrl: '/api/images/y',
        style: 'glam' as const,
        designTitle: `${prefix} ${index}`,
        // Two designs share each timestamp: the cursor must still be exact.
        createdAt: new Date(base + Math.floor(index / 2) * 1000),
      }))
    await server.database.db.insert(userDesigns).values([...rows(alice.userId, 7, 'Alice'), ...rows(bob.userId, 3, 'Bob')])

    const seen: DesignView[] = []
    let cursor: string | null = null
    let total: number | undefined
    do {
      const page: { status: number; body: DesignPage } = await alice.client.json<DesignPage>(`/api/designs?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
      expect(page.status).toBe(200)
      seen.push(...page.body.designs)
      cursor = page.body.nextCursor
      total = page.body.total
    } while (cursor)
    expect(total).toBe(7)
    expect(seen.map((design) => design.design_title)).toHaveLength(7)
    expect(new Set(seen.map((design) => design.id)).size).toBe(7)
    expect(seen.every((design) => design.design_title.startsWith('Alice'))).toBe(true)
    const times = seen.map((design) => Date.parse(design.created_at))
    expect([...times].sort((a, b) => b - a)).toEqual(times)
    expect((await bob.client.json<DesignPage>('/api/designs')).body.designs.every((design) => design.design_title.startsWith('Bob'))).toBe(true)
    expect((await new TestClient(server.url).json('/api/designs')).status).toBe(401)
  })

  it('another user gets 404 for your design, its images and its deletion', async () => {
    const alice = await signedUp(server)
    const mallory = await signedUp(server)
    const { designId, image, imageId } = await generateDesign(alice.client)
    const design = await alice.client.json<DesignView>(`/api/designs/${designId}`)
    expect(design.body).toMatchObject({ id: designId, style: 'coastal', is_fallback: false, credits_used: 1, method_used: 'local-style-transfer', has_products: false })
    expect((await mallory.client.json(`/api/designs/${designId}`)).status).toBe(404)
    expect((await mallory.client.request(image)).status).toBe(404)
    expect((await mallory.client.request(`/api/images/${imageId}`)).status).toBe(404)
    expect((await mallory.client.request(`/api/designs/${designId}`, { method: 'DELETE' })).status).toBe(404)
    expect((await alice.client.json(`/api/designs/${designId}`)).status).toBe(200)
  })

  it('deleting a design removes it and its images from storage', async () => {
    const alice = await signedUp(server)
    const { designId, image, imageId } = await generateDesign(alice.client, 'industrial')
    const resultId = image.split('/').pop()!
    const keys = await server.database.db.select({ key: images.storageKey, id: images.id }).from(images).where(eq(images.userId, alice.userId))
    expect(keys.map((row) => row.id).sort()).toEqual([imageId, resultId].sort())
    const deleted = await alice.client.request(`/api/designs/${designId}`, { method: 'DELETE' })
    expect(deleted.status).toBe(204)
    expect((await alice.client.json(`/api/designs/${designId}`)).status).toBe(404)
    expect((await alice.client.request(image)).status).toBe(404)
    expect(await server.database.db.select().from(images).where(eq(images.userId, alice.userId))).toEqual([])
    for (const { key } of keys) expect(await server.deps.storage.get(key)).toBeUndefined()
  })
})
