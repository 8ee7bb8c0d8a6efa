import { randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Database, Executor } from '../db/client'
import { jobs } from '../db/schema'
import type { Logger } from '../lib/logger'
import type { EnqueueOptions, JobHandler, JobQueue } from './job-queue'

export type DatabaseJobQueueOptions = {
  db: Database
  logger: Logger
  /** How often an idle worker looks for work. */
  pollMs?: number
  /** A running job whose worker has not renewed its lock for this long is presumed dead and is run again. */
  lockTimeoutMs?: number
  concurrency?: number
  workerId?: string
}

type JobRow = typeof jobs.$inferSelect

/** How far back an owner's last finished job counts when choosing whose job runs next. */
const FAIRNESS_WINDOW_MS = 60_000

/**
 * Jobs in a table of our own database, claimed with FOR UPDATE SKIP LOCKED: the same code is the
 * embedded default (PGlite, in-process) and a multi-worker queue on PostgreSQL. A worker that dies
 * mid-job leaves a stale lock; the job is claimed again after lockTimeoutMs (or at once, when a
 * single-process install restarts and calls recoverOrphans()).
 */
export function createDatabaseJobQueue(options: DatabaseJobQueueOptions): JobQueue & { recoverOrphans: () => Promise<number> } {
  const { db, logger } = options
  const pollMs = options.pollMs ?? 250
  const lockTimeoutMs = options.lockTimeoutMs ?? 120_000
  const concurrency = options.concurrency ?? 1
  const workerId = options.workerId ?? `worker-${randomUUID().slice(0, 8)}`
  let handlers: Record<string, JobHandler> = {}
  let running = false
  let wake: (() => void) | undefined
  const loops: Promise<void>[] = []
  const controller = new AbortController()

  async function claim(): Promise<JobRow | undefined> {
    const names = Object.keys(handlers)
    if (names.length === 0) return undefined
    const staleBefore = new Date(Date.now() - lockTimeoutMs)
    const recentSince = new Date(Date.now() - FAIRNESS_WINDOW_MS)
    // Fair between owners, least recently served first: of the ready jobs, the oldest one of the owner with the
    // fewest jobs running now and, among those, whose last job started or ended longest ago (an owner with nothing
    // in the last minute first). Under load that is round-robin between accounts whatever each did before: an
    // account that just ran ten designs in a row waits for no one's queue but the job already running. One owner
    // alone still runs first in, first out, and jobs without an owner count as one owner.
    const result = await db.execute(sql`
      update ${jobs} set status = 'running', locked_at = now(), locked_by = ${workerId}, attempts = ${jobs.attempts} + 1, updated_at = now()
      where ${jobs.id} = (
        select candidate.id from ${jobs} candidate
        where candidate.name in (${sql.join(
          names.map((name) => sql`${name}`),
          sql`, `,
        )})
          and ((candidate.status = 'queued' and candidate.run_at <= now()) or (candidate.status = 'running' and candidate.locked_at < ${staleBefore.toISOString()}))
        order by (
          select count(*) from ${jobs} busy
          where busy.owner is not distinct from candidate.owner and busy.id <> candidate.id and busy.status = 'running'
        ), (
          select max(served.updated_at) from ${jobs} served
          where served.owner is not distinct from candidate.owner and served.id <> candidate.id
            and (served.status = 'running' or (served.status in ('done', 'failed') and served.updated_at > ${recentSince.toISOString()}))
        ) asc nulls first, candidate.run_at
        for update skip locked
        limit 1
      )
      returning id`)
    const id = (result as unknown as { rows: Array<{ id: string }> }).rows[0]?.id
    if (!id) return undefined
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id))
    return row
  }

  async function finish(job: JobRow, outcome: 'done' | 'failed' | 'retry', error?: unknown) {
    const message = error instanceof Error ? error.message : error === undefined ? null : String(error)
    const status = outcome === 'retry' ? 'queued' : outcome
    const runAt = outcome === 'retry' ? new Date(Date.now() + Math.min(1000 * 2 ** job.attempts, 60_000)) : undefined
    await db
      .update(jobs)
      .set({ status, lockedAt: null, lockedBy: null, lastError: message, updatedAt: new Date(), ...(runAt ? { runAt } : {}) })
      .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId)))
  }

  async function runOne(): Promise<boolean> {
    const job = await claim()
    if (!job) return false
    const handler = handlers[job.name]
    if (!handler) return true
    // While the job runs its lock is renewed, so only a worker that has died (stopped renewing) loses it: a slow
    // but healthy job is never run a second time beside itself, however long it takes.
    const heartbeat = setInterval(() => {
      db.update(jobs)
        .set({ lockedAt: new Date() })
        .where(and(eq(jobs.id, job.id), eq(jobs.lockedBy, workerId), eq(jobs.status, 'running')))
        .catch((error: unknown) => logger.warn('job lock renewal failed', { jobId: job.id, error }))
    }, Math.max(50, Math.floor(lockTimeoutMs / 3)))
    try {
      await handler.run(job.payload, { jobId: job.id, attempt: job.attempts, signal: controller.signal })
      clearInterval(heartbeat)
      await finish(job, 'done')
    } catch (error) {
      clearInterval(heartbeat)
      const exhausted = job.attempts >= job.maxAttempts
      logger.warn('job failed', { jobId: job.id, job: job.name, attempt: job.attempts, exhausted, error })
      if (exhausted) {
        try {
          await handler.onExhausted?.(job.payload, error)
          await finish(job, 'failed', error)
        } catch (hookError) {
          // Leave it locked: after the lock timeout another worker retries the clean-up.
          logger.error('job clean-up failed', { jobId: job.id, error: hookError })
        }
      } else await finish(job, 'retry', error)
    }
    return true
  }

  async function loop() {
    while (running) {
      let worked = false
      try {
        worked = await runOne()
      } catch (error) {
        logger.error('job loop error', { error })
      }
      if (!worked && running) await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollMs)
        wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
    }
  }

  return {
    async enqueue(executor: Executor, name: string, payload: unknown, enqueueOptions: EnqueueOptions = {}) {
      const [row] = await executor
        .insert(jobs)
        .values({ name, payload, maxAttempts: enqueueOptions.maxAttempts ?? 3, runAt: enqueueOptions.runAt ?? new Date(), owner: enqueueOptions.owner ?? null })
        .returning({ id: jobs.id })
      // Wake an idle loop in this process; other processes find it on their next poll.
      setTimeout(() => wake?.(), 0)
      return row!.id
    },
    enqueueFrom(name, payload, from, enqueueOptions = {}) {
      const owner = enqueueOptions.owner ?? null
      return sql`insert into ${jobs} (name, payload, max_attempts, run_at, owner) select ${name}, ${payload}, ${enqueueOptions.maxAttempts ?? 3}, now(), ${owner} from ${from} returning id`
    },
    enqueued() {
      setTimeout(() => wake?.(), 0)
    },
    start(nextHandlers) {
      handlers = nextHandlers
      if (running) return
      running = true
      for (let index = 0; index < concurrency; index += 1) loops.push(loop())
    },
    async stop() {
      running = false
      controller.abort()
      wake?.()
      await Promise.allSettled(loops)
    },
    async drain() {
      while (await runOne()) {
        // keep going
      }
    },
    async recoverOrphans() {
      const result = await db
        .update(jobs)
        .set({ status: 'queued', lockedAt: null, lockedBy: null, updatedAt: new Date() })
        .where(eq(jobs.status, 'running'))
        .returning({ id: jobs.id })
      return result.length
    },
  }
}
