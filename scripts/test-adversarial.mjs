// npm run test:adversarial — the adversarial suite alone (tests/adversarial), on PGlite and PostgreSQL
// (TEST_DATABASE_URL, or a server answering on 127.0.0.1:5432). Ends with one line: 'N passed, N failed'.
// Part of the suite attacks the built server as the README starts it, so the build is brought up to date first.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { withTestDatabase } from './local-postgres.mjs'

const root = path.resolve(import.meta.dirname, '..')

function newestChange(target) {
  const stats = statSync(target)
  if (!stats.isDirectory()) return stats.mtimeMs
  return Math.max(stats.mtimeMs, ...readdirSync(target).map((entry) => newestChange(path.join(target, entry))))
}
const built = [path.join(root, 'dist', 'server', 'main.js'), path.join(root, 'build', 'client', 'index.html')]
const builtAt = built.every((file) => existsSync(file)) ? Math.min(...built.map((file) => statSync(file).mtimeMs)) : 0
const sourcesAt = Math.max(newestChange(path.join(root, 'src')), newestChange(path.join(root, 'package-lock.json')))
if (builtAt < sourcesAt) {
  console.log('building the product (npm run build): the adversarial suite runs the built server')
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) {
    console.log('\n0 passed, 1 failed')
    process.exit(1)
  }
}
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
