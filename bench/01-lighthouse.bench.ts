// Public-page performance (issue 2 §8, issue 17 §1): a production build, served by the built server, measured with
// Lighthouse 12 (mobile form factor, default simulated throttling, performance only) in Debian's Chromium on the public
// pages and the signed-out My Designs. Each page runs 3 times; the table shows per-metric medians. First-load JS is
// every script Chromium fetched during the Lighthouse run (the page's own modules and anything loaded lazily before
// the run ended), in bytes transferred as the server sends them (precompressed), cross-checked with the HTML.
// Targets: performance 100, FCP ≤ 0.8 s, LCP ≤ 1.0 s, TBT ≤ 50 ms, CLS ≤ 0.02, JS transferred ≤ 120 KiB.
//   BENCH_SKIP_BUILD=1 measures the existing build; LIGHTHOUSE_RUNS=n changes the runs per page.
//   LIGHTHOUSE_GZIP=1 is a diagnostic: Lighthouse goes through a local proxy that gzips text responses, as a CDN or a
//   compressing server would. The server itself does not compress, so by default this bench measures it as it is.
//   LIGHTHOUSE_SAVE_DIR=dir writes each run's full Lighthouse report (JSON) there, for diagnosis.
//   LIGHTHOUSE_PAGES=/,/pricing measures only those pages.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import http from 'node:http'
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { firstLoadJs, type FirstLoadJs } from './support/first-load-js'

const ROOT = path.resolve(import.meta.dirname, '..')
// The build is copied to a private directory the server runs in (it serves ./build/client), so a rebuild by someone
// else during the measurement cannot change or remove the files being measured.
const WORK_DIR = mkdtempSync(path.join(os.tmpdir(), 'lavo-lighthouse-'))
const CLIENT_DIR = path.join(WORK_DIR, 'build', 'client')
process.on('exit', () => rmSync(WORK_DIR, { recursive: true, force: true }))
const ALL_PAGES = ['/', '/pricing', '/styles', '/gallery', '/how-it-works', '/help', '/my-designs'] as const
// LIGHTHOUSE_PAGES=/,/pricing measures only those (for diagnosis; the targets are judged on all of them).
const PAGES = process.env.LIGHTHOUSE_PAGES ? ALL_PAGES.filter((page) => process.env.LIGHTHOUSE_PAGES!.split(',').includes(page)) : ALL_PAGES
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const CHROMIUM = '/usr/bin/chromium'
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']
const TARGETS = { score: 100, fcpMs: 800, lcpMs: 1000, tbtMs: 50, cls: 0.02, jsKib: 120 }
const GZIP_PROXY = process.env.LIGHTHOUSE_GZIP === '1'
const SAVE_DIR = process.env.LIGHTHOUSE_SAVE_DIR ? path.resolve(process.env.LIGHTHOUSE_SAVE_DIR) : undefined
let saved = 0

type Run = { score: number; lcpMs: number; cls: number; tbtMs: number; fcpMs: number; siMs: number; lcpElement: string; scripts: Array<{ url: string; transferSize: number; resourceSize: number }> }

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const kb = (bytes: number) => (bytes / 1000).toFixed(1)
const kib = (bytes: number) => (bytes / 1024).toFixed(1)
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })
}

