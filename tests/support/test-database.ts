import { readFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { openPostgres, wrapPglite, type DatabaseHandle } from '../../src/server/db/client'
import { seedDatabase } from '../../src/server/db/seed'
import { PGLITE_SNAPSHOT } from './paths'

export type DatabaseKind = 'pglite' | 'postgres'

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set (CI sets it). */
export const DATABASE_KINDS: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** A fresh, migrated and seeded database of the given kind; close() drops it. */
export async function openTestDatabase(kind: DatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const snapshot = readFileSync(PGLITE_SNAPSHOT)
    const client = await PGlite.create({ loadDataDir: new Blob([snapshot]) })
    return wrapPglite(client)
  }
  const database = await createPostgresDatabase('lavo_test')
  const handle = openPostgres(database.url, { max: 20 })
  await handle.migrate()
  await seedDatabase(handle.db)
  return {
    ...handle,
    close: async () => {
      await handle.close()
      await database.drop()
    },
  }
}

/** An empty PostgreSQL database of its own on the TEST_DATABASE_URL server (its name starts with `prefix`); drop() removes it. */
export async function createPostgresDatabase(prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const baseUrl = process.env.TEST_DATABASE_URL
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: baseUrl })
      await dropper.connect()
      await dropper.query(`drop database if exists ${name} with (force)`)
      await dropper.end()
    },
  }
}
