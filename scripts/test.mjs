// The one gate (`npm test`): typecheck, lint, build, unit + integration (Vitest), e2e in Chromium (Playwright).
// Every step runs even when an earlier one failed (except e2e, which needs the build), and the run ends
// with one line counting every test: 'N passed, N failed, N skipped'. An e2e test that passed only on retry
// (flaky) counts as failed and is named, unless it failed only because Chromium stopped drawing (decision 0067).
// With EXPECT_POSTGRES=1 (.ci/run sets it when a PostgreSQL server answered) a run in which no test ran on
// PostgreSQL fails: it never passes on PGlite alone by accident.
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { spawn, spawnSync } from 'node:child_process'
import path from 'node:path'
import { stripVTControlCharacters } from 'node:util'
import { summariseE2eReport } from './e2e-report.mjs'

const root = path.resolve(import.meta.dirname, '..')
const tmp = path.join(root, '.tmp')
const vitestJson = path.join(tmp, 'vitest-results.json')
const playwrightJson = path.join(tmp, 'playwright-results.json')
rmSync(vitestJson, { force: true })
rmSync(playwrightJson, { force: true })

const only = process.argv.slice(2)
const failures = []
const outputs = new Map()

async function run(name, command, args, env = {}, { keepOutput = false } = {}) {
  if (only.length > 0 && !only.includes(name)) return true
  console.log(`\n▶ ${name}: ${[command, ...args].join(' ')}`)
  const started = Date.now()
  const options = { cwd: root, env: { ...process.env, ...env } }
  const result = keepOutput ? await runTeed(command, args, options) : spawnSync(command, args, { ...options, stdio: 'inherit' })
  if (keepOutput) outputs.set(name, result.output)
  const ok = result.status === 0
  console.log(`${ok ? '✔' : '✖'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`)
  if (!ok) failures.push(name)
  return ok
}

/** Runs a command with its output shown as it comes and also kept (stdout and stderr, in the order they came). */
function runTeed(command, args, options) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['inherit', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk)
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk)
      output += chunk
    })
    child.on('close', (status) => resolve({ status, output }))
  })
}

const npx = (bin) => path.join(root, 'node_modules', '.bin', bin)

await run('typecheck', 'sh', ['-c', `${npx('react-router')} typegen && ${npx('tsc')} --noEmit`])
await run('lint', npx('eslint'), ['--max-warnings', '0', '.'])
const built = await run('build', 'npm', ['run', '--silent', 'build'])
await run('vitest', npx('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile=${vitestJson}`], {}, { keepOutput: true })
if (built) {
  const chromium = await run('chromium', process.execPath, [path.join(root, 'scripts', 'ensure-chromium.mjs')])
  if (chromium) await run('e2e', npx('playwright'), ['test'])
} else if (only.length === 0 || only.includes('e2e')) {
  failures.push('e2e (skipped: the build failed)')
}

let passed = 0
let failed = 0
let skipped = 0
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'))
  passed += report.numPassedTests ?? 0
  failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0)
  skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // Every suite that runs on both databases names it ('... on postgres').
  const onPostgres = (report.testResults ?? []).flatMap((file) => file.assertionResults ?? []).filter((test) => test.status === 'passed' && / on postgres\b/.test(test.fullName ?? ''))
  if (process.env.EXPECT_POSTGRES === '1' && onPostgres.length === 0) {
    console.log('\n✖ PostgreSQL was expected (EXPECT_POSTGRES=1) but no test passed on it: the run counts as failed.')
    failures.push('vitest on PostgreSQL')
  }
} else if (process.env.EXPECT_POSTGRES === '1' && (only.length === 0 || only.includes('vitest'))) {
  failures.push('vitest on PostgreSQL (no report)')
}
if (existsSync(playwrightJson)) {
  const e2e = summariseE2eReport(JSON.parse(readFileSync(playwrightJson, 'utf8')))
  passed += e2e.passed
  failed += e2e.failed
  skipped += e2e.skipped
  if (e2e.stalls.length > 0) {
    console.log(`\n⚠ ${e2e.stalls.length} e2e test(s) failed once because Chromium stopped drawing (decision 0067: the page answered, was visible, loaded and styled, and drew no frame in 2 s), then passed in a fresh browser:`)
    for (const name of e2e.stalls) console.log(`  ${name}`)
  }
  if (e2e.flakyCount > 0) {
    console.log(`\n✖ ${e2e.flakyCount} e2e test(s) passed only on retry (flaky), which fails the run:`)
    for (const name of e2e.flaky) console.log(`  ${name}`)
    failures.push('e2e (flaky)')
  }
}

// Steps without a test count (typecheck, lint, build) count as one failure each when they fail.
for (const name of failures) if (!['vitest', 'e2e', 'e2e (flaky)'].includes(name)) failed += 1

// A CI log is often read from its tail, where Vitest's account of what failed has long scrolled away under the e2e
// run: it is repeated here (its "Failed Suites" and "Failed Tests" sections, without colours, at most 200 lines).
const vitestOutput = stripVTControlCharacters(outputs.get('vitest') ?? '')
const failedSection = vitestOutput.search(/⎯+ Failed (Suites|Tests) \d+ ⎯+/)
if (failures.includes('vitest') && failedSection >= 0) {
  const end = vitestOutput.search(/\n\s*Test Files /)
  const lines = vitestOutput.slice(failedSection, end > failedSection ? end : undefined).trimEnd().split('\n')
  console.log(`\n✖ What failed in Vitest, again:\n${lines.slice(0, 200).join('\n')}${lines.length > 200 ? `\n… ${lines.length - 200} more lines above` : ''}`)
}
if (failures.length > 0) console.log(`\nFailed steps: ${failures.join(', ')}`)
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`)
process.exit(failures.length === 0 && failed === 0 ? 0 : 1)
