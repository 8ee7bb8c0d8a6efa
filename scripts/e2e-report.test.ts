import { Buffer } from 'node:buffer'
import { describe, expect, it } from 'vitest'
import { pageStateLine, type PageState } from '../tests/e2e/fixtures'
import { PAGE_STATE_ATTACHMENT, summariseE2eReport } from './e2e-report.mjs'

const stalled: PageState = { address: '/how-it-works', painting: false, visibility: 'visible', readyState: 'complete', loadingStylesheets: 0, scrollY: 0, focus: 'body' }
const attempt = (status: string, pageState?: string) => ({
  status,
  attachments: pageState === undefined ? [] : [{ name: PAGE_STATE_ATTACHMENT, contentType: 'text/plain', body: Buffer.from(pageState).toString('base64') }],
})
const report = (tests: Array<{ title: string; results: ReturnType<typeof attempt>[] }>) => ({
  stats: {
    expected: tests.filter((test) => test.results.every((result) => result.status === 'passed')).length,
    unexpected: tests.filter((test) => test.results.every((result) => result.status !== 'passed')).length,
    flaky: tests.filter((test) => test.results.length > 1 && test.results.at(-1)!.status === 'passed').length,
    skipped: 0,
  },
  suites: [{ file: 'a.test.ts', specs: tests.map((test) => ({ title: test.title, tests: [{ status: test.results.length > 1 && test.results.at(-1)!.status === 'passed' ? 'flaky' : test.results.every((result) => result.status === 'passed') ? 'expected' : 'unexpected', results: test.results }] })) }],
})

describe('The gate’s reading of the e2e report (decision 0067)', () => {
  it('lets a test through that failed once only because the browser drew nothing, and passed in a fresh browser', () => {
    const summary = summariseE2eReport(report([
      { title: 'stalled', results: [attempt('timedOut', `${pageStateLine(stalled)}; brought to the front: still no frame`), attempt('passed')] },
      { title: 'fine', results: [attempt('passed')] },
    ]))
    expect(summary).toMatchObject({ passed: 2, failed: 0, flakyCount: 0, stalls: ['a.test.ts: stalled'] })
  })

  it('fails the run on any other flaky test: one without a page state, one painting, one whose stylesheet never came, one still loading, one hidden', () => {
    const states = [
      undefined,
      pageStateLine({ ...stalled, painting: true }),
      pageStateLine({ ...stalled, loadingStylesheets: 1 }),
      pageStateLine({ ...stalled, readyState: 'interactive' }),
      pageStateLine({ ...stalled, visibility: 'hidden' }),
      '/: no answer in 5 s',
    ]
    const summary = summariseE2eReport(report(states.map((state, index) => ({ title: `flaky ${index}`, results: [attempt('failed', state), attempt('passed')] }))))
    expect(summary).toMatchObject({ passed: 0, failed: states.length, flakyCount: states.length, stalls: [] })
  })

  it('fails a test that stalled on one attempt and failed otherwise on another, and a test that never passed', () => {
    const summary = summariseE2eReport(report([
      { title: 'twice', results: [attempt('timedOut', pageStateLine(stalled)), attempt('failed', pageStateLine({ ...stalled, painting: true })), attempt('passed')] },
      { title: 'broken', results: [attempt('timedOut', pageStateLine(stalled)), attempt('timedOut', pageStateLine(stalled))] },
    ]))
    expect(summary).toMatchObject({ failed: 2, flaky: ['a.test.ts: twice'], stalls: [] })
  })
})
