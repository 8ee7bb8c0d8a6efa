import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import type { DesignView } from '../../src/shared/schemas/designs'
import { readOutboxFolder } from '../support/email'
import { fixturePhoto } from '../support/paths'

export const SCREENSHOT_DIR = path.resolve('tests/artifacts/screenshots')
export const E2E_OUTBOX = path.resolve('.tmp/e2e-data/outbox')

/**
 * Starts watching the page for `text` (inside the first element matching `within`, else anywhere) and resolves with
 * the browser's clock (Date.now()) at the moment it is shown, however briefly, or null after `timeoutMs`. Call it
 * before the action that should show the text: a test process on a busy machine may notice a state late, or miss a
 * short-lived one.
 */
export function whenTextShown(page: Page, text: string, { within, timeoutMs = 10_000 }: { within?: string; timeoutMs?: number } = {}): Promise<number | null> {
  return page.evaluate(
    ({ text, within, timeoutMs }) =>
      new Promise<number | null>((resolve) => {
        const shown = () => ((within ? document.querySelector(within) : document.body)?.textContent ?? '').includes(text)
        if (shown()) return resolve(Date.now())
        const observer = new MutationObserver(() => {
          if (!shown()) return
          observer.disconnect()
          resolve(Date.now())
        })
        observer.observe(document.body, { childList: true, subtree: true, characterData: true })
        setTimeout(() => {
          observer.disconnect()
          resolve(null)
        }, timeoutMs)
      }),
    { text, within, timeoutMs },
  )
}

/**
 * Resolves once the page has loaded and has fetched nothing new for `quietMs` (by its own resource timings). Tests
 * use it instead of Playwright's 'networkidle', which waits for every request it saw start to be seen ending: one whose
 * end it missed (a CI run on a throttled, busy machine) held a test for its whole minute with the page long complete.
 */
export async function whenNetworkQuiet(page: Page, quietMs = 1000) {
  await page.waitForLoadState('load')
  await page.waitForFunction(
    (quiet) => {
      const state = window as unknown as { lavoQuiet?: { count: number; since: number } }
      const count = performance.getEntriesByType('resource').length
      const now = performance.now()
      if (state.lavoQuiet?.count !== count) state.lavoQuiet = { count, since: now }
      return now - state.lavoQuiet.since >= quiet
    },
    quietMs,
    { polling: 100, timeout: 30_000 },
  )
}

/**
 * axe with the WCAG 2.0/2.1/2.2 A and AA rules: the page must have no violations. Every state checked for
 * accessibility is also checked for one primary button per view.
 */
