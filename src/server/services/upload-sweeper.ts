import { sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { generations, images, userDesigns } from '../db/schema'
import type { Logger } from '../lib/logger'
import type { ObjectStorage } from '../storage/object-storage'

const BATCH = 200

/**
 * Deletes stored images that no design uses and no open generation needs, once they are older than
 * maxAgeMs (24 h by default): photos uploaded and never transformed, and results of designs since deleted.
 * Rows go first, then their objects (local folder or S3); several workers may sweep at once, since each
 * deleted row is returned to exactly one of them. Returns how many images were removed.
 */
export async function sweepUnusedUploads(deps: { db: Database; storage: ObjectStorage; logger: Logger }, maxAgeMs: number, now = Date.now()): Promise<number> {
  const cutoff = new Date(now - maxAgeMs).toISOString()
  let removed = 0
  for (;;) {
    const result = await deps.db.execute(sql`
      delete from ${images} where ${images.id} in (
        select candidate.id from ${images} candidate
        where candidate.created_at < ${cutoff}
          and not exists (select 1 from ${userDesigns} d where d.original_image_id = candidate.id or d.transformed_image_id = candidate.id)
          and not exists (
            select 1 from ${generations} g
            where (g.input_image_id = candidate.id or g.result_image_id = candidate.id) and g.status in ('queued', 'running')
          )
        limit ${BATCH}
      )
      returning ${images.storageKey} as key`)
    const keys = (result as unknown as { rows: Array<{ key: string }> }).rows.map((row) => row.key)
    for (const key of keys) {
      try {
        await deps.storage.delete(key)
      } catch (error) {
        deps.logger.warn('unused upload: object not deleted', { key, error })
      }
    }
    removed += keys.length
    if (keys.length < BATCH) break
  }
  if (removed > 0) deps.logger.info('unused uploads deleted', { count: removed })
  return removed
}

/** Runs the sweep now and then every intervalMs; returns the stop function. */
export function startUploadSweeper(deps: { db: Database; storage: ObjectStorage; logger: Logger }, options: { maxAgeMs: number; intervalMs: number }): () => void {
  let running = false
  const sweep = () => {
    if (running) return
    running = true
    sweepUnusedUploads(deps, options.maxAgeMs)
      .catch((error: unknown) => deps.logger.error('unused upload sweep failed', { error }))
      .finally(() => {
        running = false
      })
  }
  const first = setTimeout(sweep, Math.min(options.intervalMs, 10_000))
  const timer = setInterval(sweep, options.intervalMs)
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
