// Reads Playwright's JSON report for the gate (scripts/test.mjs): what passed, failed and was skipped, which tests
// passed only on retry (flaky), and which of those failed only because the browser stopped drawing (decision 0067).
import { Buffer } from 'node:buffer'

/** The attachment tests/e2e/fixtures.ts adds after a failure, and the words it uses for a page that drew nothing. */
export const PAGE_STATE_ATTACHMENT = 'page state after the failure'
export const NO_FRAME = 'drew no frame in 2 s'
/** A page line (fixtures.ts, pageStateLine) of a visible, loaded, styled page that drew nothing. */
export const BROWSER_STALL_STATE = `: ${NO_FRAME}, visible, complete, stylesheets loaded,`

/**
 * Whether every failed attempt of a test ended with the browser itself stalled: a page that answered, was visible,
 * fully loaded with its stylesheets, and drew no frame in 2 s. A page still loading a stylesheet is held back by the
 * product, and a page that did not answer is busy with the product's code: neither counts.
 */
export function failedOnBrowserStall(test) {
  const failures = (test.results ?? []).filter((result) => result.status !== 'passed' && result.status !== 'skipped')
  return failures.length > 0 && failures.every((result) => (result.attachments ?? []).some((attachment) => {
    if (attachment.name !== PAGE_STATE_ATTACHMENT || !attachment.body) return false
    return Buffer.from(attachment.body, 'base64').toString('utf8').split('\n').some((line) => line.includes(BROWSER_STALL_STATE))
  }))
}

/** Counts for the gate's last line, the flaky tests that fail the run, and the browser stalls that do not. */
export function summariseE2eReport(report) {
  const stats = report.stats ?? {}
  const flaky = []
  const stalls = []
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue
        const name = `${spec.file ?? suite.file}: ${[...titles, spec.title].filter(Boolean).join(' › ')}`
        if (failedOnBrowserStall(test)) stalls.push(name)
        else flaky.push(name)
      }
    }
    for (const child of suite.suites ?? []) visit(child, [...titles, child.title])
  }
  for (const suite of report.suites ?? []) visit(suite, [])
  // A report whose tests could not be read still fails on its own count of flaky tests.
  const flakyCount = Math.max(flaky.length, (stats.flaky ?? 0) - stalls.length)
  return {
    passed: (stats.expected ?? 0) + stalls.length,
    failed: (stats.unexpected ?? 0) + flakyCount,
    skipped: stats.skipped ?? 0,
    flaky,
    flakyCount,
    stalls,
  }
}
