// A photo ready in under a second (issue 17 §3): from choosing a 12 MP JPEG on the home page to the preview with
// 'Continue to Styles →', which includes decoding, the 4 MP cap and the 0.95 → 0.7 quality loop (spec §5), in Chromium.
// Timed inside the page, from the file input's change event to the frame in which the button appears; the file is
// chosen as a visitor chooses it, through 'Choose a photo' and the file dialog (open for a second). Meanwhile every
// main-thread task over 50 ms is recorded (Long Tasks API): the page must never be blocked longer than that.
// The photo check's answer is not waited for: the preview is shown when the photo is ready and 'Continue' waits for the
// check if it is pressed first (decision 0050).
// Also a HEIC photo (converted for preview, spec §5), which must be ready within 2 s.
// Targets: JPEG median ≤ 700 ms, HEIC median ≤ 2000 ms, no long task (> 50 ms) while either is prepared.
//   COMPRESSION_RUNS=n changes the measured runs per photo (default 5, after one warm-up run).
import { execSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium, type Browser } from '@playwright/test'
import sharp from 'sharp'
import { fixturePhoto } from '../tests/support/paths'
import { startBenchServer } from './support/bench-server'

const TARGETS = { jpegMedianMs: 700, heicMedianMs: 2000, longestTaskMs: 50 }
const RUNS = Number(process.env.COMPRESSION_RUNS ?? 5)
const root = path.resolve(import.meta.dirname, '..')
if (!existsSync(path.join(root, 'build', 'client', 'index.html'))) execSync('npm run --silent build', { cwd: root, stdio: 'inherit' })
const work = mkdtempSync(path.join(tmpdir(), 'lavo-compress-'))
const photo = path.join(work, 'twelve-megapixels.jpg')
// A noisy 12 MP photo compresses like a real one (an upscaled fixture alone would be unrealistically small).
const base = await sharp(readFileSync(fixturePhoto('cc0-interior-1.jpg'))).resize(4000, 3000, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true })
for (let index = 0; index < base.data.length; index += 7) base.data[index] = Math.min(255, base.data[index]! + ((index * 2654435761) % 23))
writeFileSync(photo, await sharp(base.data, { raw: base.info }).jpeg({ quality: 92 }).toBuffer())
const heic = fixturePhoto('cc0-interior-1.heic')

type Sample = { ms: number; longestTaskMs: number }
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** One run in a fresh context: the home page, hydrated; the file chosen; the time until the preview is ready. */
async function prepareOnce(browser: Browser, url: string, file: string): Promise<Sample> {
  const context = await browser.newContext()
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'rejected')
    const probe = { longTasks: [] as Array<{ start: number; duration: number }>, chosenAt: 0, readyAt: 0 }
    Object.assign(window, { __probe: probe })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) probe.longTasks.push({ start: entry.startTime, duration: entry.duration })
    }).observe({ type: 'longtask', buffered: true })
    document.addEventListener('change', (event) => {
      if (event.target instanceof HTMLInputElement && event.target.type === 'file') probe.chosenAt = performance.now()
    }, true)
    new MutationObserver(() => {
      if (probe.chosenAt && !probe.readyAt && [...document.querySelectorAll('button')].some((button) => button.textContent?.includes('Continue to Styles'))) {
        // The frame that shows it.
        requestAnimationFrame(() => (probe.readyAt = performance.now()))
      }
    }).observe(document, { childList: true, subtree: true })
  })
  const page = await context.newPage()
  try {
    await page.goto(`${url}/`)
    // the home page's app starts at the first sign of a person (decision 0051): the pointer moving to the page
    await page.mouse.move(200, 200)
    await page.waitForSelector('html[data-hydrated]')
    // As a visitor chooses: pressing 'Choose a photo' opens the file dialog (and starts the image worker meanwhile);
    // a person takes a second or more to pick a file there. The time is counted from the file's arrival.
    const chooser = page.waitForEvent('filechooser')
    await page.getByText('Choose a photo', { exact: true }).click()
    await page.waitForTimeout(1000)
    await (await chooser).setFiles(file)
    await page.getByRole('button', { name: 'Continue to Styles →' }).waitFor({ timeout: 60_000 })
    await page.waitForFunction(() => (window as unknown as { __probe: { readyAt: number } }).__probe.readyAt > 0)
    // Long tasks are reported a little after they end.
    await page.waitForTimeout(200)
    const probe = await page.evaluate(() => (window as unknown as { __probe: { longTasks: Array<{ start: number; duration: number }>; chosenAt: number; readyAt: number } }).__probe)
    const during = probe.longTasks.filter((task) => task.start + task.duration >= probe.chosenAt && task.start <= probe.readyAt)
    return { ms: probe.readyAt - probe.chosenAt, longestTaskMs: Math.max(0, ...during.map((task) => task.duration)) }
  } finally {
    await context.close()
  }
}

// The product's HTTP server (as the integration tests run it) over the current build.
const product = await startBenchServer('pglite')
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] })
let ok = true
console.log(`load average (1/5/15 min) at start: ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`)
try {
  for (const [label, file, target] of [
    [`12 MP JPEG (${(readFileSync(photo).length / 1024 / 1024).toFixed(1)} MB)`, photo, TARGETS.jpegMedianMs],
    [`HEIC (${(readFileSync(heic).length / 1024).toFixed(0)} KB)`, heic, TARGETS.heicMedianMs],
  ] as const) {
    await prepareOnce(browser, product.url, file) // warm-up: server file cache, the worker's code in the HTTP cache
    const samples: Sample[] = []
    for (let run = 0; run < RUNS; run += 1) samples.push(await prepareOnce(browser, product.url, file))
    const ms = median(samples.map((sample) => sample.ms))
    const longest = Math.max(...samples.map((sample) => sample.longestTaskMs))
    const failures = [ms > target && `median over ${target} ms`, longest > TARGETS.longestTaskMs && `main thread blocked ${longest.toFixed(0)} ms`].filter(Boolean)
    ok &&= failures.length === 0
    console.log(
      `${label}, file chosen → preview ready: median ${ms.toFixed(0)} ms (runs: ${samples.map((sample) => sample.ms.toFixed(0)).join(', ')} ms); ` +
        `longest main-thread task meanwhile: ${longest > 0 ? `${longest.toFixed(0)} ms` : 'none over 50 ms'} — ${failures.length ? `FAIL (${failures.join(', ')})` : 'PASS'}`,
    )
  }
  console.log(`targets: JPEG median ≤ ${TARGETS.jpegMedianMs} ms, HEIC median ≤ ${TARGETS.heicMedianMs} ms, no main-thread task over ${TARGETS.longestTaskMs} ms`)
  console.log(`load average (1/5/15 min) at end: ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')}`)
} finally {
  await browser.close()
  await product.close()
  rmSync(work, { recursive: true, force: true })
}
process.exit(ok ? 0 : 1)
