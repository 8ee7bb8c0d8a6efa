import type { Socket } from 'node:net'
import { sql } from 'drizzle-orm'
import type pg from 'pg'
import { describe, expect, it } from 'vitest'
import { openPostgres } from '../../src/server/db/client'

const baseUrl = process.env.TEST_DATABASE_URL

/** Cuts a pool client's connection, as a database restart would. */
function cut(client: pg.PoolClient): void {
  ;(client as unknown as { connection: { stream: Socket } }).connection.stream.destroy()
}

const rowsOf = (result: unknown) => (result as { rows: Array<{ n: number }> }).rows

describe.runIf(Boolean(baseUrl))('PostgreSQL connections cut under a transaction', () => {
  it('a transaction whose BEGIN fails gives its connection back, so the pool neither shrinks nor hangs on close', async () => {
    const handle = openPostgres(baseUrl!, { max: 1 })
    const pool = handle.pool!
    try {
      pool.once('acquire', cut)
      await expect(handle.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow()
      // With one connection in the pool, a leaked checkout would leave this waiting for the connect timeout.
      const answer = await handle.db.transaction(async (tx) => tx.execute(sql`select 41 + 1 as n`))
      expect(rowsOf(answer)[0]!.n).toBe(42)
      expect(pool.totalCount - pool.idleCount).toBe(0)
    } finally {
      await handle.close()
    }
  }, 20_000)

  it('a transaction whose connection dies mid-way fails once, and the next one succeeds', async () => {
    const handle = openPostgres(baseUrl!, { max: 1 })
    const pool = handle.pool!
    try {
      let checkedOut: pg.PoolClient | undefined
      pool.once('acquire', (client) => (checkedOut = client))
      const failing = handle.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`)
        cut(checkedOut!)
        await tx.execute(sql`select 2`)
      })
      await expect(failing).rejects.toThrow()
      const answer = await handle.db.transaction(async (tx) => tx.execute(sql`select 7 as n`))
      expect(rowsOf(answer)[0]!.n).toBe(7)
      expect(pool.totalCount - pool.idleCount).toBe(0)
    } finally {
      await handle.close()
    }
  }, 20_000)
})
