import { sql } from 'drizzle-orm'
import { expect } from 'vitest'
import type { DatabaseHandle } from '../../src/server/db/client'

/** The invariant every adversarial run ends on: for every user, the balance equals the ledger's sum. */
export async function expectBooksBalanced(database: DatabaseHandle): Promise<void> {
  const result = await database.db.execute(sql`
    select c.user_id, c.credits, coalesce((select sum(l.delta) from credit_ledger l where l.user_id = c.user_id), 0)::int as ledger
    from user_credits c
    where c.credits <> coalesce((select sum(l.delta) from credit_ledger l where l.user_id = c.user_id), 0)`)
  expect((result as unknown as { rows: unknown[] }).rows).toEqual([])
  const negative = await database.db.execute(sql`select user_id from user_credits where credits < 0`)
  expect((negative as unknown as { rows: unknown[] }).rows).toEqual([])
}
