// Choosing a style or a palette responds quickly (issue 17 §4): on the wizard's step 2, with the CPU slowed 4×
// (Chrome DevTools Protocol, Emulation.setCPUThrottlingRate), each choice is timed from the input to the next paint
// with the Event Timing API, as Interaction to Next Paint counts it (the longest event of the interaction).
// Styles are chosen by pointer (click on a style card), palettes by keyboard on the palette control.
// Target: every kind's median ≤ 100 ms; the slowest is printed too.
// For information (no target): the first tap on a public page whose app has not started yet (decision 0051), from the
// tap to what it opens, on a phone-sized page with the same slowdown; the app is downloaded and started by that tap.
//   INTERACTION_RUNS=n changes the choices measured per kind (default 7).
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { execSync } from 'node:child_process'
import { chromium, type Page } from '@playwright/test'
import { fixturePhoto } from '../tests/support/paths'
import { startBenchServer } from './support/bench-server'

const TARGET_MS = 100
const CPU_SLOWDOWN = 4
const RUNS = Number(process.env.INTERACTION_RUNS ?? 7)
const root = path.resolve(import.meta.dirname, '..')
const photo = fixturePhoto('cc0-interior-2.jpg')
if (!existsSync(path.join(root, 'build', 'client', 'index.html'))) execSync('npm run --silent build', { cwd: root, stdio: 'inherit' })
const work = mkdtempSync(path.join(tmpdir(), 'lavo-interaction-'))

type Probe = { entries: Array<{ name: string; interactionId: number; duration: number }> }
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The Event Timing API reports no event shorter than this; an interaction that reports none but visibly took effect was faster. */
const EVENT_TIMING_FLOOR_MS = 16

/**
 * Runs one interaction and returns its duration: the longest event entry of the interaction(s) it caused. With no
 * entry, `state` (what the interaction should change on the page) tells a response under the API's 16 ms floor,
 * counted as 16 ms, from a press that did nothing, which fails the bench.
 */
async function timed(page: Page, act: () => Promise<void>, state: () => Promise<string>): Promise<number> {
  await page.evaluate(() => ((window as unknown as { __probe: Probe }).__probe.entries = []))
  const before = await state()
  await act()
  // Event Timing entries arrive after the next paint; give the slowed page time to report them.
  await page.waitForTimeout(600)
  const entries = await page.evaluate(() => (window as unknown as { __probe: Probe }).__probe.entries)
  const interactions = entries.filter((entry) => entry.interactionId > 0)
  if (interactions.length > 0) return Math.max(...interactions.map((entry) => entry.duration))
  if ((await state()) !== before) return EVENT_TIMING_FLOOR_MS
  throw new Error(`the interaction changed nothing and none was recorded (${entries.map((entry) => entry.name).join(', ') || 'no events'})`)
}

/**
 * A phone opens /pricing and reads it (its app waits for the first sign of a person, decision 0051); then one tap on
 * 'Open menu' with the CPU slowed: the milliseconds until the menu is shown (the tap is held and replayed once live).
 */
async function firstTapOnPublicPage(): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true })
  try {
    await context.addInitScript({ content: "localStorage.setItem('cookie-consent', 'rejected')" })
    const page = await context.newPage()
    await page.goto(`${product.url}/pricing`)
    await page.waitForLoadState('networkidle')
    if (await page.locator('html[data-hydrated]').count()) throw new Error('the app started before the tap: nothing to measure')
    const cdp = await context.newCDPSession(page)
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })
    const started = performance.now()
    await page.getByRole('button', { name: 'Open menu' }).tap()
    await page.getByRole('navigation', { name: 'Mobile' }).waitFor()
    return Math.round(performance.now() - started)
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
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } })
  await context.addInitScript(() => {
    localStorage.setItem('cookie-consent', 'rejected')
    const probe: Probe = { entries: [] }
    Object.assign(window, { __probe: probe })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEventTiming & { interactionId?: number }>) probe.entries.push({ name: entry.name, interactionId: entry.interactionId ?? 0, duration: entry.duration })
    }).observe({ type: 'event', durationThreshold: 16, buffered: false } as PerformanceObserverInit)
  })
  const page = await context.newPage()
  await page.goto(`${product.url}/`)
  // the home page's app starts at the first sign of a person (decision 0051): the pointer moving to the page
  await page.mouse.move(200, 200)
  await page.waitForSelector('html[data-hydrated]')
  await page.locator('input[type="file"]').first().setInputFiles(photo)
  await page.getByRole('button', { name: 'Continue to Styles →' }).click()
  const styles = page.getByRole('radiogroup').getByRole('radio')
  await styles.first().waitFor()
  // Let the step's images load before slowing the CPU, so what is measured is the response to the choice.
  await page.waitForLoadState('networkidle')
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN })

  const results: Array<[string, number[]]> = []
  const styleTimes: number[] = []
  const chosenStyle = async () => (await styles.evaluateAll((radios) => radios.findIndex((radio) => radio.getAttribute('aria-checked') === 'true'))).toString()
  for (let run = 0; run < RUNS; run += 1) styleTimes.push(await timed(page, () => styles.nth((run * 3 + 1) % 21).click(), chosenStyle))
  results.push(['style (click on a card)', styleTimes])

  const palette = page.getByRole('combobox', { name: 'Colour palette' })
  await palette.focus()
  const paletteTimes: number[] = []
  // The control's state: open or closed, its value, and the option the keyboard is on.
  const paletteState = () => page.evaluate(() => {
    const active = document.activeElement
    return [document.querySelector('[role="combobox"]')?.getAttribute('aria-expanded'), document.querySelector('[role="combobox"]')?.textContent, active?.id, active?.textContent].join('|')
  })
  // The first press opens the list on the chosen palette (Surprise Me, the first); then down and up between the first two.
  for (let run = 0; run < RUNS; run += 1) paletteTimes.push(await timed(page, () => page.keyboard.press(run === 0 || run % 2 === 1 ? 'ArrowDown' : 'ArrowUp'), paletteState))
  results.push(['palette (arrow key on the control)', paletteTimes])
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })

  console.log(`\nChoice → next paint on step 2, CPU slowed ${CPU_SLOWDOWN}× (Event Timing, ${RUNS} choices each)`)
  for (const [label, times] of results) {
    const middle = median(times)
    const pass = middle <= TARGET_MS
    ok &&= pass
    console.log(`  ${label}: median ${middle.toFixed(0)} ms, slowest ${Math.max(...times).toFixed(0)} ms (${times.map((time) => time.toFixed(0)).join(', ')} ms) — ${pass ? 'PASS' : 'FAIL'}`)
  }
  console.log(`target: median ≤ ${TARGET_MS} ms`)

  const firstTaps: number[] = []
  for (let run = 0; run < Math.min(RUNS, 5); run += 1) firstTaps.push(await firstTapOnPublicPage())
  console.log(
    `\nFirst tap on a public page before its app has started (/pricing, 375 px, touch, CPU slowed ${CPU_SLOWDOWN}×, local network): ` +
      `'Open menu' → menu shown: median ${median(firstTaps).toFixed(0)} ms, slowest ${Math.max(...firstTaps).toFixed(0)} ms (${firstTaps.join(', ')} ms), for information`,
  )
  console.log(`load average (1/5/15 min) at end: ${os.loadavg().map((value) => value.toFixed(2)).join(' / ')}`)
} finally {
  await browser.close()
  await product.close()
  rmSync(work, { recursive: true, force: true })
}
process.exit(ok ? 0 : 1)