export async function expectNoAxeViolations(page: Page, context?: string) {
  // What is still fading in or out (a toast, a dialog) is measured half transparent: axe reads the page at rest.
  await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined)
  // What starts to fade while axe reads the page (a success toast whose time runs out) jumps to where it ends.
  const atRest = await page.addStyleTag({ content: '*, *::before, *::after { transition: none !important; }' })
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'])
    .analyze()
    .finally(() => atRest.evaluate((style) => (style as Element).remove()))
  const summary = results.violations.map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`)
  expect(summary, `axe violations${context ? ` on ${context}` : ''}`).toEqual([])
  await expectOnePrimaryPerView(page, context)
}

/**
 * One primary button per view (decision 0048): of the buttons and links styled as the primary action
 * (`button-primary`) that can be seen, at most one in the page's main content, one in the header and one in each
 * open dialog, and one in the rest (the cookie notice). Repeated actions (a card each) are secondary.
 */
export async function expectOnePrimaryPerView(page: Page, context?: string) {
  const crowded = await page.evaluate(() => {
    const views = new Map<Element, string[]>()
    for (const element of document.querySelectorAll('.button-primary')) {
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') continue
      const view = element.closest('[role="dialog"], [role="alertdialog"], header, main, footer, body')!
      views.set(view, [...(views.get(view) ?? []), (element.textContent ?? '').trim().slice(0, 40)])
    }
    return [...views].filter(([, labels]) => labels.length > 1).map(([view, labels]) => `${view.tagName.toLowerCase()}${view.getAttribute('role') ? `[role=${view.getAttribute('role')}]` : ''}: ${labels.join(' | ')}`)
  })
  expect(crowded, `more than one primary button in a view${context ? ` on ${context}` : ''}`).toEqual([])
}

/**
 * A full-page screenshot shows the whole page at once, but lazy images load only when scrolled near:
 * scroll through it so they are there, and end at the top (where a sticky header belongs in the picture).
 */
async function loadLazyImages(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((resolve) => setTimeout(resolve, 30))
    }
    window.scrollTo(0, 0)
  })
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete), undefined, { timeout: 5_000 }).catch(() => undefined)
}

/** Writes full-page screenshots at 375 px and 1440 px wide as test artifacts (the page is left scrolled where it was). */
export async function screenshotBothWidths(page: Page, name: string) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const original = page.viewportSize()
  const scrolled = await page.evaluate(() => window.scrollY)
  for (const width of [375, 1440]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 })
    await page.waitForTimeout(150)
    await loadLazyImages(page)
    // Content a page lays out only near the screen (content-visibility: auto) is drawn as a reader scrolling down
    // would see it; a full-page capture does not scroll, so it would show that part of the page blank.
    const shown = await page.addStyleTag({ content: '* { content-visibility: visible !important; }' })
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true })
    await shown.evaluate((element) => (element as Element).remove())
  }
  if (original) await page.setViewportSize(original)
  await page.evaluate((y) => window.scrollTo(0, y), scrolled)
}

/** Every .eml in the product's outbox, oldest first. */
export function readOutbox(): string[] {
  return readOutboxFolder(E2E_OUTBOX)
}

/** Marks cookie consent as given, so the banner stays out of the way of a test about something else. */
const pointerSteps = new WeakMap<Page, number>()

/**
 * A public page's app starts at the first sign of a person (decision 0051); the pointer moving over the page is one,
 * as before any click. Moves it (somewhere new each time, so the browser sees a move) and waits until the app is live.
 */
export async function startApp(page: Page) {
  const step = (pointerSteps.get(page) ?? 0) + 1
  pointerSteps.set(page, step)
  await page.mouse.move(2 + (step % 7), 2 + (step % 5))
  await expect(page.locator('html[data-hydrated]')).toBeAttached()
}

export async function dismissCookieBanner(page: Page) {
  await page.addInitScript(() => {
    window.localStorage.setItem('cookie-consent', 'rejected')
    window.localStorage.setItem('cookie-preferences', JSON.stringify({ necessary: true, analytics: false, marketing: false, functional: false }))
  })
}

/** Closes every open toast (they sit over the page and would be part of an axe scan). */
export async function closeToasts(page: Page) {
  const toasts = page.locator('[data-sonner-toast]')
  await expect(async () => {
    const close = page.getByRole('button', { name: 'Close toast' })
    // Dispatched on the button itself, not a click at its place on screen: a toast sliding in or out can sit over the
    // header for a moment, and a click there would follow whatever link lies beneath (e.g. Pricing, dropping ?return=).
    if ((await close.count()) > 0) await close.first().dispatchEvent('click', undefined, { timeout: 1000 })
    expect(await toasts.count()).toBe(0)
  }).toPass({ timeout: 15_000 })
}

/** Full-page screenshots from the top, so the sticky header sits where a visitor sees it. */
export async function screenshotFromTop(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0))
  await screenshotBothWidths(page, name)
}

/**
 * Signs up a new account through the API, as the sign-up form sends it: with our Origin (the auth server refuses a
 * cookie-carrying request without one). The page's browser context then holds the session. `origin` picks another
 * instance of the product (playwright.config.ts) than the main one.
 */
export async function signUpThroughApi(page: Page, origin = ''): Promise<string> {
  const email = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  const site = origin || (test.info().project.use.baseURL as string)
  const response = await page.request.post(`${origin}/api/auth/sign-up/email`, { data: { email, password: 'e2e-pass-1' }, headers: { origin: site } })
  expect(response.ok(), await response.text()).toBe(true)
  return email
}

/** The signed-in account's balance and tier, as the server has them. */
export async function me(page: Page, origin = ''): Promise<{ credits: number; membershipTier: string }> {
  const response = await page.request.get(`${origin}/api/me`)
  expect(response.ok()).toBe(true)
  return response.json()
}

/** Buys the Starter package through the built-in test checkout (its API, as the checkout page does); the session id. */
export async function buyStarter(page: Page, origin = ''): Promise<string> {
  const checkout = await page.request.post(`${origin}/api/checkout`, { data: { packageId: 'starter' } })
  expect(checkout.ok()).toBe(true)
  const { sessionId } = (await checkout.json()) as { sessionId: string }
  const paid = await page.request.post(`${origin}/api/checkout/test/${sessionId}/pay`, { data: {} })
  expect(paid.ok()).toBe(true)
  return sessionId
}

/** Uploads the shared test bathroom through the API, as the wizard does before a generation; the image id. */
export async function uploadPhotoThroughApi(page: Page, origin = ''): Promise<string> {
  const buffer = readFileSync(fixturePhoto('cc0-interior-1.jpg'))
  const upload = await page.request.post(`${origin}/api/images`, { multipart: { file: { name: 'bathroom.jpg', mimeType: 'image/jpeg', buffer } } })
  expect(upload.status(), await upload.text()).toBe(201)
  return ((await upload.json()) as { id: string }).id
}

/**
 * Asks for a generation through the API (bypassing the 24-hour reuse) and waits until it ends with `outcome`
 * ('succeeded' for a design, 'failed' for a sample); its design.
 */
export async function generateThroughApi(page: Page, request: { imageId: string; style: string; palette: string }, outcome: 'succeeded' | 'failed', origin = ''): Promise<DesignView> {
  const accepted = await page.request.post(`${origin}/api/generations`, { data: { ...request, roomType: 'bathroom', retry: true } })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  const { id } = (await accepted.json()) as { id: string }
  let designId: string | null = null
  await expect
    .poll(
      async () => {
        const generation = (await (await page.request.get(`${origin}/api/generations/${id}`)).json()) as { status: string; result: { designId: string | null } | null }
        designId = generation.result?.designId ?? null
        return generation.status
      },
      { timeout: 60_000, intervals: [100, 250, 500, 1000] },
    )
    .toBe(outcome)
  expect(designId).not.toBeNull()
  const design = await page.request.get(`${origin}/api/designs/${designId}`)
  expect(design.ok()).toBe(true)
  return design.json()
}

/** A real design through the API (upload, generate, wait), independent of the wizard's UI. */
export async function createDesign(page: Page, style: string, palette: string): Promise<DesignView> {
  return generateThroughApi(page, { imageId: await uploadPhotoThroughApi(page), style, palette }, 'succeeded')
}

/** The bytes of the photo the wizard keeps for upload (decision 0005: in IndexedDB, through idb-keyval's default store). */
export async function storedPhotoBytes(page: Page): Promise<number[]> {
  return page.evaluate(
    () =>
      new Promise<number[]>((resolve, reject) => {
        const opening = indexedDB.open('keyval-store')
        opening.onerror = () => reject(opening.error)
        opening.onsuccess = () => {
          const reading = opening.result.transaction('keyval').objectStore('keyval').get('pendingImageUpload')
          reading.onerror = () => reject(reading.error)
          reading.onsuccess = () => {
            const photo = reading.result as { blob: Blob } | undefined
            if (!photo) return reject(new Error('no photo stored'))
            photo.blob.arrayBuffer().then((buffer) => resolve(Array.from(new Uint8Array(buffer))), reject)
          }
        }
      }),
  )
}
