// Runs every benchmark under bench/ (or those whose file name contains an argument), one after another.
// Arguments from the first one starting with -- on are passed to each benchmark run
// (npm run bench -- engine-accuracy --scenes DIR).
// Each benchmark prints its own figures; a benchmark that exits non-zero fails the run. The database benchmarks
// measure PGlite and PostgreSQL (TEST_DATABASE_URL, or a server answering on 127.0.0.1:5432). Each runs as the built
// server runs: in production mode, with the allocator setting its launcher gives it (src/launch.ts, decision 0058).
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { tsImport } from 'tsx/esm/api'
import { withTestDatabase } from './local-postgres.mjs'

const args = process.argv.slice(2)
const firstOption = args.findIndex((arg) => arg.startsWith('--'))
const filters = firstOption === -1 ? args : args.slice(0, firstOption)
const passed = firstOption === -1 ? [] : args.slice(firstOption)
const benchDir = path.resolve(import.meta.dirname, '..', 'bench')
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort()

const { STEADY_ALLOCATOR_ENV } = await tsImport('../src/server/lib/steady-allocator.ts', import.meta.url)
const env = { ...(await withTestDatabase()), ...STEADY_ALLOCATOR_ENV }
let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file), ...passed], { stdio: 'inherit', env: { ...env, NODE_ENV: 'production' } })
  if (result.status !== 0) failed += 1
}
console.log(`\n${files.length - failed} benchmarks passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
