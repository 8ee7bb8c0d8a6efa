// Runs every benchmark under bench/ (or those whose file name contains an argument), one after another.
// Each benchmark prints its own figures; a benchmark that exits non-zero fails the run.
import { readdirSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const filters = process.argv.slice(2)
const benchDir = path.resolve(import.meta.dirname, '..', 'bench')
const files = readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => filters.length === 0 || filters.some((filter) => name.includes(filter)))
  .sort()

let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(benchDir, file)], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) failed += 1
}
console.log(`\n${files.length - failed} benchmarks passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
