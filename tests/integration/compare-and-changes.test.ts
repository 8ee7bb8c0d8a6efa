import { readFileSync } from 'node:fs'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { creditLedger, generations, userDesigns } from '../../src/server/db/schema'
import { createLocalGenerationProvider } from '../../src/server/providers/generation/local-generation-provider'
import { GenerationRefusal, type GenerationProvider } from '../../src/server/providers/generation/generation-provider'
import { getCreditBalance, getLedgerSum, grantCredits } from '../../src/server/services/credits'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { startTestServer, type TestServer } from '../support/test-server'

// Issue 19 §2 and §3 (decisions 0045 and 0046): the choice of what changes is stored, shown and part of the cache
// key; comparing styles charges per design, atomically, and refunds each failure on its own.
const photo = readFileSync(fixturePhoto('cc0-interior-1.jpg'))

/** The built-in engine, except that Glam always fails: one comparison can end in designs and a sample. */
function glamFails(): GenerationProvider {
  const local = createLocalGenerationProvider()
  return {
    name: 'local',
    generate: (input) => (input.styleId === 'glam' ? Promise.reject(new GenerationRefusal('The design service is unavailable right now.')) : local.generate(input)),
  }
}

async function signedUp(server: TestServer) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('compare'))
  const userId = (await client.me()).body.user!.id
  return { client, userId }
}

async function books(server: TestServer, userId: string) {
  return { balance: await getCreditBalance(server.database.db, userId), ledger: await getLedgerSum(server.database.db, userId) }
}

type Accepted = { generations: Array<{ style: string; id: string; cached: boolean }>; timeoutMs: number }

