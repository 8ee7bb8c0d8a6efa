import { describe, expect, it } from 'vitest'
import { EVERYONE, type Change, type ChangeFeed } from '../db/change-feed'
import { UserReadCache } from './user-read-cache'

/** A change feed driven by the test: announce() is a committed change, `upToDate` whether the feed can vouch. */
function manualFeed() {
  const listeners: Array<(change: Change) => void> = []
  const feed = {
    upToDate: true,
    announce: (userId: string, table = 'user_credits') => listeners.forEach((listener) => listener(userId === EVERYONE ? EVERYONE : { table, userId })),
    subscribe: (listener: (change: Change) => void) => void listeners.push(listener),
    caughtUp: () => Promise.resolve(feed.upToDate),
    close: async () => undefined,
  }
  return feed satisfies ChangeFeed
}

function counter(userId: string, values: string[]) {
  let calls = 0
  return {
    load: async () => ({ userId, value: values[calls++] ?? 'later' }),
    calls: () => calls,
  }
}

describe('UserReadCache', () => {
  it('serves a repeated read from memory until the user’s rows in a table it depends on change', async () => {
    const feed = manualFeed()
    const cache = new UserReadCache<string>(feed, { tables: ['user_credits'], maxEntries: 10, maxAgeMs: 60_000 })
    const alice = counter('alice', ['v1', 'v2'])
    expect(await cache.read('alice-me', alice.load)).toBe('v1')
    expect(await cache.read('alice-me', alice.load)).toBe('v1')
    expect(alice.calls()).toBe(1)
    feed.announce('bob')
    feed.announce('alice', 'user_designs')
    expect(await cache.read('alice-me', alice.load)).toBe('v1')
    feed.announce('alice')
    expect(await cache.read('alice-me', alice.load)).toBe('v2')
    expect(alice.calls()).toBe(2)
  })

  it('drops everything when the feed was interrupted, and reads the database while it cannot vouch', async () => {
    const feed = manualFeed()
    const cache = new UserReadCache<string>(feed, { tables: ['user_credits'], maxEntries: 10, maxAgeMs: 60_000 })
    const alice = counter('alice', ['v1', 'v2', 'v3', 'v4'])
    await cache.read('k', alice.load)
    feed.announce(EVERYONE)
    expect(cache.size).toBe(0)
    expect(await cache.read('k', alice.load)).toBe('v2')
    feed.upToDate = false
    expect(await cache.read('k', alice.load)).toBe('v3')
    expect(await cache.read('k', alice.load)).toBe('v4')
    expect(alice.calls()).toBe(4)
  })

  it('does not keep a value loaded while a change was announced (it may predate the change)', async () => {
    const feed = manualFeed()
    const cache = new UserReadCache<string>(feed, { tables: ['user_credits'], maxEntries: 10, maxAgeMs: 60_000 })
    let calls = 0
    const load = async () => {
      calls += 1
      if (calls === 1) feed.announce('alice')
      return { userId: 'alice', value: `v${calls}` }
    }
    expect(await cache.read('k', load)).toBe('v1')
    expect(await cache.read('k', load)).toBe('v2')
    expect(await cache.read('k', load)).toBe('v2')
    expect(calls).toBe(2)
  })

  it('keeps at most maxEntries (oldest out), no entry older than maxAgeMs, and never caches a miss', async () => {
    const feed = manualFeed()
    const cache = new UserReadCache<string>(feed, { tables: ['user_credits'], maxEntries: 2, maxAgeMs: 60_000 })
    for (const key of ['a', 'b', 'c']) await cache.read(key, async () => ({ userId: key, value: key }))
    expect(cache.size).toBe(2)
    let reloaded = false
    await cache.read('a', async () => ((reloaded = true), { userId: 'a', value: 'a' }))
    expect(reloaded).toBe(true)

    const brief = new UserReadCache<string>(feed, { tables: ['user_credits'], maxEntries: 10, maxAgeMs: 20 })
    const alice = counter('alice', ['v1', 'v2'])
    await brief.read('k', alice.load)
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(await brief.read('k', alice.load)).toBe('v2')

    let misses = 0
    const nobody = async () => ((misses += 1), undefined)
    expect(await cache.read('ghost', nobody)).toBeUndefined()
    expect(await cache.read('ghost', nobody)).toBeUndefined()
    expect(misses).toBe(2)
  })
})
