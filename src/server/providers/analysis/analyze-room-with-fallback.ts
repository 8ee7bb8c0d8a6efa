import { z } from 'zod'
import { FALLBACK_ROOM_ITEMS, RoomItemSchema, type RoomItem } from '../../../shared/products'
import type { Logger } from '../../lib/logger'
import type { RoomAnalysisInput, RoomAnalyzer } from './room-analyzer'

// spec §9 / issue 9 §3: room analysis times out after 90 s, is retried twice (after 2 s, then 4 s), and
// when it still fails the product list falls back to the generic items (the first 8 of the 10).

export const ROOM_ANALYSIS_TIMEOUT_MS = 90_000
export const ROOM_ANALYSIS_RETRY_DELAYS_MS: readonly number[] = [2_000, 4_000]
/** The longest the whole analysis may take with every attempt and wait of spec §9 (3 × 90 s + 2 s + 4 s): a caller's overall limit must not be shorter, or the last retry never runs. */
export const ROOM_ANALYSIS_BUDGET_MS = ROOM_ANALYSIS_TIMEOUT_MS * (ROOM_ANALYSIS_RETRY_DELAYS_MS.length + 1) + ROOM_ANALYSIS_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)
export const FALLBACK_ITEM_COUNT = 8

/** Shown when the analyzer failed in a way it reports (bad response, no model, timeout). */
export const ANALYSIS_FAILED_MESSAGE = 'Could not analyze room image'
/** Shown when the failure was an unexpected exception (a bug, not the analyzer saying no). */
export const UNEXPECTED_FAILURE_MESSAGE = 'An error occurred while getting product recommendations'

/**
 * The failure an analyzer reports on purpose: the remote model answered badly, the local model could not
 * load, the image could not be read. Anything else an analyzer throws counts as unexpected.
 */
export class RoomAnalysisError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'RoomAnalysisError'
  }
}

export class RoomAnalysisTimeoutError extends RoomAnalysisError {
  constructor(timeoutMs: number) {
    super(`Room analysis took longer than ${timeoutMs} ms`)
    this.name = 'RoomAnalysisTimeoutError'
  }
}

export type AnalyzeRoomInput = Omit<RoomAnalysisInput, 'signal'> & {
  /** Cancels the whole analysis (e.g. the job was stopped): no further attempts, the fallback is returned. */
  signal?: AbortSignal
}

export type AnalyzeRoomOptions = {
  timeoutMs?: number
  retryDelaysMs?: readonly number[]
  /** Injectable for tests, so retries do not really wait seconds. */
  sleep?: (ms: number) => Promise<void>
  logger?: Logger
}

export type RoomAnalysisOutcome = {
  items: RoomItem[]
  /** False when the items are the generic fallback. */
  analysisUsed: boolean
  /** User-facing explanation when the fallback was used. */
  message?: string
}

const AnalyzerItemsSchema = z.array(RoomItemSchema).min(1)

function defaultSleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function abortReason(signal: AbortSignal): unknown {
  return signal.reason ?? new RoomAnalysisError('Room analysis was cancelled')
}

/** One attempt: the analyzer's answer, or a rejection at the timeout or when the caller cancels. */
async function attemptAnalysis(analyzer: RoomAnalyzer, input: AnalyzeRoomInput, timeoutMs: number): Promise<RoomItem[]> {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  let onCallerAbort: (() => void) | undefined
  // The analyzer gets a signal it can honour, but we never rely on it doing so: the race ends the attempt.
  const stopped = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      const timeout = new RoomAnalysisTimeoutError(timeoutMs)
      controller.abort(timeout)
      reject(timeout)
    }, timeoutMs)
    onCallerAbort = () => {
      const reason = abortReason(input.signal as AbortSignal)
      controller.abort(reason)
      reject(reason)
    }
    input.signal?.addEventListener('abort', onCallerAbort, { once: true })
  })
  try {
    const items = await Promise.race([analyzer.analyze({ ...input, signal: controller.signal }), stopped])
    const parsed = AnalyzerItemsSchema.safeParse(items)
    if (!parsed.success) throw new RoomAnalysisError(`The ${analyzer.name} analyzer returned no usable items: ${parsed.error.message}`)
    return parsed.data
  } finally {
    clearTimeout(timer)
    if (onCallerAbort) input.signal?.removeEventListener('abort', onCallerAbort)
  }
}

/**
 * Runs the analyzer with a timeout and retries, and never throws: on final failure it returns the first
 * 8 generic items with `analysisUsed: false`. Every failure is retried (a transient bug is retried like
 * a transient outage); the message depends on the last failure: an analyzer error or timeout reads
 * "Could not analyze room image", an unexpected exception "An error occurred while getting product
 * recommendations" (and is logged as an error rather than a warning).
 */
export async function analyzeRoomWithFallback(analyzer: RoomAnalyzer, input: AnalyzeRoomInput, options: AnalyzeRoomOptions = {}): Promise<RoomAnalysisOutcome> {
  const timeoutMs = options.timeoutMs ?? ROOM_ANALYSIS_TIMEOUT_MS
  const retryDelays = options.retryDelaysMs ?? ROOM_ANALYSIS_RETRY_DELAYS_MS
  const sleep = options.sleep ?? defaultSleep
  const log = options.logger?.child({ analyzer: analyzer.name, styleId: input.styleId, paletteId: input.paletteId })

  let lastError: unknown
  for (let attempt = 0; attempt <= retryDelays.length; attempt += 1) {
    if (attempt > 0) await sleep(retryDelays[attempt - 1] ?? 0)
    if (input.signal?.aborted) {
      lastError ??= abortReason(input.signal)
      break
    }
    try {
      return { items: await attemptAnalysis(analyzer, input, timeoutMs), analysisUsed: true }
    } catch (error) {
      lastError = error
      log?.warn('room analysis attempt failed', { attempt: attempt + 1, error })
    }
  }

  const expected = lastError instanceof RoomAnalysisError || input.signal?.aborted === true
  if (!expected) log?.error('room analysis failed unexpectedly', { error: lastError })
  return {
    items: FALLBACK_ROOM_ITEMS.slice(0, FALLBACK_ITEM_COUNT).map((item) => ({ ...item, searchTerms: [...item.searchTerms] })),
    analysisUsed: false,
    message: expected ? ANALYSIS_FAILED_MESSAGE : UNEXPECTED_FAILURE_MESSAGE,
  }
}
