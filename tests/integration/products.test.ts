import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ProductList } from '../../src/shared/schemas/designs'
import { FALLBACK_ROOM_ITEMS, PRODUCT_CATEGORIES } from '../../src/shared/products'
import { getCreditBalance, getLedgerSum } from '../../src/server/services/credits'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

async function member(server: TestServer, paid: boolean) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('products'))
  const userId = (await client.me()).body.user!.id
  if (paid) {
    const checkout = await client.json<{ sessionId: string }>('/api/checkout', { body: { packageId: 'starter' } })
    await client.json(`/api/checkout/test/${checkout.body.sessionId}/pay`, { method: 'POST', body: {} })
  }
  return { client, userId }
}

async function design(client: TestClient, style = 'coastal') {
  const imageId = await uploadPhoto(client, readFileSync(fixturePhoto('cc0-interior-3.jpg')))
  const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style, palette: 'spa-blues' } })
  const done = await waitForGeneration(client, accepted.body.id)
  return done.result!.designId as string
}

describe.each(DATABASE_KINDS)('product recommendations on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind, env: { AMAZON_ASSOCIATE_TAG: 'lavo-20' } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('a paid member pays 1 credit for the first list of a design, and reopening it is free', async () => {
    const { client, userId } = await member(server, true)
    const designId = await design(client)
    expect((await client.me()).body.credits).toBe(21)
    const first = await client.json<ProductList>(`/api/designs/${designId}/products`, { method: 'POST', body: { acceptCharge: true } })
    expect(first.status).toBe(200)
    expect(first.body.charged).toBe(true)
    expect(first.body.analysisUsed).toBe(true)
    expect(first.body.products.length).toBeGreaterThanOrEqual(8)
    expect(new Set(first.body.products.map((product) => product.category)).size).toBeGreaterThanOrEqual(5)
    for (const product of first.body.products) {
      expect(PRODUCT_CATEGORIES).toContain(product.category)
      expect(product.price).toBe('Search for price')
      expect(product.link).toMatch(/^https:\/\/(www\.amazon\.com|www\.homedepot\.com|www\.lowes\.com|www\.wayfair\.com|www\.google\.com)\//)
      if (product.source === 'Amazon') {
        expect(product.link).toContain('tag=lavo-20')
        expect(product.affiliate).toBe(true)
      }
    }
    expect((await client.me()).body.credits).toBe(20)

    const again = await client.json<ProductList>(`/api/designs/${designId}/products`, { method: 'POST', body: { acceptCharge: true } })
    expect(again.body.charged).toBe(false)
    expect(again.body.products).toEqual(first.body.products)
    const read = await client.json<ProductList>(`/api/designs/${designId}/products`)
    expect(read.body.products).toEqual(first.body.products)
    expect((await client.me()).body.credits).toBe(20)
    expect(await getCreditBalance(server.database.db, userId)).toBe(await getLedgerSum(server.database.db, userId))
    expect((await client.json<{ has_products: boolean }>(`/api/designs/${designId}`)).body.has_products).toBe(true)
  })

  it('a list is made only on an explicit request to spend the credit: reading first, or asking without consent, never charges', async () => {
    const { client, userId } = await member(server, true)
    const designId = await design(client, 'minimalist')
    expect((await client.me()).body.credits).toBe(21)
    const read = await client.json<{ error: { message: string } }>(`/api/designs/${designId}/products`)
    expect(read.status).toBe(404)
    for (const body of [{}, { acceptCharge: false }, { acceptCharge: 'yes' }]) {
      const refused = await client.json<{ error: { message: string } }>(`/api/designs/${designId}/products`, { method: 'POST', body })
      expect(refused.status).toBe(400)
      expect(refused.body.error.message).toBe('Please confirm that this product list may use 1 credit')
    }
    expect((await client.me()).body.credits).toBe(21)
    expect((await client.json<{ has_products: boolean }>(`/api/designs/${designId}`)).body.has_products).toBe(false)

    const made = await client.json<ProductList>(`/api/designs/${designId}/products`, { method: 'POST', body: { acceptCharge: true } })
    expect(made.body.charged).toBe(true)
    expect((await client.me()).body.credits).toBe(20)
    // Once paid for, a plain read opens it, as often as asked, without a charge.
    for (let index = 0; index < 3; index += 1) expect((await client.json<ProductList>(`/api/designs/${designId}/products`)).body.products).toEqual(made.body.products)
    expect((await client.me()).body.credits).toBe(20)
    expect(await getCreditBalance(server.database.db, userId)).toBe(await getLedgerSum(server.database.db, userId))
  })

  it('a free member is told recommendations are for members, and is not charged', async () => {
    const { client } = await member(server, false)
    const designId = await design(client, 'glam')
    const response = await client.json<{ error: { message: string } }>(`/api/designs/${designId}/products`, { method: 'POST', body: { acceptCharge: true } })
    expect(response.status).toBe(403)
    expect(response.body.error.message).toBe('Product recommendations are for members. Buy any credit package to unlock them.')
    expect((await client.me()).body.credits).toBe(1)
  })

  it('another user gets 404 for your product list', async () => {
    const owner = await member(server, true)
    const designId = await design(owner.client, 'industrial')
    await owner.client.json(`/api/designs/${designId}/products`, { method: 'POST', body: { acceptCharge: true } })
    const other = await member(server, true)
    expect((await other.client.json(`/api/designs/${designId}/products`)).status).toBe(404)
    expect((await other.client.json(`/api/designs/${designId}/products`, { method: 'POST', body: { acceptCharge: true } })).status).toBe(404)
    expect((await other.client.me()).body.credits).toBe(22)
  })
})

describe('product recommendations when analysis fails', () => {
  it('falls back to the first 8 generic items with the spec message', async () => {
    const server = await startTestServer({
      kind: 'pglite',
      overrides: {
        roomAnalyzer: {
          name: 'broken',
          analyze: async () => {
            throw new Error('vision model unavailable')
          },
        },
      },
    })
    try {
      const { client } = await member(server, true)
      const designId = await design(client, 'rustic')
      const list = await client.json<ProductList>(`/api/designs/${designId}/products`, { method: 'POST', body: { acceptCharge: true } })
      expect(list.status).toBe(200)
      expect(list.body.analysisUsed).toBe(false)
      expect(['Could not analyze room image', 'An error occurred while getting product recommendations']).toContain(list.body.message)
      expect(list.body.products.map((product) => product.name)).toEqual(FALLBACK_ROOM_ITEMS.slice(0, 8).map((item) => item.name))
    } finally {
      await server.close()
    }
  }, 60_000)
})