function build(): void {
  if (process.env.BENCH_SKIP_BUILD === '1') {
    console.log('BENCH_SKIP_BUILD=1: measuring the existing build')
    return
  }
  const started = performance.now()
  const result = spawnSync('npm', ['run', '--silent', 'build'], { cwd: ROOT, encoding: 'utf8', env: { ...process.env, NODE_ENV: 'production' } })
  if (result.status !== 0) {
    console.error(result.stdout, result.stderr)
    throw new Error('npm run build failed')
  }
  console.log(`production build: ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

async function startServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(ROOT, 'dist', 'server', 'main.js')], {
    cwd: WORK_DIR,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 180_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`)
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`)
      if (response.ok) return child
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  child.kill('SIGTERM')
  throw new Error('server did not become healthy within 180 s')
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** LIGHTHOUSE_GZIP=1: a pass-through proxy that gzips HTML, JS, CSS, JSON and SVG for clients that accept it. */
function startGzipProxy(upstreamPort: number, port: number): Promise<http.Server> {
  const proxy = http.createServer((request, response) => {
    const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, path: request.url, method: request.method, headers: request.headers }, (answer) => {
      const chunks: Buffer[] = []
      answer.on('data', (chunk: Buffer) => chunks.push(chunk))
      answer.on('end', () => {
        let body = Buffer.concat(chunks)
        const headers = { ...answer.headers }
        if (/text\/|javascript|json|svg/.test(String(headers['content-type'])) && /\bgzip\b/.test(String(request.headers['accept-encoding'])) && body.length > 0) {
          body = gzipSync(body, { level: 6 })
          headers['content-encoding'] = 'gzip'
          headers['content-length'] = String(body.length)
          headers.vary = 'accept-encoding'
        }
        response.writeHead(answer.statusCode ?? 502, headers)
        response.end(body)
      })
    })
    upstream.on('error', () => response.writeHead(502).end())
    request.pipe(upstream)
  })
  return new Promise((resolve) => proxy.listen(port, '127.0.0.1', () => resolve(proxy)))
}

async function lighthouseRun(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS, logLevel: 'silent' })
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], formFactor: 'mobile' })
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const { lhr } = result
    if (SAVE_DIR) {
      mkdirSync(SAVE_DIR, { recursive: true })
      saved += 1
      writeFileSync(path.join(SAVE_DIR, `${String(saved).padStart(2, '0')}-${new URL(url).pathname.replace(/\W+/g, '_')}.json`), JSON.stringify(lhr))
    }
    if (lhr.runtimeError) throw new Error(`Lighthouse: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
    const numeric = (id: string) => {
      const value = lhr.audits[id]?.numericValue
      if (typeof value !== 'number') throw new Error(`Lighthouse audit ${id} has no value for ${url}`)
      return value
    }
    const requests = (lhr.audits['network-requests']?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []
    const scripts = requests
      .filter((item) => item.resourceType === 'Script')
      .map((item) => ({ url: String(item.url), transferSize: Number(item.transferSize ?? 0), resourceSize: Number(item.resourceSize ?? 0) }))
    const lcpItems = (lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined)?.items
    const lcpElement = lcpItems?.[0]?.items?.[0]?.node?.snippet ?? '?'
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      fcpMs: numeric('first-contentful-paint'),
      siMs: numeric('speed-index'),
      lcpElement,
      scripts,
    }
  } finally {
    chrome.kill()
  }
}

/** Compares the HTML's first-load scripts with the scripts Chromium fetched during the Lighthouse run. */
function crossCheck(page: string, expected: FirstLoadJs, run: Run): string[] {
  const lines: string[] = []
  if (expected.startsOnIntent && run.scripts.length === 0) {
    lines.push(
      `  ${page}: a reader downloads no script files, only ${kb(expected.inlineGzipBytes)} kB (gzip) of inline script in the HTML; ` +
        `the first sign of a person downloads the app: ${expected.files.length} files, ${kb(expected.gzipBytes)} kB gzip (decision 0051)`,
    )
    return lines
  }
  const fetched = new Map(run.scripts.map((script) => [new URL(script.url).pathname, script]))
  const missing = expected.files.filter((file) => !fetched.has(new URL(file.url, 'http://x/').pathname))
  const extra = [...fetched.keys()].filter((pathname) => !expected.files.some((file) => new URL(file.url, 'http://x/').pathname === pathname))
  const gzipOf = (pathname: string) => {
    try {
      return gzipSync(readFileSync(path.join(CLIENT_DIR, pathname)), { level: 9 }).length
    } catch {
      return 0
    }
  }
  const fetchedGzip = [...fetched.keys()].reduce((sum, pathname) => sum + gzipOf(pathname), 0)
  const transferred = run.scripts.reduce((sum, script) => sum + script.transferSize, 0)
  lines.push(
    `  ${page}: Lighthouse saw ${fetched.size} scripts (${kib(transferred)} KiB transferred as served, ${kb(fetchedGzip)} kB gzip); ` +
      `HTML lists ${expected.files.length} (${kb(expected.gzipBytes)} kB gzip, plus ${kb(expected.inlineGzipBytes)} kB of inline bootstrap script)`,
  )
  if (missing.length) lines.push(`    listed in the HTML but not fetched: ${missing.map((file) => file.url).join(', ')}`)
  if (extra.length) lines.push(`    fetched after the first load (lazy): ${extra.map((pathname) => `${pathname} ${kb(gzipOf(pathname))} kB`).join(', ')}`)
  return lines
}

console.log(`load average (1/5/15 min) at start: ${load()} on ${os.cpus().length} cores`)
build()
cpSync(path.join(ROOT, 'build', 'client'), CLIENT_DIR, { recursive: true })