describe('choosing what changes and comparing styles', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind: 'pglite', overrides: { generation: glamFails() } })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('What changes is stored with the generation and the design, is part of the cache key, and must name something', async () => {
    const { client, userId } = await signedUp(server)
    const imageId = await uploadPhoto(client, photo)
    const refused = await client.json<{ error: { fields: Record<string, string> } }>('/api/generations', { body: { imageId, style: 'coastal', changes: [] } })
    expect(refused.status).toBe(400)
    expect(refused.body.error.fields.changes).toBe('Choose at least one part of the room to change.')
    expect((await client.json('/api/generations', { body: { imageId, style: 'coastal', changes: ['roof'] } })).status).toBe(400)

    const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal', changes: ['fixtures', 'walls', 'walls'] } })
    expect(accepted.status).toBe(202)
    const done = await waitForGeneration(client, accepted.body.id)
    expect(done).toMatchObject({ status: 'succeeded', changes: ['walls', 'fixtures'] })
    const [design] = await server.database.db.select().from(userDesigns).where(eq(userDesigns.generationId, accepted.body.id))
    expect(design!.changes).toEqual(['walls', 'fixtures'])
    const listed = await client.json<{ designs: Array<{ id: string; changes: string[] }> }>('/api/designs')
    expect(listed.body.designs.find((entry) => entry.id === design!.id)?.changes).toEqual(['walls', 'fixtures'])

    // The same choice in another order is the same design (no charge); another choice is a new one.
    const same = await client.json<{ id: string; cached: boolean }>('/api/generations', { body: { imageId, style: 'coastal', changes: ['walls', 'fixtures'] } })
    expect(same.body).toMatchObject({ id: accepted.body.id, cached: true })
    const everything = await client.json<{ id: string; cached: boolean }>('/api/generations', { body: { imageId, style: 'coastal' } })
    expect(everything.status).toBe(202)
    const full = await waitForGeneration(client, everything.body.id)
    expect(full.changes).toEqual(['walls', 'floor', 'cabinetry', 'fixtures'])
    expect(await books(server, userId)).toEqual({ balance: 0, ledger: 0 })
  })

  it('Three styles in one go: three designs, one credit each, each failure refunded on its own', async () => {
    const { client, userId } = await signedUp(server)
    await grantCredits(server.database.db, { userId, amount: 1, reason: 'admin', reference: `compare-${userId}` })
    const imageId = await uploadPhoto(client, photo)
    const accepted = await client.json<Accepted>('/api/generations/compare', { body: { imageId, styles: ['coastal', 'glam', 'industrial'], palette: 'spa-blues', changes: ['walls', 'floor'] } })
    expect(accepted.status).toBe(202)
    expect(accepted.body.generations.map((generation) => [generation.style, generation.cached])).toEqual([['coastal', false], ['glam', false], ['industrial', false]])
    // All three are paid for on acceptance.
    expect(await books(server, userId)).toEqual({ balance: 0, ledger: 0 })

    const done = await Promise.all(accepted.body.generations.map((generation) => waitForGeneration(client, generation.id)))
    expect(done.map((generation) => [generation.style, generation.status, generation.result?.creditsUsed])).toEqual([['coastal', 'succeeded', 1], ['glam', 'failed', 0], ['industrial', 'succeeded', 1]])
    // Glam's credit came back, once; the two designs stay paid.
    expect(await books(server, userId)).toEqual({ balance: 1, ledger: 1 })
    const ids = accepted.body.generations.map((generation) => generation.id)
    const rows = await server.database.db.select().from(creditLedger).where(inArray(creditLedger.reference, ids))
    expect(rows.map((row) => `${row.reason}:${row.delta}`).sort()).toEqual(['generation:-1', 'generation:-1', 'generation:-1', 'generation_refund:1'])
    // Each is its own design, with the same palette and choice of changes.
    const designs = await server.database.db.select().from(userDesigns).where(inArray(userDesigns.generationId, ids))
    expect(designs).toHaveLength(3)
    for (const design of designs) expect(design).toMatchObject({ colorPalette: 'spa-blues', changes: ['walls', 'floor'] })

    // Asking again reuses the two real designs free of charge and makes Glam again (1 credit, which the account has).
    const again = await client.json<Accepted>('/api/generations/compare', { body: { imageId, styles: ['coastal', 'glam', 'industrial'], palette: 'spa-blues', changes: ['floor', 'walls'] } })
    expect(again.body.generations.map((generation) => generation.cached)).toEqual([true, false, true])
    expect(again.body.generations[0]!.id).toBe(ids[0])
    await waitForGeneration(client, again.body.generations[1]!.id)
    expect(await books(server, userId)).toEqual({ balance: 1, ledger: 1 })
  })

  it('Without enough credits for every style nothing starts and nothing is charged', async () => {
    const { client, userId } = await signedUp(server)
    const imageId = await uploadPhoto(client, photo)
    const refused = await client.json<{ error: { message: string } }>('/api/generations/compare', { body: { imageId, styles: ['coastal', 'industrial', 'rustic'] } })
    expect(refused.status).toBe(402)
    expect(refused.body.error.message).toBe('Insufficient credits')
    expect(await books(server, userId)).toEqual({ balance: 2, ledger: 2 })
    expect(await server.database.db.select().from(generations).where(eq(generations.userId, userId))).toHaveLength(0)
  })

  it('A comparison must fit the account’s fair share of the queue, and asks for 2 or 3 different styles', async () => {
    // No worker: what is accepted stays open, as when the engine is busy; the production cap of 3 (decision 0013).
    const idle = await startTestServer({ kind: 'pglite', worker: false, env: { MAX_QUEUED_GENERATIONS: '3' } })
    try {
      const { client, userId } = await signedUp(idle)
      await grantCredits(idle.database.db, { userId, amount: 3, reason: 'admin', reference: `queue-${userId}` })
      const imageId = await uploadPhoto(client, photo)
      expect((await client.json('/api/generations', { body: { imageId, style: 'minimalist' } })).status).toBe(202)
      const full = await client.json<{ error: { message: string } }>('/api/generations/compare', { body: { imageId, styles: ['coastal', 'industrial', 'rustic'] } })
      expect(full.status).toBe(429)
      expect(full.body.error.message).toBe('Comparing 3 styles starts 3 designs, and you can have 3 being generated at a time. 1 is still in progress: please wait for it to finish.')
      expect(await books(idle, userId)).toEqual({ balance: 4, ledger: 4 })
      // Two more fit beside the one in progress.
      expect((await client.json('/api/generations/compare', { body: { imageId, styles: ['coastal', 'industrial'] } })).status).toBe(202)
      expect(await books(idle, userId)).toEqual({ balance: 2, ledger: 2 })

      const tooMany = await client.json<{ error: { fields: Record<string, string> } }>('/api/generations/compare', { body: { imageId, styles: ['coastal', 'industrial', 'rustic', 'glam'] } })
      expect(tooMany.status).toBe(400)
      expect(tooMany.body.error.fields.styles).toBe('You can compare up to 3 styles at a time.')
      const twice = await client.json<{ error: { fields: Record<string, string> } }>('/api/generations/compare', { body: { imageId, styles: ['coastal', 'coastal'] } })
      expect(twice.body.error.fields.styles).toBe('Each style can be chosen once.')
    } finally {
      await idle.close()
    }
  })

  it('Twenty comparisons at once from an account with 3 credits: exactly one is accepted', async () => {
    const { client, userId } = await signedUp(server)
    await grantCredits(server.database.db, { userId, amount: 1, reason: 'admin', reference: `race-${userId}` })
    const imageId = await uploadPhoto(client, photo)
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.json<Accepted>('/api/generations/compare', { body: { imageId, styles: ['farmhouse', 'victorian', 'bohemian'] } })))
    expect(answers.filter((answer) => answer.status === 202)).toHaveLength(1)
    expect(answers.every((answer) => [202, 402, 429].includes(answer.status))).toBe(true)
    const accepted = answers.find((answer) => answer.status === 202)!
    await Promise.all(accepted.body.generations.map((generation) => waitForGeneration(client, generation.id)))
    expect(await books(server, userId)).toEqual({ balance: 0, ledger: 0 })
  })
})
