import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { freePort, startProductProcess, type ProductProcess } from '../support/product-process'
import { startLocalS3, type LocalS3 } from '../support/s3-server'

const baseUrl = process.env.TEST_DATABASE_URL

// The scaled shape: stateless API processes and workers sharing one PostgreSQL and one S3 endpoint.
describe.runIf(Boolean(baseUrl))('two API processes and two workers on PostgreSQL and S3', () => {
  const databaseName = `lavo_scale_${randomBytes(5).toString('hex')}`
  let databaseUrl = ''
  let s3: LocalS3
  const processes: ProductProcess[] = []

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`create database ${databaseName}`)
    await admin.end()
    const url = new URL(baseUrl!)
    url.pathname = `/${databaseName}`
    databaseUrl = url.toString()
    s3 = await startLocalS3()
    const [portA, portB] = [await freePort(), await freePort()]
    // Both APIs serve one site: the public address, and the other API trusted as an origin.
    const site = { PUBLIC_URL: `http://127.0.0.1:${portA}`, TRUSTED_ORIGINS: `http://127.0.0.1:${portB}` }
    const shared = {
      ...site,
      DATABASE_URL: databaseUrl,
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      AUTH_SECRET: 'scale-test-secret-scale-test-secret-000001',
      ADMIN_TOKEN: 'scale-test-admin-token-0000000001',
      LOG_LEVEL: 'warn',
    }
    // Start them together: migrations take an advisory lock, so concurrent start-ups are safe.
    processes.push(
      ...(await Promise.all([
        startProductProcess({ ...shared, ROLE: 'api', PORT: String(portA) }),
        startProductProcess({ ...shared, ROLE: 'api', PORT: String(portB) }),
        startProductProcess({ ...shared, ROLE: 'worker', LOG_LEVEL: 'info' }),
        startProductProcess({ ...shared, ROLE: 'worker', LOG_LEVEL: 'info' }),
      ])),
    )
  }, 180_000)

  afterAll(async () => {
    await Promise.all(processes.map((process) => process.stop()))
    await s3?.close()
    const admin = new pg.Client({ connectionString: baseUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${databaseName} with (force)`)
    await admin.end()
  })

  it('50 users sign up, generate and buy across both APIs: every job once, every purchase once, the books balance, every image readable everywhere', async () => {
    const [apiA, apiB] = [processes[0]!.url, processes[1]!.url]
    const photo = readFileSync(fixturePhoto('cc0-interior-1.jpg'))
    const users = Array.from({ length: 50 }, (_, index) => ({ index, a: new TestClient(index % 2 ? apiA : apiB), email: uniqueEmail('scale') }))

    // Ten at a time: password hashing is deliberately slow, and this machine has two cores.
    const inBatches = async <T, R>(items: T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> => {
      const out: R[] = []
      for (let start = 0; start < items.length; start += size) out.push(...(await Promise.all(items.slice(start, start + size).map(work))))
      return out
    }
    await inBatches(users, 10, async (user) => {
      expect((await user.a.signUp(user.email)).status).toBe(200)
    })
    // The session works on the other API too: nothing lives in one process's memory.
    const onOther = (client: TestClient) => {
      const other = new TestClient(client.baseUrl === apiA ? apiB : apiA)
      ;(other as unknown as { cookies: Map<string, string> }).cookies = (client as unknown as { cookies: Map<string, string> }).cookies
      return other
    }

    const results = await inBatches(users, 10, async (user) => {
        const b = onOther(user.a)
        const imageId = await uploadPhoto(user.a, photo)
        const accepted = await b.json<{ id: string }>('/api/generations', { body: { imageId, style: ['coastal', 'glam', 'industrial', 'scandinavian'][user.index % 4] } })
        expect(accepted.status).toBe(202)
        const checkout = await user.a.json<{ sessionId: string }>('/api/checkout', { body: { packageId: 'starter' } })
        const paid = await b.json(`/api/checkout/test/${checkout.body.sessionId}/pay`, { method: 'POST', body: {} })
        expect(paid.status).toBe(200)
        const done = await waitForGeneration(user.a, accepted.body.id, 240_000)
        return { user, b, generation: done }
    })

    for (const { user, b, generation } of results) {
      expect(generation.status).toBe('succeeded')
      for (const client of [user.a, b]) {
        const image = await client.request(generation.result!.image as string)
        expect(image.status).toBe(200)
        expect(Buffer.from(await image.arrayBuffer()).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]))
      }
      expect((await b.me()).body).toMatchObject({ credits: 21, membershipTier: 'paid' })
    }

    const db = new pg.Client({ connectionString: databaseUrl })
    await db.connect()
    try {
      const jobs = await db.query(`select status, count(*)::int as n from jobs group by status`)
      expect(jobs.rows).toEqual([{ status: 'done', n: 50 }])
      const designs = await db.query(`select count(*)::int as n, count(distinct generation_id)::int as distinct_generations from user_designs`)
      expect(designs.rows[0]).toEqual({ n: 50, distinct_generations: 50 })
      const purchases = await db.query(`select count(*)::int as n from purchases where status = 'fulfilled'`)
      expect(purchases.rows[0].n).toBe(50)
      const grants = await db.query(`select count(*)::int as n from credit_ledger where reason = 'purchase'`)
      expect(grants.rows[0].n).toBe(50)
      const unbalanced = await db.query(`
        select c.user_id, c.credits, coalesce(sum(l.delta), 0)::int as ledger
        from user_credits c left join credit_ledger l on l.user_id = c.user_id
        group by c.user_id, c.credits having c.credits <> coalesce(sum(l.delta), 0)`)
      expect(unbalanced.rows).toEqual([])
    } finally {
      await db.end()
    }
  }, 400_000)
})
