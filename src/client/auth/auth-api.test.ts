import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api'
import { fetchMe, SESSION_READ_TIMEOUT_MS, type Me } from './auth-api'

const SIGNED_IN: Me = { user: { id: 'user-1', email: 'ada@example.com', name: 'Ada' }, credits: 3, membershipTier: 'paid' }

/**
 * A fake /api/me: the requests listed in `hangs` (0-based) never answer and reject with the signal's reason when it
 * aborts, as browsers do; the others answer `SIGNED_IN`.
 */
function fakeSessionServer(hangs: number[]) {
  let requests = 0
  const fetch = vi.fn<typeof globalThis.fetch>((_input, init) => {
    const index = requests++
    if (!hangs.includes(index)) return Promise.resolve(Response.json(SIGNED_IN))
    return new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
  })
  return { fetch, requests: () => requests }
}

beforeEach(() => {
  vi.useFakeTimers()
  // Node's AbortSignal.timeout runs on its own timers, which fake timers cannot move; this one runs on setTimeout.
  vi.spyOn(AbortSignal, 'timeout').mockImplementation((milliseconds) => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')), milliseconds)
    return controller.signal
  })
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  vi.unstubAllGlobals()
})

describe('fetchMe', () => {
  it('A session read that hangs is given up after 2 s and tried again, and the retry signs the visitor in', async () => {
    const server = fakeSessionServer([0])
    vi.stubGlobal('fetch', server.fetch)
    const read = fetchMe()
    await vi.advanceTimersByTimeAsync(SESSION_READ_TIMEOUT_MS - 1)
    expect(server.requests()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    await expect(read).resolves.toEqual(SIGNED_IN)
    expect(server.requests()).toBe(2)
    expect(SESSION_READ_TIMEOUT_MS).toBe(2000)
  })

  it('A session read that times out twice fails as a timeout after the one retry', async () => {
    const server = fakeSessionServer([0, 1])
    vi.stubGlobal('fetch', server.fetch)
    const failure = fetchMe().catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(2 * SESSION_READ_TIMEOUT_MS)
    const error = await failure
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ code: 'timeout' })
    expect(server.requests()).toBe(2)
  })

  it('A session read that cannot reach the server is not retried', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')))
    vi.stubGlobal('fetch', fetch)
    await expect(fetchMe()).rejects.toMatchObject({ code: 'network' })
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
