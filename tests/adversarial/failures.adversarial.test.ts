import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/client'
import { createPromoCode } from '../../src/server/services/promo-codes'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../support/http-client'
import { fixturePhoto } from '../support/paths'
import { freePort, startProductProcess, type ProductProcess } from '../support/product-process'
import { startTestServer } from '../support/test-server'
import { expectBooksBalanced } from './books'

const baseUrl = process.env.TEST_DATABASE_URL
const SECRET = 'adversarial-secret-adversarial-secret-01'

async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `lavo_adv_${randomBytes(5).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(baseUrl!)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}

/** Polls a generation until it has the status (true), or 10 s pass (false). */
async function waitForStatus(client: TestClient, id: string, status: string): Promise<boolean> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if ((await client.json<{ status: string }>(`/api/generations/${id}`)).body.status === status) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return false
}

describe('a worker SIGKILLed mid-job', () => {
  const processes: ProductProcess[] = []
  const cleanups: Array<() => Promise<void> | void> = []
  afterAll(async () => {
    for (const process of processes) await process.stop('SIGKILL')
    for (const cleanup of cleanups) await cleanup()
  })

  it('on the embedded database: after a restart, one design and one charge', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lavo-adv-kill-'))
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const port = await freePort()
    const base = { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, AUTH_SECRET: SECRET }
    let product = await startProductProcess({ ...base, GENERATION_PROVIDER: 'stalling', GENERATION_TIMEOUT_MS: '120000' })
    processes.push(product)
    const client = new TestClient(product.url)
    await client.signUp(uniqueEmail('kill'))
    const imageId = await uploadPhoto(client, readFileSync(fixturePhoto('cc0-interior-3.jpg')))
    const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'coastal' } })
    // Killed while the job is running (its provider never answers), not merely queued.
    expect(await waitForStatus(client, accepted.body.id, 'running')).toBe(true)
    await product.stop('SIGKILL')
    product = await startProductProcess({ ...base, GENERATION_PROVIDER: 'local' })
    processes.push(product)
    expect((await waitForGeneration(client, accepted.body.id, 90_000)).status).toBe('succeeded')
    expect((await client.me()).body.credits).toBe(1)
    await product.stop()
    const database = await openPglite(path.join(dataDir, 'pglite'))
    try {
      await expectBooksBalanced(database)
      const designs = await database.db.execute(`select count(*)::int as n from user_designs`)
      expect((designs as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1)
    } finally {
      await database.close()
    }
  }, 180_000)

  it.runIf(Boolean(baseUrl))('on PostgreSQL: another worker takes the job over once the lock expires', async () => {
    const database = await freshPostgres()
    cleanups.push(database.drop)
    const port = await freePort()
    const shared = { DATABASE_URL: database.url, AUTH_SECRET: SECRET, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'lavo-adv-pg-')), JOB_LOCK_TIMEOUT_MS: '3000' }
    const api = await startProductProcess({ ...shared, ROLE: 'api', PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` })
    processes.push(api)
    const stuck = await startProductProcess({ ...shared, ROLE: 'worker', GENERATION_PROVIDER: 'stalling', GENERATION_TIMEOUT_MS: '120000' })
    processes.push(stuck)
    const client = new TestClient(api.url)
    await client.signUp(uniqueEmail('pgkill'))
    const imageId = await uploadPhoto(client, readFileSync(fixturePhoto('cc0-interior-3.jpg')))
    const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style: 'glam' } })
    expect(await waitForStatus(client, accepted.body.id, 'running')).toBe(true)
    await stuck.stop('SIGKILL')
    const rescuer = await startProductProcess({ ...shared, ROLE: 'worker', GENERATION_PROVIDER: 'local' })
    processes.push(rescuer)
    expect((await waitForGeneration(client, accepted.body.id, 90_000)).status).toBe('succeeded')
    expect((await client.me()).body.credits).toBe(1)
    const handle = openPostgres(database.url, { max: 2 })
    try {
      await expectBooksBalanced(handle)
      const designs = await handle.db.execute(`select count(*)::int as n from user_designs`)
      expect((designs as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(1)
    } finally {
      await handle.close()
    }
  }, 180_000)
})

describe.runIf(Boolean(baseUrl))('PostgreSQL restarted mid-request', () => {
  it('answers a clean 5xx, writes no partial ledger rows, and is consistent after recovery', async () => {
    const server = await startTestServer({ kind: 'postgres' })
    let observer: DatabaseHandle | undefined
    try {
      const users = []
      for (let index = 0; index < 8; index += 1) {
        const client = new TestClient(server.url)
        await client.signUp(uniqueEmail('restart'))
        users.push(client)
      }
      await createPromoCode(server.database.db, { code: 'RESTART', credits: 2 })
      const databaseName = new URL((server.database.pool as unknown as { options: { connectionString: string } }).options.connectionString).pathname.slice(1)
      const databaseUrl = new URL(baseUrl!)
      databaseUrl.pathname = `/${databaseName}`
      // The promo code's row is held by another session, so every redemption is inside its transaction,
      // waiting on the database, when the connections are cut (as a database restart cuts them).
      const holder = new pg.Client({ connectionString: databaseUrl.toString() })
      holder.on('error', () => undefined)
      await holder.connect()
      await holder.query('begin')
      await holder.query(`select * from promo_codes where code = 'RESTART' for update`)
      const inFlight = users.map((client) => client.request('/api/promo-codes/redeem', { body: { code: 'RESTART' } }))
      const killer = new pg.Client({ connectionString: baseUrl })
      await killer.connect()
      const waiting = async () =>
        Number((await killer.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'`, [databaseName])).rows[0].n)
      await expect.poll(waiting, { timeout: 20_000 }).toBeGreaterThanOrEqual(users.length)
      await killer.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [databaseName])
      await killer.end()
      await holder.end().catch(() => undefined)
      const responses = await Promise.all(inFlight)
      for (const response of responses) {
        // A clean 5xx with the generic message: no stack, no driver text.
        expect(response.status).toBeGreaterThanOrEqual(500)
        const body = (await response.json()) as { error?: { message: string } }
        expect(body.error?.message).toBe('Something went wrong on our side. Please try again.')
      }
      // After the outage: the same requests succeed (or say they already did), and nothing is half-written.
      for (const client of users) expect([200, 409]).toContain((await client.request('/api/promo-codes/redeem', { body: { code: 'RESTART' } })).status)
      observer = openPostgres(databaseUrl.toString(), { max: 1 })
      await expectBooksBalanced(observer)
      const redemptions = await observer.db.execute(`select count(*)::int as n from promo_redemptions`)
      const grants = await observer.db.execute(`select count(*)::int as n from credit_ledger where reason = 'promo'`)
      const counted = await observer.db.execute(`select redemption_count as n from promo_codes where code = 'RESTART'`)
      const n = (result: unknown) => (result as { rows: Array<{ n: number }> }).rows[0]!.n
      expect(n(redemptions)).toBe(8)
      expect(n(grants)).toBe(8)
      expect(n(counted)).toBe(8)
    } finally {
      await observer?.close()
      await server.close()
    }
  }, 120_000)
})
