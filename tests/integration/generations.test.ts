import { readFileSync } from 'node:fs'
import { randomUUID } from 'node:crypto'
import { count, eq } from 'drizzle-orm'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sampleImagePath } from '../../src/shared/catalogue/styles'
import { generations, images, jobs, userDesigns } from '../../src/server/db/schema'
import { abandonGeneration, runGeneration } from '../../src/server/services/generations'
import { getCreditBalance, getLedgerSum, grantCredits } from '../../src/server/services/credits'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

const photo = readFileSync(fixturePhoto('cc0-interior-1.jpg'))

async function signedUp(server: TestServer) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('gen'))
  const userId = (await client.me()).body.user!.id
  return { client, userId }
}

async function books(server: TestServer, userId: string) {
  return { balance: await getCreditBalance(server.database.db, userId), ledger: await getLedgerSum(server.database.db, userId) }
}

describe.each(DATABASE_KINDS)('generation with the local engine on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('A signed-in user pays 1 credit for a real design that is saved with every field', async () => {
    const { client, userId } = await signedUp(server)
    const imageId = await uploadPhoto(client, photo)
    const accepted = await client.json<{ id: string; cached: boolean }>('/api/generations', { body: { imageId, style: 'coastal', palette: 'spa-blues', roomType: 'bathroom' } })
    expect(accepted.status).toBe(202)
    const done = await waitForGeneration(client, accepted.body.id)
    expect(done.status).toBe('succeeded')
    expect(done.result).toMatchObject({ fallback: false, method: 'local-style-transfer', creditsUsed: 1, title: 'Coastal Bathroom in Spa Blues', errorType: null })
    const after = await client.request(done.result!.image as string)
    expect(after.status).toBe(200)
    const metadata = await sharp(Buffer.from(await after.arrayBuffer())).metadata()
    expect([metadata.width, metadata.height]).toEqual([1600, 960])

    const [design] = await server.database.db.select().from(userDesigns).where(eq(userDesigns.id, done.result!.designId as string))
    expect(design).toMatchObject({ userId, style: 'coastal', colorPalette: 'spa-blues', roomType: 'bathroom', isFallback: false, methodUsed: 'local-style-transfer', creditsUsed: 1, designTitle: 'Coastal Bathroom in Spa Blues' })
    expect(design!.originalImageUrl).toBe(`/api/images/${imageId}`)
    expect(await books(server, userId)).toEqual({ balance: 1, ledger: 1 })

    // spec §4 cache: the same photo, style, palette and room within 24 h costs nothing.
    const again = await client.json<{ id: string; cached: boolean }>('/api/generations', { body: { imageId, style: 'coastal', palette: 'spa-blues', roomType: 'bathroom' } })
    expect(again).toEqual({ status: 200, body: { id: accepted.body.id, cached: true, timeoutMs: 75_000 } })
    expect(await books(server, userId)).toEqual({ balance: 1, ledger: 1 })

    // Retry bypasses the cache and is charged.
    const retried = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal', palette: 'spa-blues', roomType: 'bathroom', retry: true } })
    expect(retried.status).toBe(202)
    await waitForGeneration(client, retried.body.id)
    expect(await books(server, userId)).toEqual({ balance: 0, ledger: 0 })

    // No credit left: refused, and nothing is enqueued.
    const [{ value: jobsBefore }] = (await server.database.db.select({ value: count() }).from(jobs)) as [{ value: number }]
    const refused = await client.json<{ error: { message: string } }>('/api/generations', { body: { imageId, style: 'glam', palette: 'surprise-me', roomType: 'bathroom' } })
    expect(refused.status).toBe(402)
    expect(refused.body.error.message).toBe('Insufficient credits')
    const [{ value: jobsAfter }] = (await server.database.db.select({ value: count() }).from(jobs)) as [{ value: number }]
    expect(jobsAfter).toBe(jobsBefore)
  })

  it('A visitor is told they are not authenticated', async () => {
    const response = await new TestClient(server.url).json<{ error: { message: string } }>('/api/generations', { body: { imageId: crypto.randomUUID(), style: 'coastal' } })
    expect(response.status).toBe(401)
    expect(response.body.error.message).toBe('User not authenticated')
  })

  it('Bad input gets the schema messages', async () => {
    const { client } = await signedUp(server)
    const response = await client.json<{ error: { fields: Record<string, string> } }>('/api/generations', { body: { imageId: 'nope', style: 'brutalist', palette: 'neon' } })
    expect(response.status).toBe(400)
    expect(response.body.error.fields).toMatchObject({ imageId: 'Please upload a photo first', style: 'Please choose a design style', palette: 'Please choose a colour palette' })
  })

  it('Nobody sees or uses another user’s photo or generation', async () => {
    const owner = await signedUp(server)
    const imageId = await uploadPhoto(owner.client, photo)
    const accepted = await owner.client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'glam' } })
    const stranger = await signedUp(server)
    expect((await stranger.client.json('/api/generations', { body: { imageId, style: 'glam' } })).status).toBe(404)
    expect((await stranger.client.json(`/api/generations/${accepted.body.id}`)).status).toBe(404)
    expect(await books(server, stranger.userId)).toEqual({ balance: 2, ledger: 2 })
    await waitForGeneration(owner.client, accepted.body.id)
  })

  it('20 parallel requests from a user with 1 credit: exactly one is accepted', async () => {
    const { client, userId } = await signedUp(server)
    const imageId = await uploadPhoto(client, photo)
    const spend = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'rustic' } })
    await waitForGeneration(client, spend.body.id)
    const responses = await Promise.all(Array.from({ length: 20 }, (_, index) => client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'industrial', palette: 'warm-grays', roomType: 'bathroom', retry: index >= 0 } })))
    const accepted = responses.filter((response) => response.status === 202)
    expect(accepted).toHaveLength(1)
    expect(responses.filter((response) => response.status === 402)).toHaveLength(19)
    await waitForGeneration(client, accepted[0]!.body.id)
    expect(await books(server, userId)).toEqual({ balance: 0, ledger: 0 })
  })

  it('Another user’s photo (or one that does not exist) is refused, with or without retry, and costs nothing', async () => {
    const alice = await signedUp(server)
    const mallory = await signedUp(server)
    const imageId = await uploadPhoto(alice.client, photo)
    for (const body of [{ imageId, style: 'glam' }, { imageId, style: 'glam', retry: true }, { imageId: randomUUID(), style: 'glam', retry: true }]) {
      const response = await mallory.client.json<{ error: { message: string } }>('/api/generations', { body })
      expect(response.status).toBe(404)
      expect(response.body.error.message).toBe('Please upload a photo first')
    }
    expect(await books(server, mallory.userId)).toEqual({ balance: 2, ledger: 2 })
    expect(await server.database.db.select().from(generations).where(eq(generations.userId, mallory.userId))).toEqual([])
  })
})

