import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import { wrapPglite } from '../../src/server/db/client'
import { seedDatabase } from '../../src/server/db/seed'
import { PGLITE_SNAPSHOT } from './paths'

// A fresh PGlite runs initdb (~3 s, ~700 MB). Migrate and seed once, snapshot the data directory,
// and let every test file load the snapshot instead.
export default async function setup() {
  await checkPostgres()
  mkdirSync(path.dirname(PGLITE_SNAPSHOT), { recursive: true })
  const handle = wrapPglite(await PGlite.create())
  await handle.migrate()
  await seedDatabase(handle.db)
  const dump = await handle.pglite!.dumpDataDir('gzip')
  writeFileSync(PGLITE_SNAPSHOT, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
}

/**
 * The PostgreSQL half must run when it is asked for: with EXPECT_POSTGRES=1 (.ci/run sets it when a server
 * answered) TEST_DATABASE_URL is required, and a TEST_DATABASE_URL that cannot be reached stops the run here,
 * loudly, rather than leaving every PostgreSQL test to fail alone or the run to pass on PGlite.
 */
async function checkPostgres() {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    if (process.env.EXPECT_POSTGRES === '1') throw new Error('EXPECT_POSTGRES=1 but TEST_DATABASE_URL is not set: the PostgreSQL half of the suite would not run.')
    return
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select 1')
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL (${url.replace(/\/\/[^@/]*@/, '//')}) does not answer: ${error instanceof Error ? error.message : String(error)}. Start PostgreSQL or unset TEST_DATABASE_URL.`, { cause: error })
  } finally {
    await client.end().catch(() => undefined)
  }
}
