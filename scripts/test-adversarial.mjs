// npm run test:adversarial — the adversarial suite alone (tests/adversarial), on PGlite and PostgreSQL
// (TEST_DATABASE_URL, or a server answering on 127.0.0.1:5432). Ends with one line: 'N passed, N failed'.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { withTestDatabase } from './local-postgres.mjs'

const root = path.resolve(import.meta.dirname, '..')
const report = path.join(root, '.tmp', 'adversarial-results.json')
rmSync(report, { force: true })
const result = spawnSync(path.join(root, 'node_modules', '.bin', 'vitest'), ['run', 'tests/adversarial', '--reporter=default', '--reporter=json', `--outputFile=${report}`], { cwd: root, stdio: 'inherit', env: await withTestDatabase() })
let passed = 0
let failed = result.status === 0 ? 0 : 1
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, 'utf8'))
  passed = json.numPassedTests ?? 0
  failed = (json.numFailedTests ?? 0) + (json.numFailedTestSuites ?? 0) + (result.status === 0 ? 0 : json.numFailedTests ? 0 : 1)
}
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(result.status === 0 ? 0 : 1)
