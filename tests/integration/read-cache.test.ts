import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { postgresChangeFeed, USER_CHANGED_CHANNEL } from '../../src/server/db/change-feed'
import { productLists, session, user, userDesigns, userProfiles } from '../../src/server/db/schema'
import { createLogger } from '../../src/server/lib/logger'
import { grantCredits } from '../../src/server/services/credits'
import type { DesignPage } from '../../src/shared/schemas/designs'
import { TestClient, uniqueEmail } from '../support/http-client'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

// The API keeps sessions, accounts and design pages in a per-process cache (decision 0008). These tests
// change the data behind the API's back, straight in the database, and expect the very next request to
// see it: the cache must be exactly as fresh as the database.

const grantOne = (server: TestServer, userId: string) => grantCredits(server.database.db, { userId, amount: 1, reason: 'admin', reference: randomUUID() })

async function signedUp(server: TestServer) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('cache'))
  return { client, userId: (await client.me()).body.user!.id as string }
}

describe.each(DATABASE_KINDS)('cached reads on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('the next request sees a balance or tier changed in the database, every time', async () => {
    const { client, userId } = await signedUp(server)
    for (let round = 1; round <= 25; round += 1) {
      expect((await client.me()).body.credits).toBe(1 + round)
      await grantOne(server, userId)
      expect((await client.me()).body.credits).toBe(2 + round)
    }
    expect((await client.me()).body.membershipTier).toBe('free')
    await server.database.db.update(userProfiles).set({ membershipTier: 'paid' }).where(eq(userProfiles.id, userId))
    expect((await client.me()).body.membershipTier).toBe('paid')
    await server.database.db.update(user).set({ name: 'Renamed Elsewhere' }).where(eq(user.id, userId))
    expect(((await client.me()).body.user as { name?: string } | null)?.name).toBe('Renamed Elsewhere')
  })

  it('the next request sees a design or product list added in the database', async () => {
    const { client, userId } = await signedUp(server)
    const page = async () => (await client.json<DesignPage>('/api/designs')).body
    for (let round = 1; round <= 10; round += 1) {
      expect((await page()).total).toBe(round - 1)
      await server.database.db.insert(userDesigns).values({ userId, originalImageUrl: '/x', transformedImageUrl: '/y', style: 'glam', designTitle: `Design ${round}` })
      expect((await page()).total).toBe(round)
    }
    const [newest] = (await page()).designs
    expect(newest!.has_products).toBe(false)
    await server.database.db.insert(productLists).values({ designId: newest!.id, userId, items: [] })
    expect((await page()).designs[0]!.has_products).toBe(true)
  })

  it('a session removed in the database (revoked elsewhere) is signed out on the next request', async () => {
    const { client, userId } = await signedUp(server)
    expect((await client.me()).body.user?.id).toBe(userId)
    expect((await client.json('/api/designs')).status).toBe(200)
    await server.database.db.delete(session).where(eq(session.userId, userId))
    expect((await client.me()).body.user).toBeNull()
    expect((await client.json('/api/designs')).status).toBe(401)
  })
})

const baseUrl = process.env.TEST_DATABASE_URL

describe.runIf(Boolean(baseUrl))('the PostgreSQL change feed', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind: 'postgres' })
  })
  afterAll(async () => {
    await server?.close()
  })

  const databaseUrl = () => (server.database.pool as unknown as { options: { connectionString: string } }).options.connectionString

  it('once caught up, has heard every change committed before it was asked', async () => {
    const feed = postgresChangeFeed(databaseUrl(), createLogger('silent'))
    const writer = new pg.Client({ connectionString: databaseUrl() })
    await writer.connect()
    try {
      const heard = new Set<string>()
      feed.subscribe((change) => heard.add(change === '*' ? change : `${change.table}:${change.userId}`))
      while (!(await feed.caughtUp())) await new Promise((resolve) => setTimeout(resolve, 20))
      for (let round = 0; round < 50; round += 1) {
        await writer.query('select pg_notify($1, $2)', [USER_CHANGED_CHANNEL, `user_credits:user-${round}`])
        expect(await feed.caughtUp()).toBe(true)
        expect(heard.has(`user_credits:user-${round}`)).toBe(true)
      }
      // Concurrent callers share round trips and are all answered.
      expect(await Promise.all(Array.from({ length: 20 }, () => feed.caughtUp()))).toEqual(Array(20).fill(true))
    } finally {
      await writer.end()
      await feed.close()
    }
  })

  it('reads stay exact while the feed connection is cut, and caching resumes when it is back', async () => {
    const { client, userId } = await signedUp(server)
    const name = new URL(databaseUrl()).pathname.slice(1)
    const killer = new pg.Client({ connectionString: baseUrl })
    await killer.connect()
    const feedConnections = async () =>
      Number((await killer.query(`select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'lavo-change-feed'`, [name])).rows[0].n)
    try {
      expect(await feedConnections()).toBe(1)
      const before = (await client.me()).body.credits as number
      await killer.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and application_name = 'lavo-change-feed'`, [name])
      await grantOne(server, userId)
      expect((await client.me()).body.credits).toBe(before + 1)
      for (let waited = 0; (await feedConnections()) < 1 && waited < 100; waited += 1) await new Promise((resolve) => setTimeout(resolve, 100))
      expect(await feedConnections()).toBe(1)
      for (let round = 2; round <= 6; round += 1) {
        await grantOne(server, userId)
        expect((await client.me()).body.credits).toBe(before + round)
      }
    } finally {
      await killer.end()
    }
  })
})
