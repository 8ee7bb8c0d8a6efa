// The one gate (`npm test`): typecheck, lint, build, unit + integration (Vitest), e2e in Chromium (Playwright).
// Every step runs even when an earlier one failed (except e2e, which needs the build), and the run ends
// with one line counting every test: 'N passed, N failed'.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { spawnSync } from 'node:child_process'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
const tmp = path.join(root, '.tmp')
const vitestJson = path.join(tmp, 'vitest-results.json')
const playwrightJson = path.join(tmp, 'playwright-results.json')
rmSync(vitestJson, { force: true })
rmSync(playwrightJson, { force: true })

const only = process.argv.slice(2)
const failures = []

function run(name, command, args, env = {}) {
  if (only.length > 0 && !only.includes(name)) return true
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
  const ok = result.status === 0
  console.log(`${ok ? '✔' : '✖'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (!ok) failures.push(name)
  return ok
}

const npx = (bin) => path.join(root, 'node_modules', '.bin', bin)

run('typecheck', 'sh', ['-c', `${npx('react-router')} typegen && ${npx('tsc')} --noEmit`])
run('lint', npx('eslint'), ['--max-warnings', '0', '.'])
const built = run('build', 'npm', ['run', '--silent', 'build'])
run('vitest', npx('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`])
if (built) {
  const chromium = run('chromium', process.execPath, [path.join(root, 'scripts', 'ensure-chromium.mjs')])
  if (chromium) run('e2e', npx('playwright'), ['test'])
} else if (only.length === 0 || only.includes('e2e')) {
  failures.push('e2e (skipped: the build failed)')
}

let passed = 0
let failed = 0
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0)
}
if (existsSync(playwrightJson)) {
  const stats = JSON.parse(readFileSync(playwrightJson, 'utf8')).stats ?? {}
  passed += (stats.expected ?? 0) + (stats.flaky ?? 0)
  failed += stats.unexpected ?? 0
  if (stats.flaky) console.log(`\n⚠ ${stats.flaky} e2e test(s) passed only on retry (flaky): see the list above.`)
}
// Steps without a test count (typecheck, lint, build) count as one failure each when they fail.
for (const name of failures) if (!['vitest', 'e2e'].includes(name)) failed += 1

if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failures.length === 0 && failed === 0 ? 0 : 1)