describe.each(DATABASE_KINDS)('generation failures on %s', (kind) => {
  it('A job that fails for good refunds exactly once', async () => {
    const server = await startTestServer({ kind, worker: false })
    try {
      const { client, userId } = await signedUp(server)
      const imageId = await uploadPhoto(client, photo)
      const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'victorian' } })
      expect(await books(server, userId)).toEqual({ balance: 1, ledger: 1 })
      const deps = { db: server.database.db }
      await Promise.all([abandonGeneration(deps, accepted.body.id, new Error('worker lost')), abandonGeneration(deps, accepted.body.id, new Error('worker lost'))])
      const done = await waitForGeneration(client, accepted.body.id)
      expect(done.result).toMatchObject({ fallback: true, creditsUsed: 0 })
      expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    } finally {
      await server.close()
    }
  })

  it('A failing provider gives the style sample, a refund, and a 0-credit fallback design', async () => {
    const server = await startTestServer({ kind, env: { GENERATION_PROVIDER: 'failing' } })
    try {
      const { client, userId } = await signedUp(server)
      const imageId = await uploadPhoto(client, photo)
      const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal' } })
      const done = await waitForGeneration(client, accepted.body.id)
      expect(done.result).toMatchObject({ fallback: true, errorType: 'failed', image: sampleImagePath('coastal'), creditsUsed: 0, errorMessage: 'Generation failed - showing sample image. Click "Retry Generation" to try again.' })
      // The provider's reason for the user (spec §8 'Using sample image: {error}'); its internal detail stays in the logs.
      expect(done.result?.error).toBe('The design service is unavailable right now.')
      const [design] = await server.database.db.select().from(userDesigns).where(eq(userDesigns.generationId, accepted.body.id))
      expect(design).toMatchObject({ isFallback: true, creditsUsed: 0 })
      expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    } finally {
      await server.close()
    }
  })

  it('While it waits, a generation says its place in the queue and the generator’s recent median time', async () => {
    const server = await startTestServer({ kind, worker: false })
    try {
      const { client, userId } = await signedUp(server)
      const imageId = await uploadPhoto(client, photo)
      const first = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'glam' } })
      const second = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal' } })
      type Waiting = { status: string; queuePosition: number | null; typicalDurationMs: number | null }
      expect((await client.json<Waiting>(`/api/generations/${first.body.id}`)).body).toMatchObject({ status: 'queued', queuePosition: 1, typicalDurationMs: null })
      expect((await client.json<Waiting>(`/api/generations/${second.body.id}`)).body).toMatchObject({ status: 'queued', queuePosition: 2, typicalDurationMs: null })

      // Three designs the configured generator (local) finished in 2 s, 4 s and 9 s, and one by another generator.
      const now = Date.now()
      const finished = (provider: string, seconds: number): typeof generations.$inferInsert => ({
        userId,
        status: 'succeeded',
        style: 'glam',
        colorPalette: 'surprise-me',
        roomType: 'bathroom',
        inputImageId: imageId,
        cacheKey: randomUUID(),
        provider,
        createdAt: new Date(now - 60_000 - seconds * 1000),
        finishedAt: new Date(now - 60_000),
      })
      await server.database.db.insert(generations).values([finished('local', 2), finished('local', 4), finished('local', 9), finished('replicate', 40)])
      expect((await client.json<Waiting>(`/api/generations/${second.body.id}`)).body).toMatchObject({ queuePosition: 2, typicalDurationMs: 4000 })

      // Once running it has no place in the queue; the one behind it moves up.
      await server.database.db.update(generations).set({ status: 'running' }).where(eq(generations.id, first.body.id))
      expect((await client.json<Waiting>(`/api/generations/${first.body.id}`)).body).toMatchObject({ status: 'running', queuePosition: null, typicalDurationMs: 4000 })
      expect((await client.json<Waiting>(`/api/generations/${second.body.id}`)).body.queuePosition).toBe(1)
    } finally {
      await server.close()
    }
  })

  it('The place in the queue follows the accounts’ turns, not arrival: a flood queued earlier puts a newcomer one place back, not behind all of it', async () => {
    const server = await startTestServer({ kind, worker: false })
    try {
      type Waiting = { queuePosition: number | null }
      // One account has three designs waiting, queued a few seconds ago.
      const flooder = await signedUp(server)
      const flooderImage = await uploadPhoto(flooder.client, photo)
      const now = Date.now()
      const flood = await server.database.db
        .insert(generations)
        .values([0, 1, 2].map((index) => ({ userId: flooder.userId, status: 'queued' as const, style: 'glam' as const, colorPalette: 'surprise-me' as const, roomType: 'bathroom' as const, inputImageId: flooderImage, cacheKey: randomUUID(), provider: 'local', createdAt: new Date(now - 10_000 + index * 1000) })))
        .returning({ id: generations.id })
      // Then a newcomer queues two. Turns alternate (flood 1, newcomer 1, flood 2, newcomer 2, flood 3).
      const newcomer = await signedUp(server)
      const imageId = await uploadPhoto(newcomer.client, photo)
      const first = await newcomer.client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal' } })
      const second = await newcomer.client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'rustic' } })
      const place = async (client: TestClient, id: string) => (await client.json<Waiting>(`/api/generations/${id}`)).body.queuePosition
      expect(await place(newcomer.client, first.body.id)).toBe(2)
      expect(await place(newcomer.client, second.body.id)).toBe(4)
      expect(await place(flooder.client, flood[0]!.id)).toBe(1)
      expect(await place(flooder.client, flood[2]!.id)).toBe(5)
    } finally {
      await server.close()
    }
  })

  it('The timeout runs from acceptance: a job no worker reached in time is closed when its owner asks, and a late worker neither runs nor charges', async () => {
    const server = await startTestServer({ kind, worker: false, env: { GENERATION_TIMEOUT_MS: '1500' } })
    try {
      const { client, userId } = await signedUp(server)
      const imageId = await uploadPhoto(client, photo)
      const first = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'glam' } })
      const second = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal' } })
      expect(await books(server, userId)).toEqual({ balance: 0, ledger: 0 })
      // No worker is running: within the deadline (and its grace) the owner sees it waiting.
      expect((await client.json<{ status: string }>(`/api/generations/${first.body.id}`)).body.status).toBe('queued')
      await new Promise((resolve) => setTimeout(resolve, 1500 + 2000 + 300))

      // Asked after the deadline, the generation is closed as a timeout with the credit back, once however often it is read.
      const reads = await Promise.all([1, 2, 3].map(() => client.json<{ status: string; result: { fallback: boolean; errorType: string; creditsUsed: number } }>(`/api/generations/${first.body.id}`)))
      for (const read of reads) expect(read.body).toMatchObject({ status: 'failed', result: { fallback: true, errorType: 'timeout', creditsUsed: 0 } })
      expect(await books(server, userId)).toEqual({ balance: 1, ledger: 1 })

      // A worker that reaches either job now runs no provider and charges nothing.
      let providerCalls = 0
      const deps = { ...server.deps, db: server.database.db, provider: { name: 'spy', generate: async () => ((providerCalls += 1), { image: photo, method: 'spy' }) }, timeoutMs: 1500 }
      await runGeneration(deps, first.body.id)
      await runGeneration(deps, second.body.id)
      expect(providerCalls).toBe(0)
      const [late] = await server.database.db.select().from(generations).where(eq(generations.id, second.body.id))
      expect(late).toMatchObject({ status: 'failed', isFallback: true, errorType: 'timeout' })
      expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    } finally {
      await server.close()
    }
  })

  it('A worker whose provider answers after its owner was told “timeout” saves nothing and charges nothing', async () => {
    const server = await startTestServer({ kind, worker: false, env: { GENERATION_TIMEOUT_MS: '1500' } })
    try {
      const { client, userId } = await signedUp(server)
      const imageId = await uploadPhoto(client, photo)
      const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'glam' } })
      const imagesOf = async () => (await server.database.db.select({ id: images.id }).from(images).where(eq(images.userId, userId))).length
      expect(await imagesOf()).toBe(1)
      // This worker believes it has a minute; its provider answers only once the owner has been told it timed out.
      const closed = async () => (await server.database.db.select().from(generations).where(eq(generations.id, accepted.body.id)))[0]!.status === 'failed'
      const provider = {
        name: 'late',
        generate: async () => {
          while (!(await closed())) await new Promise((resolve) => setTimeout(resolve, 100))
          return { image: photo, method: 'late' }
        },
      }
      const working = runGeneration({ ...server.deps, db: server.database.db, provider, timeoutMs: 60_000 }, accepted.body.id)
      const done = await waitForGeneration(client, accepted.body.id)
      expect(done.result).toMatchObject({ fallback: true, errorType: 'timeout', creditsUsed: 0 })
      await working
      const [generation] = await server.database.db.select().from(generations).where(eq(generations.id, accepted.body.id))
      expect(generation).toMatchObject({ status: 'failed', isFallback: true, resultImageId: null })
      // Only the uploaded photo remains: the late result was not kept.
      expect(await imagesOf()).toBe(1)
      expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    } finally {
      await server.close()
    }
  })

  it('A provider that outlasts the timeout gives the timeout fallback and the credit back', async () => {
    const server = await startTestServer({ kind, env: { GENERATION_PROVIDER: 'stalling', GENERATION_TIMEOUT_MS: '1500' } })
    try {
      const { client, userId } = await signedUp(server)
      await grantCredits(server.database.db, { userId, amount: 1, reason: 'admin', reference: `extra-${userId}` })
      const imageId = await uploadPhoto(client, photo)
      const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'glam' } })
      expect((await client.me()).body.credits).toBe(2)
      const done = await waitForGeneration(client, accepted.body.id)
      expect(done.result).toMatchObject({ fallback: true, errorType: 'timeout', error: null, errorMessage: 'Generation took too long - showing sample image. Please try again.' })
      expect(await books(server, userId)).toEqual({ balance: 3, ledger: 3 })
    } finally {
      await server.close()
    }
  })
})
