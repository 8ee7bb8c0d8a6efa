import { describe, expect, it } from 'vitest'
import { FALLBACK_ROOM_ITEMS, type RoomItem } from '../../../shared/products'
import { createLogger } from '../../lib/logger'
import {
  ANALYSIS_FAILED_MESSAGE,
  ROOM_ANALYSIS_BUDGET_MS,
  ROOM_ANALYSIS_RETRY_DELAYS_MS,
  ROOM_ANALYSIS_TIMEOUT_MS,
  RoomAnalysisError,
  UNEXPECTED_FAILURE_MESSAGE,
  analyzeRoomWithFallback,
} from './analyze-room-with-fallback'
import type { RoomAnalysisInput, RoomAnalyzer } from './room-analyzer'

const ITEMS: RoomItem[] = [
  { name: 'Brass widespread faucet', description: 'Two handles.', category: 'Fixtures', retailerSuggestion: 'Home Depot', searchTerms: ['brass widespread bathroom faucet'] },
  { name: 'Brass vanity sconce', description: 'A pair.', category: 'Lighting', retailerSuggestion: 'Lowes', searchTerms: ['brass vanity sconce'] },
]

const INPUT = { image: Buffer.from('jpeg'), styleId: 'glam', paletteId: 'jewel-tones', roomType: 'bathroom' } as const

/** An analyzer that plays a script, one step per attempt, and remembers the signals it was given. */
function scriptedAnalyzer(steps: ((input: RoomAnalysisInput) => Promise<RoomItem[]>)[]) {
  const signals: AbortSignal[] = []
  const analyzer: RoomAnalyzer = {
    name: 'scripted',
    analyze(input) {
      signals.push(input.signal)
      const step = steps[signals.length - 1]
      if (!step) throw new Error('analyzer called more often than scripted')
      return step(input)
    },
  }
  return { analyzer, signals }
}

function recordingSleep() {
  const delays: number[] = []
  return { delays, sleep: async (ms: number) => void delays.push(ms) }
}

function memoryLogger() {
  const lines: { level: string; msg: string }[] = []
  return { lines, logger: createLogger('debug', {}, (line) => lines.push(JSON.parse(line) as { level: string; msg: string })) }
}

const fail = (error: unknown) => () => Promise.reject(error)
const succeed = () => Promise.resolve(ITEMS)
const never = () => new Promise<RoomItem[]>(() => {})