const firstLoad = new Map(PAGES.map((page) => [page, firstLoadJs(CLIENT_DIR, page)] as const))
const dataDir = path.join(WORK_DIR, 'data')
const port = await freePort()
const server = await startServer(port, dataDir)
const proxyPort = GZIP_PROXY ? await freePort() : port
const proxy = GZIP_PROXY ? await startGzipProxy(port, proxyPort) : undefined
const results = new Map<string, Run[]>()
let serverEncoding = 'none'
try {
  // Warm the server's file reads so the first measured run is not a cold-disk outlier.
  for (const page of PAGES) {
    await (await fetch(`http://127.0.0.1:${port}${page}`)).arrayBuffer()
    for (const file of firstLoad.get(page)!.files) {
      const response = await fetch(`http://127.0.0.1:${port}${file.url}`, { headers: { 'accept-encoding': 'br, gzip' } })
      serverEncoding = response.headers.get('content-encoding') ?? serverEncoding
      await response.arrayBuffer()
    }
  }
  for (const page of PAGES) {
    const runs: Run[] = []
    for (let run = 0; run < RUNS; run += 1) {
      const result = await lighthouseRun(`http://127.0.0.1:${proxyPort}${page}`)
      console.log(
        `  ${page} run ${run + 1}: score ${result.score}, FCP ${result.fcpMs.toFixed(0)} ms, LCP ${result.lcpMs.toFixed(0)} ms, CLS ${result.cls.toFixed(3)}, ` +
          `TBT ${result.tbtMs.toFixed(0)} ms, SI ${result.siMs.toFixed(0)} ms (load ${os.loadavg()[0]!.toFixed(2)})`,
      )
      runs.push(result)
    }
    results.set(page, runs)
  }
} finally {
  await new Promise((resolve) => (proxy ? proxy.close(resolve) : resolve(undefined)))
  await stopServer(server)
}

// Script files as transferred, plus the page's inline scripts (gzip): they arrive with the HTML but are JavaScript too.
const transferredJs = (page: (typeof PAGES)[number]) => (run: Run) => run.scripts.reduce((sum, script) => sum + script.transferSize, 0) + firstLoad.get(page)!.inlineGzipBytes
const header = ['page', 'score', 'FCP', 'LCP', 'TBT', 'CLS', 'JS (files + inline)', 'result']
const rows: string[][] = []
let ok = true
for (const page of PAGES) {
  const runs = results.get(page)!
  const score = median(runs.map((run) => run.score))
  const fcp = median(runs.map((run) => run.fcpMs))
  const lcp = median(runs.map((run) => run.lcpMs))
  const tbt = median(runs.map((run) => run.tbtMs))
  const cls = median(runs.map((run) => run.cls))
  const js = median(runs.map(transferredJs(page)))
  const failures = [
    score < TARGETS.score && 'score',
    fcp > TARGETS.fcpMs && 'FCP',
    lcp > TARGETS.lcpMs && 'LCP',
    tbt > TARGETS.tbtMs && 'TBT',
    cls > TARGETS.cls && 'CLS',
    js > TARGETS.jsKib * 1024 && 'JS',
  ].filter(Boolean)
  ok &&= failures.length === 0
  rows.push([
    page,
    String(score),
    `${(fcp / 1000).toFixed(2)} s`,
    `${(lcp / 1000).toFixed(2)} s`,
    `${tbt.toFixed(0)} ms`,
    cls.toFixed(3),
    `${kib(js)} KiB`,
    failures.length ? `FAIL (${failures.join(', ')})` : 'PASS',
  ])
}
rows.push(['target', `${TARGETS.score}`, `≤ ${(TARGETS.fcpMs / 1000).toFixed(1)} s`, `≤ ${(TARGETS.lcpMs / 1000).toFixed(1)} s`, `≤ ${TARGETS.tbtMs} ms`, `≤ ${TARGETS.cls}`, `≤ ${TARGETS.jsKib} KiB`, ''])
const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)))
const line = (cells: string[]) => cells.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ')
console.log(
  `\nLighthouse 12, mobile, simulated throttling, median of ${RUNS} runs (Chromium ${CHROMIUM})` +
    (GZIP_PROXY
      ? ' — DIAGNOSTIC: through a gzip proxy, not the server as built'
      : `, the built server as it is (JS content-encoding: ${serverEncoding}${serverEncoding === 'none' ? ', i.e. served uncompressed' : ''})`),
)
console.log(line(header))
console.log(line(widths.map((width) => '-'.repeat(width))))
for (const row of rows) console.log(line(row))

console.log('\nLCP element (median-score run):')
for (const page of PAGES) {
  const runs = [...results.get(page)!].sort((a, b) => a.score - b.score)
  console.log(`  ${page}: ${runs[Math.floor(runs.length / 2)]!.lcpElement.slice(0, 110)}`)
}
console.log('\nFirst-load JS cross-check (last run):')
for (const page of PAGES) for (const text of crossCheck(page, firstLoad.get(page)!, results.get(page)!.at(-1)!)) console.log(text)
const loadNow = os.loadavg()[0]!
console.log(`\nload average (1/5/15 min) at end: ${load()} on ${os.cpus().length} cores${loadNow > os.cpus().length ? ' — the machine is busy; expect noisy scores and TBT' : ''}`)
process.exit(ok ? 0 : 1)
