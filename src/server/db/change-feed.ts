import type { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { Logger } from '../lib/logger'

/** The channel migration 0001's triggers announce a changed user id on. */
export const USER_CHANGED_CHANNEL = 'lavo_user_changed'
/** A committed change to one of a user's rows in a table; EVERYONE when any data may have changed unheard. */
export type Change = { table: string; userId: string } | typeof EVERYONE
export const EVERYONE = '*'

/** Reads a notification payload ('table:user id'). */
export function parseChange(payload: string): Change | undefined {
  const colon = payload.indexOf(':')
  if (colon < 1 || colon === payload.length - 1) return undefined
  return { table: payload.slice(0, colon), userId: payload.slice(colon + 1) }
}

/**
 * Committed changes to a user's session, account, designs or product lists, as announced by the
 * database's triggers (decision 0008). Per-process read caches drop a user's entries when told.
 */
export type ChangeFeed = {
  subscribe(listener: (change: Change) => void): void
  /**
   * Resolves true once every change committed before `since` (a performance.now() time; default: the
   * call) has reached the listeners; false when the feed cannot promise that now (not connected yet,
   * or reconnecting), and a cached read must then go to the database instead.
   */
  caughtUp(since?: number): Promise<boolean>
  close(): Promise<void>
}

const CAUGHT_UP = Promise.resolve(true)
const NOT_CAUGHT_UP = Promise.resolve(false)

/** A feed that never promises anything: caches that use it always read the database. */
export const noChangeFeed: ChangeFeed = { subscribe: () => undefined, caughtUp: () => NOT_CAUGHT_UP, close: async () => undefined }

function listenerSet() {
  const listeners = new Set<(change: Change) => void>()
  const broadcast = (change: Change) => {
    for (const listener of listeners) listener(change)
  }
  return {
    add: (listener: (change: Change) => void) => void listeners.add(listener),
    broadcast,
    /** A notification's payload; one that cannot be read means anything may have changed. */
    heard: (payload: string) => broadcast(parseChange(payload) ?? EVERYONE),
  }
}

/**
 * PGlite runs in this process and hands a notification to its listeners (as a microtask) while it reads
 * the result of the committing statement, before the writer's query returns: once listening, every
 * committed change has always been heard.
 */
export function pgliteChangeFeed(client: PGlite, logger: Logger): ChangeFeed {
  const listeners = listenerSet()
  let listening = false
  const unlisten = client
    .listen(USER_CHANGED_CHANNEL, listeners.heard)
    .then((stop) => {
      listening = true
      return stop
    })
  unlisten.catch((error: unknown) => logger.error('change feed could not listen; cached reads are off', { error }))
  return {
    subscribe: listeners.add,
    caughtUp: () => (listening ? CAUGHT_UP : NOT_CAUGHT_UP),
    close: async () => {
      listening = false
      if (!client.closed) await (await unlisten.catch(() => undefined))?.()
    },
  }
}

/**
 * PostgreSQL sends notifications to a dedicated listening connection. They travel apart from the
 * writer's reply, so "caught up" is proven by a round trip on that connection: PostgreSQL delivers the
 * notifications of every transaction committed before a query ahead of that query's ReadyForQuery.
 * Concurrent callers share round trips, and each waits for one that started after it asked.
 */
export function postgresChangeFeed(connectionString: string, logger: Logger): ChangeFeed {
  const listeners = listenerSet()
  let connected: pg.Client | undefined
  let closed = false
  let running: Promise<boolean> | undefined
  let queued: Promise<boolean> | undefined
  /** When the latest completed round trip started: everything committed before then has been heard. */
  let heardUpTo = -Infinity

  function lose(client: pg.Client, error?: Error) {
    if (connected !== client) return
    connected = undefined
    heardUpTo = -Infinity
    // Changes may be committed unheard until the feed is back: nothing cached can be trusted.
    listeners.broadcast(EVERYONE)
    if (closed) return
    logger.warn('change feed connection lost; cached reads are off until it is back', { error })
    void connect()
  }

  async function connect(): Promise<void> {
    for (let attempt = 0; !closed; attempt += 1) {
      const client = new pg.Client({ connectionString, application_name: 'lavo-change-feed', keepAlive: true })
      client.on('notification', (message) => {
        if (message.channel === USER_CHANGED_CHANNEL) listeners.heard(message.payload ?? '')
      })
      client.on('error', (error) => lose(client, error))
      client.on('end', () => lose(client))
      try {
        await client.connect()
        await client.query(`LISTEN ${USER_CHANGED_CHANNEL}`)
        if (closed) {
          await client.end()
          return
        }
        listeners.broadcast(EVERYONE)
        connected = client
        return
      } catch (error) {
        client.end().catch(() => undefined)
        if (attempt === 0) logger.warn('change feed could not connect; retrying', { error })
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 250 * 2 ** attempt)).unref())
      }
    }
  }

  async function roundTrip(): Promise<boolean> {
    const client = connected
    const startedAt = performance.now()
    try {
      if (!client) return false
      await client.query('select 1')
      if (connected !== client) return false
      heardUpTo = Math.max(heardUpTo, startedAt)
      return true
    } catch {
      return false
    } finally {
      running = undefined
    }
  }

  void connect()
  return {
    subscribe: listeners.add,
    caughtUp(since = performance.now()) {
      if (!connected) return NOT_CAUGHT_UP
      // A round trip that started after `since` has already come back (another read of the same request, say).
      if (since <= heardUpTo) return CAUGHT_UP
      if (!running) return (running = roundTrip())
      // A round trip already under way may have started before this call: wait for the next one.
      return (queued ??= running.then(() => {
        queued = undefined
        return (running ??= roundTrip())
      }))
    },
    close: async () => {
      closed = true
      const client = connected
      connected = undefined
      await client?.end().catch(() => undefined)
    },
  }
}