describe('analyzeRoomWithFallback', () => {
  it('waits 90 s and retries after 2 s and 4 s by default', () => {
    expect(ROOM_ANALYSIS_TIMEOUT_MS).toBe(90_000)
    expect(ROOM_ANALYSIS_RETRY_DELAYS_MS).toEqual([2_000, 4_000])
    // Callers give the whole analysis at least this long, so the third attempt always gets its turn.
    expect(ROOM_ANALYSIS_BUDGET_MS).toBe(3 * 90_000 + 2_000 + 4_000)
  })

  it('returns the analyzer’s items when the first attempt succeeds', async () => {
    const { analyzer } = scriptedAnalyzer([succeed])
    const { delays, sleep } = recordingSleep()
    expect(await analyzeRoomWithFallback(analyzer, INPUT, { sleep })).toEqual({ items: ITEMS, analysisUsed: true })
    expect(delays).toEqual([])
  })

  it('retries after 2 s and then 4 s, and uses the third attempt’s items', async () => {
    const { analyzer, signals } = scriptedAnalyzer([fail(new RoomAnalysisError('HTTP 500')), fail(new RoomAnalysisError('HTTP 502')), succeed])
    const { delays, sleep } = recordingSleep()
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { sleep })
    expect(outcome).toEqual({ items: ITEMS, analysisUsed: true })
    expect(delays).toEqual([2_000, 4_000])
    expect(signals).toHaveLength(3)
  })

  it('falls back to the first 8 generic items after three analyzer failures', async () => {
    const { analyzer, signals } = scriptedAnalyzer([fail(new RoomAnalysisError('a')), fail(new RoomAnalysisError('b')), fail(new RoomAnalysisError('c'))])
    const { delays, sleep } = recordingSleep()
    const { lines, logger } = memoryLogger()
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { sleep, logger })
    expect(outcome).toEqual({ items: FALLBACK_ROOM_ITEMS.slice(0, 8), analysisUsed: false, message: ANALYSIS_FAILED_MESSAGE })
    expect(outcome.message).toBe('Could not analyze room image')
    expect(signals).toHaveLength(3)
    expect(delays).toEqual([2_000, 4_000])
    expect(lines.filter((line) => line.level === 'warn')).toHaveLength(3)
    expect(lines.filter((line) => line.level === 'error')).toHaveLength(0)
  })

  it('times each attempt out, aborting the analyzer’s signal, and falls back', async () => {
    const { analyzer, signals } = scriptedAnalyzer([never, never, never])
    const { sleep } = recordingSleep()
    const started = Date.now()
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { sleep, timeoutMs: 30 })
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(outcome).toEqual({ items: FALLBACK_ROOM_ITEMS.slice(0, 8), analysisUsed: false, message: 'Could not analyze room image' })
    expect(signals.map((signal) => signal.aborted)).toEqual([true, true, true])
    expect(signals[0]?.reason).toBeInstanceOf(RoomAnalysisError)
  })

  it('recovers when only the first attempt times out', async () => {
    const { analyzer } = scriptedAnalyzer([never, succeed])
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { sleep: recordingSleep().sleep, timeoutMs: 30 })
    expect(outcome).toEqual({ items: ITEMS, analysisUsed: true })
  })

  it('treats an empty or malformed item list as a failure', async () => {
    const malformed = [{ name: '', description: 'x', category: 'Gadgets', retailerSuggestion: 'Amazon', searchTerms: [] }] as unknown as RoomItem[]
    const { analyzer, signals } = scriptedAnalyzer([() => Promise.resolve([]), () => Promise.resolve(malformed), () => Promise.resolve([])])
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { sleep: recordingSleep().sleep })
    expect(outcome.analysisUsed).toBe(false)
    expect(outcome.message).toBe(ANALYSIS_FAILED_MESSAGE)
    expect(signals).toHaveLength(3)
  })

  it('says something went wrong, and logs an error, when the failure was an unexpected exception', async () => {
    const bug = () => Promise.reject(new TypeError('Cannot read properties of undefined'))
    const { analyzer, signals } = scriptedAnalyzer([bug, bug, bug])
    const { lines, logger } = memoryLogger()
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { sleep: recordingSleep().sleep, logger })
    expect(outcome).toEqual({ items: FALLBACK_ROOM_ITEMS.slice(0, 8), analysisUsed: false, message: UNEXPECTED_FAILURE_MESSAGE })
    expect(outcome.message).toBe('An error occurred while getting product recommendations')
    expect(signals).toHaveLength(3)
    expect(lines.filter((line) => line.level === 'error').map((line) => line.msg)).toEqual(['room analysis failed unexpectedly'])
  })

  it('judges the message by the last failure', async () => {
    const { analyzer } = scriptedAnalyzer([fail(new TypeError('bug')), fail(new TypeError('bug')), fail(new RoomAnalysisError('HTTP 503'))])
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { sleep: recordingSleep().sleep })
    expect(outcome.message).toBe(ANALYSIS_FAILED_MESSAGE)
  })

  it('stops retrying when the caller cancels, and falls back', async () => {
    const controller = new AbortController()
    const { analyzer, signals } = scriptedAnalyzer([
      () => {
        controller.abort(new Error('job cancelled'))
        return never()
      },
      succeed,
    ])
    const outcome = await analyzeRoomWithFallback(analyzer, { ...INPUT, signal: controller.signal }, { sleep: recordingSleep().sleep })
    expect(outcome).toEqual({ items: FALLBACK_ROOM_ITEMS.slice(0, 8), analysisUsed: false, message: ANALYSIS_FAILED_MESSAGE })
    expect(signals).toHaveLength(1)
    expect(signals[0]?.aborted).toBe(true)
  })

  it('hands out copies of the fallback items, so callers cannot change the catalogue', async () => {
    const { analyzer } = scriptedAnalyzer([fail(new RoomAnalysisError('x'))])
    const outcome = await analyzeRoomWithFallback(analyzer, INPUT, { retryDelaysMs: [] })
    outcome.items[0]?.searchTerms.push('changed')
    expect(FALLBACK_ROOM_ITEMS[0]?.searchTerms).toEqual(['single handle bathroom faucet'])
  })
})
