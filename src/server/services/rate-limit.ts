import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { rateLimit } from '../db/schema'

/**
 * Counts one request against `key` in a fixed window kept in the database (shared by every API process).
 * Returns false once more than `max` requests fall in the current window.
 */
export async function consumeRateLimit(db: Database, key: string, limit: { windowMs: number; max: number }, now = Date.now()): Promise<boolean> {
  const windowStart = now - limit.windowMs
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} < ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count })
  return (row?.count ?? 1) <= limit.max
}
