import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../src/server/db/client'
import { userDesigns } from '../../src/server/db/schema'
import { getCreditBalance, getLedgerSum } from '../../src/server/services/credits'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { freePort, startProductProcess, type ProductProcess } from '../support/product-process'

describe('a crash in the middle of a generation', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lavo-crash-'))
  let product: ProductProcess | undefined
  afterAll(async () => {
    await product?.stop('SIGKILL')
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('After SIGKILL and a restart the user ends with exactly one design and one charge', async () => {
    const port = await freePort()
    const url = `http://127.0.0.1:${port}`
    const base = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: url, AUTH_SECRET: 'crash-test-secret-crash-test-secret-0001' }
    // A provider that never answers keeps the job in flight while we pull the plug.
    product = await startProductProcess({ ...base, GENERATION_PROVIDER: 'stalling', GENERATION_TIMEOUT_MS: '120000' })
    const client = new TestClient(url)
    await client.signUp(uniqueEmail('crash'))
    const imageId = await uploadPhoto(client, readFileSync(fixturePhoto('cc0-interior-2.jpg')))
    const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'scandinavian' } })
    expect(accepted.status).toBe(202)
    // The plug is pulled only once a worker has taken the job and the provider is at work: the crash under test.
    let status = 'queued'
    for (let attempt = 0; attempt < 300 && status !== 'running'; attempt += 1) {
      status = (await client.json<{ status: string }>(`/api/generations/${accepted.body.id}`)).body.status
      if (status !== 'running') await new Promise((resolve) => setTimeout(resolve, 50))
    }
    expect(status).toBe('running')
    expect((await client.me()).body.credits).toBe(1)
    await product.stop('SIGKILL')

    product = await startProductProcess({ ...base, GENERATION_PROVIDER: 'local' })
    const done = await waitForGeneration(client, accepted.body.id, 60_000)
    expect(done.status).toBe('succeeded')
    const me = await client.me()
    expect(me.body.credits).toBe(1)
    await product.stop('SIGTERM')
    product = undefined

    const database = await openPglite(path.join(dataDir, 'pglite'))
    try {
      const userId = me.body.user!.id
      const designs = await database.db.select().from(userDesigns).where(eq(userDesigns.userId, userId))
      expect(designs).toHaveLength(1)
      expect(designs[0]).toMatchObject({ generationId: accepted.body.id, isFallback: false, creditsUsed: 1 })
      expect(await getCreditBalance(database.db, userId)).toBe(1)
      expect(await getLedgerSum(database.db, userId)).toBe(1)
    } finally {
      await database.close()
    }
  }, 120_000)
})
