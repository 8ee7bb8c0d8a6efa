import { expect, test, type Page } from '@playwright/test'
import { HERO } from '../../src/shared/catalogue/images'
import { dismissCookieBanner, expectNoAxeViolations, readOutbox, screenshotBothWidths } from './support'
import { fixturePhoto } from '../support/paths'

const PHOTO = fixturePhoto('cc0-interior-1.jpg')

const PUBLIC_PAGES = [
  { path: '/', name: 'home', heading: /See your bathroom redesigned/ },
  { path: '/how-it-works', name: 'how-it-works', heading: /four steps/i },
  { path: '/pricing', name: 'pricing', heading: /No subscription/i },
  { path: '/styles', name: 'styles', heading: /style/i },
  { path: '/gallery', name: 'gallery', heading: /Gallery|redesigned/i },
  { path: '/about-me', name: 'about-me', heading: /Lavo/ },
  { path: '/contact', name: 'contact', heading: /touch/i },
  { path: '/help', name: 'help', heading: /Help/ },
  { path: '/terms-of-service', name: 'terms-of-service', heading: /Terms of Service/ },
  { path: '/privacy-policy', name: 'privacy-policy', heading: /Privacy Policy/ },
  { path: '/cookie-policy', name: 'cookie-policy', heading: /Cookie Policy/ },
  // Signed out, My Designs shows its invitation (not the loading placeholder, which would also say My Designs).
  { path: '/my-designs', name: 'my-designs', heading: /Your designs live here/ },
  { path: '/definitely-not-a-page', name: 'not-found', heading: /Oops! Page not found/ },
] as const

test.describe('Every public page', () => {
  for (const pageInfo of PUBLIC_PAGES) {
    test(`A visitor who opens ${pageInfo.path} sees its heading, an accessible page and the site shell`, async ({ page }) => {
      await dismissCookieBanner(page)
      await page.goto(pageInfo.path)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(pageInfo.heading)
      await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' })).toBeAttached()
      await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()))
      await expectNoAxeViolations(page, pageInfo.path)
      await screenshotBothWidths(page, pageInfo.name)
    })
  }
})

test('The home page shows its before/after pair on a wide screen and leaves it out on a phone', async ({ page }) => {
  const heroRequests: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/images/hero/')) heroRequests.push(request.url())
  })
  await dismissCookieBanner(page)
  await page.setViewportSize({ width: 375, height: 800 })
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByRole('img', { name: HERO.after.alt })).toBeHidden()
  await page.waitForLoadState('networkidle')
  expect(heroRequests).toEqual([])

  await page.setViewportSize({ width: 1440, height: 900 })
  for (const photo of [HERO.before, HERO.after]) {
    const image = page.getByRole('img', { name: photo.alt })
    await expect(image).toBeVisible()
    await expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth)).toBeGreaterThan(0)
  }
  await expect(page.getByText('The same bathroom before, and redesigned in Organic Modern by the built-in design engine.')).toBeVisible()
})

test('A tap made before the page has finished loading its scripts is not lost', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.setViewportSize({ width: 375, height: 812 })
  // A slow connection: the framework's code is held back until the visitor has tapped.
  const release = await holdAppCode(page)
  await page.goto('/pricing', { waitUntil: 'domcontentloaded' })
  await page.getByRole('button', { name: 'Open menu' }).click()
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'not yet')).toBe('not yet')
  release()
  // The press is kept and acted on once the page is live.
  await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true')
  await expect(page.locator('html[data-hydrated]')).toBeAttached()

  // A link followed before then is an ordinary link to a prerendered page.
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.getByRole('contentinfo').getByRole('link', { name: 'Pricing' }).click()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/No subscription/i)
})

