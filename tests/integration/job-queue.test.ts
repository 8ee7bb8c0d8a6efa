import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { jobs } from '../../src/server/db/schema'
import { createDatabaseJobQueue } from '../../src/server/jobs/database-job-queue'
import { createLogger } from '../../src/server/lib/logger'
import { DATABASE_KINDS, openTestDatabase } from '../support/test-database'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(DATABASE_KINDS)('the job queue on %s', (kind) => {
  it('A job that runs longer than the lock timeout is not taken over while its worker is alive (a killed worker’s is: see the adversarial suite)', async () => {
    const database = await openTestDatabase(kind)
    const logger = createLogger('error')
    const options = { db: database.db, logger, pollMs: 20, lockTimeoutMs: 1_000 }
    const first = createDatabaseJobQueue({ ...options, workerId: 'first' })
    const second = createDatabaseJobQueue({ ...options, workerId: 'second' })
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    try {
      const runs: string[] = []
      const handlers = (worker: string) => ({
        // The slow job lasts until the test lets it finish.
        slow: {
          run: async () => {
            runs.push(`${worker}:slow`)
            await released
          },
        },
        // A quick job only the second worker can take (the first is busy): proof that the second is polling.
        probe: { run: async (payload: unknown) => void runs.push(`${worker}:probe:${(payload as { n: number }).n}`) },
      })
      const until = async (what: string, done: () => boolean) => {
        for (const started = Date.now(); !done(); await sleep(10)) if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}; runs: ${runs.join(', ')}`)
      }
      await first.enqueue(database.db, 'slow', {})
      first.start(handlers('first'))
      await until('the first worker to take the slow job', () => runs.includes('first:slow'))
      // Its worker renews the lock while the job runs (the behaviour under test); wait for the first renewal, so the
      // time between the claim and the job's start on a busy machine is not mistaken for a dead worker.
      const lockedAt = async () => (await database.db.select({ lockedAt: jobs.lockedAt }).from(jobs).where(eq(jobs.name, 'slow')))[0]?.lockedAt?.getTime()
      const claimedAt = await lockedAt()
      for (const started = Date.now(); (await lockedAt()) === claimedAt; await sleep(20)) if (Date.now() - started > 10_000) throw new Error('the running job’s lock was never renewed')
      second.start(handlers('second'))
      await first.enqueue(database.db, 'probe', { n: 1 })
      await until('the second worker to take the first probe', () => runs.includes('second:probe:1'))
      // Three lock timeouts pass while the second worker polls; then it still answers, and the slow job is still the first's alone.
      await sleep(3 * options.lockTimeoutMs)
      await first.enqueue(database.db, 'probe', { n: 2 })
      await until('the second worker to take the second probe', () => runs.includes('second:probe:2'))
      expect(runs).toEqual(['first:slow', 'second:probe:1', 'second:probe:2'])
      release()
      let status: string | undefined
      for (const started = Date.now(); status !== 'done' && Date.now() - started < 10_000; await sleep(20)) {
        status = (await database.db.select({ status: jobs.status }).from(jobs).where(eq(jobs.name, 'slow')))[0]?.status
      }
      expect(status).toBe('done')
      expect(runs.filter((run) => run.endsWith(':slow'))).toEqual(['first:slow'])
    } finally {
      release()
      await first.stop()
      await second.stop()
      await database.close()
    }
  }, 30_000)

  it('An account that just ran many jobs waits only for the job already running, not for another account’s whole queue (least recently served first)', async () => {
    const database = await openTestDatabase(kind)
    const logger = createLogger('error')
    const runs: string[] = []
    const handlers = { work: { run: async (payload: unknown) => void runs.push((payload as { tag: string }).tag) } }
    const runAll = async (expected: number) => {
      const queue = createDatabaseJobQueue({ db: database.db, logger, pollMs: 20 })
      queue.start(handlers)
      for (const started = Date.now(); runs.length < expected; await sleep(10)) if (Date.now() - started > 10_000) throw new Error(`timed out; runs: ${runs.join(', ')}`)
      await queue.stop()
    }
    try {
      // The patient account's history: five designs in a row, all finished within the last minute.
      for (let index = 1; index <= 5; index += 1) await createDatabaseJobQueue({ db: database.db, logger }).enqueue(database.db, 'work', { tag: `patient-${index}` }, { owner: 'patient' })
      await runAll(5)
      // Then another account queues three and the patient account one more, after them.
      const enqueue = createDatabaseJobQueue({ db: database.db, logger })
      for (let index = 1; index <= 3; index += 1) {
        await enqueue.enqueue(database.db, 'work', { tag: `flood-${index}` }, { owner: 'flooder' })
        await sleep(5)
      }
      await enqueue.enqueue(database.db, 'work', { tag: 'patient-6' }, { owner: 'patient' })
      await runAll(9)
      // The flooder has run nothing recently, so its first job goes first; then the patient account's, whose last
      // job ended before the flooder's did; then the rest of the flood. (Counting recent jobs instead would run
      // the whole flood first.)
      expect(runs.slice(5)).toEqual(['flood-1', 'patient-6', 'flood-2', 'flood-3'])
    } finally {
      await database.close()
    }
  }, 30_000)
})
