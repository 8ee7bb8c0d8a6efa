import { describe, expect, it } from 'vitest'
import { createDatabaseJobQueue } from '../../src/server/jobs/database-job-queue'
import { createLogger } from '../../src/server/lib/logger'
import { DATABASE_KINDS, openTestDatabase } from '../support/test-database'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(DATABASE_KINDS)('the job queue on %s', (kind) => {
  it('A job that runs longer than the lock timeout is not taken over while its worker is alive (a killed worker’s is: see the adversarial suite)', async () => {
    const database = await openTestDatabase(kind)
    const logger = createLogger('error')
    const options = { db: database.db, logger, pollMs: 20, lockTimeoutMs: 300 }
    const first = createDatabaseJobQueue({ ...options, workerId: 'first' })
    const second = createDatabaseJobQueue({ ...options, workerId: 'second' })
    try {
      const runs: string[] = []
      const slow = (worker: string) => ({
        slow: {
          run: async () => {
            runs.push(worker)
            await sleep(1_200)
          },
        },
      })
      await first.enqueue(database.db, 'slow', {})
      first.start(slow('first'))
      await sleep(100)
      // A second worker polls all through the slow job, four lock timeouts long.
      second.start(slow('second'))
      await sleep(1_400)
      expect(runs).toEqual(['first'])

    } finally {
      await first.stop()
      await second.stop()
      await database.close()
    }
  }, 30_000)
})