// Decision 0019: the first paint never waits for the app. On a slow device the first frame can take longer than a
// timer's fallback; the app's modules and the heading face are still requested only once the page has painted.
test('The app’s code and the heading face are requested only after the page’s first paint, even on a slow device', async ({ page }) => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 10 })
  for (const path of ['/', '/pricing']) {
    await page.goto(path)
    await expect(page.locator('html[data-hydrated]')).toBeAttached({ timeout: 30_000 })
    const timing = await page.evaluate(() => {
      const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
      const startsOf = (pattern: RegExp) => resources.filter((entry) => pattern.test(new URL(entry.name).pathname)).map((entry) => entry.startTime)
      return {
        firstPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
        modules: startsOf(/^\/assets\/(?!boot-).*\.js$/),
        fonts: startsOf(/\.woff2$/),
      }
    })
    expect(timing.firstPaint, path).toBeGreaterThan(0)
    expect(timing.modules.length, path).toBeGreaterThan(3)
    expect(Math.min(...timing.modules), `${path}: first module requested before the first paint`).toBeGreaterThan(timing.firstPaint)
    // The first page: the heading face waits for the paint. A later page in the same tab has it cached and uses it at once.
    if (path === '/') for (const start of timing.fonts) expect(start, `${path}: a font requested before the first paint`).toBeGreaterThan(timing.firstPaint)
  }
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
})

test('Once the page has painted, its headings take the heading face and a heading set in sans-serif keeps it', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('html.fonts-ready')).toBeAttached()
  await page.waitForFunction(() => [...document.fonts].some((face) => face.family.includes('Newsreader Variable') && face.status === 'loaded'))
  const faces = await page.evaluate(() => ({
    heading: getComputedStyle(document.querySelector('h1')!).fontFamily,
    brand: getComputedStyle(document.querySelector('.font-display:not(h1, h2, h3)')!).fontFamily,
    sansHeading: getComputedStyle(document.querySelector('h3.font-sans')!).fontFamily,
    body: getComputedStyle(document.body).fontFamily,
  }))
  expect(faces.heading).toMatch(/^"Newsreader Variable"/)
  expect(faces.brand).toMatch(/^"Newsreader Variable"/)
  expect(faces.sansHeading).toMatch(/^ui-sans-serif/)
  expect(faces.body).toMatch(/^ui-sans-serif/)
})

test('A photo chosen before the page has finished loading its scripts is not lost', async ({ page }) => {
  await dismissCookieBanner(page)
  const release = await holdAppCode(page)
  await page.goto('/', { waitUntil: 'domcontentloaded' })
  await page.getByLabel('Choose a photo').setInputFiles(PHOTO)
  expect(await page.evaluate(() => document.documentElement.dataset.hydrated ?? 'not yet')).toBe('not yet')
  release()
  await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Continue to Styles →' })).toBeEnabled()
})

test('An unknown address answers 404 and links home', async ({ page }) => {
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible()
  await page.getByRole('link', { name: 'Return home' }).click()
  await expect(page).toHaveURL('/')
})

