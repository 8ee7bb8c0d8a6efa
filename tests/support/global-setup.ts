import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { wrapPglite } from '../../src/server/db/client'
import { seedDatabase } from '../../src/server/db/seed'
import { PGLITE_SNAPSHOT } from './paths'

// A fresh PGlite runs initdb (~3 s, ~700 MB). Migrate and seed once, snapshot the data directory,
// and let every test file load the snapshot instead.
export default async function setup() {
  mkdirSync(path.dirname(PGLITE_SNAPSHOT), { recursive: true })
  const handle = wrapPglite(await PGlite.create())
  await handle.migrate()
  await seedDatabase(handle.db)
  const dump = await handle.pglite!.dumpDataDir('gzip')
  writeFileSync(PGLITE_SNAPSHOT, Buffer.from(await dump.arrayBuffer()))
  await handle.close()
}
