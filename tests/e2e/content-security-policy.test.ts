import path from 'node:path'
import { expect, test, type Page } from './fixtures'
import { dismissCookieBanner, startApp, whenNetworkQuiet } from './support'

// Every page runs under its Content-Security-Policy (scripts only from our origin and the hashed inline scripts
// of the prerendered page). A page that needs anything the policy refuses fails here: the browser reports each
// refusal as a securitypolicyviolation event and a console error.

const PAGES = ['/', '/how-it-works', '/pricing', '/styles', '/gallery', '/about-me', '/contact', '/help', '/terms-of-service', '/privacy-policy', '/cookie-policy', '/my-designs', '/reset-password?token=x', '/definitely-not-a-page']
const HEIC_PHOTO = path.resolve('../shared/fixtures/photos/cc0-interior-1.heic')

/** Collects every CSP violation the page reports, from the event (set up before any page script) and the console. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) consoleErrors.push(message.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`))
  })
  return async () => {
    const events = await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? []).catch(() => [])
    return [...events, ...consoleErrors]
  }
}

test.describe('The Content-Security-Policy', () => {
  for (const target of PAGES) {
    test(`${target} does not violate its policy while loading, hydrating and scrolling`, async ({ page }) => {
      await dismissCookieBanner(page)
      const violations = await watchViolations(page)
      const response = await page.goto(target)
      expect(response?.headers()['content-security-policy']).toMatch(/script-src 'self'( 'wasm-unsafe-eval')? 'sha256-/)
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      // A public page's app starts at the first sign of a person (decision 0051): its bootstrap must run under the policy too.
      await startApp(page)
      await page.evaluate(async () => {
        for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
          window.scrollTo(0, y)
          await new Promise((resolve) => setTimeout(resolve, 20))
        }
      })
      await whenNetworkQuiet(page)
      expect(await violations()).toEqual([])
    })
  }

  test('The wizard runs under the policy: an iPhone HEIC photo previews and the style step opens', async ({ page }) => {
    await dismissCookieBanner(page)
    const violations = await watchViolations(page)
    await page.goto('/')
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-drop-zone"]') !== null)
    // The image worker decodes it (libheif in WebAssembly, under the policy its script is served with); the page's
    // own copy of the decoder is for browsers without the worker and must not be needed here.
    await page.getByLabel('Choose a photo').setInputFiles(HEIC_PHOTO)
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible({ timeout: 30_000 })
    const loaded = (target: { evaluate: (script: string) => Promise<unknown> }) =>
      target.evaluate("performance.getEntriesByType('resource').map((entry) => entry.name).filter((name) => name.includes('libheif'))") as Promise<string[]>
    const [worker] = page.workers()
    expect(worker, 'the image worker').toBeDefined()
    expect(await loaded(worker!)).toHaveLength(1)
    expect(await loaded(page)).toEqual([])
    await page.getByRole('button', { name: 'Continue to Styles →' }).click()
    await expect(page.locator('#wizard-heading')).toHaveText('Choose your style')
    await page.getByRole('radio', { name: 'Glam' }).click()
    await whenNetworkQuiet(page)
    expect(await violations()).toEqual([])
  })

  // The forms check their input with the shared zod schemas in the browser. zod probes whether it may compile parsers
  // with new Function(); the policy refuses eval, so src/shared/schemas/zod.ts sets it jitless before any schema exists.
  test('Checking a form with the shared schemas asks for no eval: the sign-up dialog and the contact form', async ({ page }) => {
    await dismissCookieBanner(page)
    const violations = await watchViolations(page)
    await page.goto('/?signup=1')
    const signUp = page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })
    await signUp.getByLabel('Email', { exact: true }).fill('someone@example.com')
    await signUp.getByLabel('Password').fill('12345')
    await signUp.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(signUp.getByText('Password must be at least 6 characters')).toBeVisible()
    await page.goto('/contact')
    await startApp(page)
    await page.getByRole('button', { name: /send/i }).click()
    await expect(page.getByText('Please enter your name')).toBeVisible()
    expect(await violations()).toEqual([])
  })

  test('The demo banner shows on every page while payments are simulated, from the first paint', async ({ page }) => {
    await dismissCookieBanner(page)
    for (const target of ['/', '/pricing', '/my-designs']) {
      await page.goto(target)
      await expect(page.getByRole('region', { name: 'Demo notice' })).toHaveText('Demo site: payments are simulated. No card is charged and no real money is taken.')
    }
    expect(await page.locator('html').getAttribute('data-demo')).toBe('')
  })
})
