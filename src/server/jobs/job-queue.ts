import type { SQL } from 'drizzle-orm'
import type { Executor } from '../db/client'

export type JobHandler = {
  /** Does the work. Throwing schedules a retry with back-off until maxAttempts. */
  run: (payload: unknown, context: { jobId: string; attempt: number; signal: AbortSignal }) => Promise<void>
  /** Called once when the job has failed for good (every attempt used). */
  onExhausted?: (payload: unknown, error: unknown) => Promise<void>
}

/** owner: whose job it is (an account id). Workers share their time fairly between owners (decision 0013-fair-job-scheduling). */
export type EnqueueOptions = { maxAttempts?: number; runAt?: Date; owner?: string }

/**
 * Durable background jobs. enqueue() takes the caller's transaction, so a job exists exactly when the
 * change that asked for it committed: accepted work is never lost, and rolled-back work never runs.
 */
export interface JobQueue {
  enqueue: (executor: Executor, name: string, payload: unknown, options?: EnqueueOptions) => Promise<string>
  /**
   * enqueue() as one part of a caller's own single statement (a data-modifying CTE): inserts one job per
   * row of `from`, with `payload` (jsonb) computed from that row. Call enqueued() once the statement has
   * committed.
   */
  enqueueFrom: (name: string, payload: SQL, from: SQL, options?: { maxAttempts?: number; owner?: SQL | string }) => SQL
  /** Tells this process's idle workers that jobs were added (other processes find them on their next poll). */
  enqueued: () => void
  /** Starts working the named queues in this process. */
  start: (handlers: Record<string, JobHandler>) => void
  stop: () => Promise<void>
  /** Runs ready jobs until none is left (tests and the embedded default use it to drain promptly). */
  drain?: () => Promise<void>
}