test.describe('The cookie banner', () => {
  const stored = (page: import('@playwright/test').Page) =>
    page.evaluate(() => ({ status: localStorage.getItem('cookie-consent'), preferences: JSON.parse(localStorage.getItem('cookie-preferences') ?? 'null') }))

  test('A visitor who accepts all stores every category as on and the banner goes away', async ({ page }) => {
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Cookie Notice' })
    await expect(banner).toBeVisible()
    await expectNoAxeViolations(page, 'cookie banner')
    await banner.getByRole('button', { name: 'Accept All' }).click()
    await expect(banner).toBeHidden()
    expect(await stored(page)).toEqual({ status: 'accepted', preferences: { necessary: true, analytics: true, marketing: true, functional: true } })
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('region', { name: 'Cookie Notice' })).toBeHidden()
  })

  test('A visitor who rejects all keeps only the necessary cookies', async ({ page }) => {
    await page.goto('/pricing')
    await page.getByRole('button', { name: 'Reject All' }).click()
    await expect(page.getByRole('region', { name: 'Cookie Notice' })).toBeHidden()
    expect(await stored(page)).toEqual({ status: 'rejected', preferences: { necessary: true, analytics: false, marketing: false, functional: false } })
  })

  test('A visitor who customises saves exactly their choices; Cancel only closes the dialog; the footer link resets', async ({ page }) => {
    await page.goto('/styles')
    const banner = page.getByRole('region', { name: 'Cookie Notice' })
    await banner.getByRole('button', { name: 'Cookie Settings' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cookie Settings' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeDisabled()
    await expect(dialog.getByRole('switch', { name: 'Necessary' })).toBeChecked()
    await expectNoAxeViolations(page, 'cookie settings dialog')

    await dialog.getByRole('switch', { name: 'Analytics' }).click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(banner).toBeVisible()
    expect(await stored(page)).toEqual({ status: null, preferences: null })

    await banner.getByRole('button', { name: 'Cookie Settings' }).click()
    await dialog.getByRole('switch', { name: 'Functional' }).press('Space')
    await dialog.getByRole('button', { name: 'Save Settings' }).click()
    await expect(dialog).toBeHidden()
    await expect(banner).toBeHidden()
    expect(await stored(page)).toEqual({ status: 'customized', preferences: { necessary: true, analytics: false, marketing: false, functional: true } })

    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click()
    await expect(banner).toBeVisible()
    expect(await stored(page)).toEqual({ status: null, preferences: null })
  })
})

test('A visitor who sends the contact form sees the success toast and the message reaches the outbox', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.goto('/contact')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please enter your name')).toBeVisible()
  await expect(page.getByText('Please enter your email address')).toBeVisible()
  await page.getByLabel('Email', { exact: true }).fill('dana@')
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Please enter a valid email address')).toBeVisible()

  const marker = `Tiles question ${Date.now()}`
  await page.getByLabel('Name').fill('Dana Reyes')
  await page.getByLabel('Email', { exact: true }).fill('dana@example.com')
  await page.getByLabel('Message').fill(`${marker} <b>bold?</b>`)
  await page.getByRole('button', { name: 'Send Message' }).click()
  await expect(page.getByText('Message sent successfully!')).toBeVisible()
  await expect(page.getByLabel('Name')).toHaveValue('')
  await expect.poll(() => readOutbox().some((mail) => mail.includes(marker) && mail.includes('<b>bold?</b>'))).toBe(true)
})

test('Public pages are prerendered: the styles page lists all 21 styles without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false })
  const page = await context.newPage()
  await page.goto('/styles')
  await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(21)
  await context.close()
})

/** Holds back the framework's code (as a slow connection would) until the returned function is called. */
async function holdAppCode(page: Page): Promise<() => void> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await released
    await route.continue()
  })
  return () => release()
}

test('The help page’s questions open one at a time across its groups, by click and by keyboard, and a link opens one', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.goto('/help')
  const item = (id: string) => page.locator(`details#${id}`)
  const question = (id: string) => item(id).locator('summary')
  await expect(item('what-is-lavo')).not.toHaveAttribute('open')
  await expect(item('what-is-lavo').getByText(/Lavo/).nth(1)).toBeHidden()
  await question('what-is-lavo').click()
  await expect(item('what-is-lavo')).toHaveAttribute('open')
  // Opening a question in another group closes the first: one open on the whole page.
  await question('how-credits-work').focus()
  await page.keyboard.press('Enter')
  await expect(item('how-credits-work')).toHaveAttribute('open')
  await expect(item('what-is-lavo')).not.toHaveAttribute('open')
  // Collapsible: Space closes the open one again.
  await page.keyboard.press('Space')
  await expect(item('how-credits-work')).not.toHaveAttribute('open')
  await expectNoAxeViolations(page, '/help with its questions')
  // A link to a question opens it.
  await page.goto('/help#free-credits')
  await expect(item('free-credits')).toHaveAttribute('open')
  await expect(item('free-credits').locator('summary')).toBeInViewport()
})
