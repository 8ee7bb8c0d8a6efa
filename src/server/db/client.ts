import { existsSync, mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import type { Logger } from '../lib/logger'
import { pgliteChangeFeed, postgresChangeFeed, type ChangeFeed } from './change-feed'
import { schema } from './schema'

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

/** Anything that can run queries: the database or an open transaction. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute'>

const MIGRATION_LOCK = 72_430_001

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Runs the committed migrations (idempotent). */
  migrate: () => Promise<void>
  /** true when the database answers a trivial query. */
  ping: () => Promise<boolean>
  /** The committed-change announcements per-process read caches follow (opened on first use, closed with the handle). */
  changes: (logger: Logger) => ChangeFeed
  close: () => Promise<void>
  /** PGlite only: the raw instance (tests snapshot it). */
  pglite?: PGlite
  /** PostgreSQL only: the pool. */
  pool?: pg.Pool
}

// Migrations sit beside this file in the source tree and beside main.js in the built server.
function migrationsFolder(): string {
  const candidates = [path.join(import.meta.dirname, 'migrations'), path.join(import.meta.dirname, 'db', 'migrations')]
  const found = candidates.find((candidate) => existsSync(candidate))
  if (!found) throw new Error(`Database migrations not found (looked in ${candidates.join(', ')})`)
  return found
}

/** Opens a change feed on first use and closes it (if opened) before the database itself. */
function changeFeedOwner(open: (logger: Logger) => ChangeFeed) {
  let feed: ChangeFeed | undefined
  return {
    changes: (logger: Logger) => (feed ??= open(logger)),
    closeChanges: async () => {
      await feed?.close()
    },
  }
}

export function openPostgres(connectionString: string, options: { max?: number } = {}): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10, connectionTimeoutMillis: 15_000 })
  // An idle client's error (server restart) must not crash the process; the pool replaces it.
  const logConnectionError = (error: Error) => console.error(JSON.stringify({ level: 'error', msg: 'postgres connection error', error: error.message }))
  pool.on('error', logConnectionError)
  // A connection lost while checked out (a database restart mid-request) must fail that request, not crash the process.
  pool.on('connect', (client) => client.on('error', logConnectionError))
  const db = drizzlePg(releasingOnFailure(pool), { schema }) as unknown as Database
  const feed = changeFeedOwner((logger) => postgresChangeFeed(connectionString, logger))
  return {
    db,
    kind: 'postgres',
    pool,
    migrate: async () => {
      // Several processes may start at once: one migrates while the others wait on an advisory lock.
      const client = await pool.connect()
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK])
        await migratePg(drizzlePg(client), { migrationsFolder: migrationsFolder() })
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined)
        client.release()
      }
    },
    ping: () => pingWith(() => pool.query('select 1')),
    changes: feed.changes,
    close: async () => {
      await feed.closeChanges()
      await pool.end()
    },
  }
}

/**
 * drizzle's transaction() takes a client from the pool and never gives it back when BEGIN itself fails
 * (a connection cut by a database restart): each such request would leak a connection until the pool
 * is empty, and pool.end() would wait for ever. So the clients drizzle takes out release themselves,
 * with the error (the pool then discards them), as soon as their connection fails, and any later
 * release of the same checkout is a no-op.
 */
function releasingOnFailure(pool: pg.Pool): pg.Pool {
  const connect = async (): Promise<pg.PoolClient> => {
    const client = await pool.connect()
    const poolRelease = client.release
    let released = false
    const release = (error?: Error | boolean) => {
      if (released) return
      released = true
      client.off('error', releaseBroken)
      client.off('end', releaseEnded)
      poolRelease(error)
    }
    const releaseBroken = (error: Error) => release(error)
    const releaseEnded = () => release(new Error('Connection ended'))
    client.on('error', releaseBroken)
    client.on('end', releaseEnded)
    client.release = release
    return client
  }
  return new Proxy(pool, {
    get(target, property) {
      if (property === 'connect') return connect
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

export function wrapPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema }) as unknown as Database
  const feed = changeFeedOwner((logger) => pgliteChangeFeed(client, logger))
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: async () => {
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrationsFolder() })
    },
    ping: () => pingWith(() => client.query('select 1')),
    changes: feed.changes,
    close: async () => {
      await feed.closeChanges()
      if (!client.closed) await client.close()
    },
  }
}

export async function openPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const client = await PGlite.create(dataDir)
  return wrapPglite(client)
}

async function pingWith(query: () => Promise<unknown>): Promise<boolean> {
  try {
    await Promise.race([query(), new Promise((_, reject) => setTimeout(() => reject(new Error('timeout')), 2_000))])
    return true
  } catch {
    return false
  }
}

/** PGlite under DATA_DIR by default; PostgreSQL when DATABASE_URL is set. */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(path.join(options.dataDir, 'pglite'))
}
