import { readFileSync } from 'node:fs'
import { expect, test, type Page, type Route } from './fixtures'
import sharp from 'sharp'
import { E2E_AMAZON_TAG, FAILING_PROVIDER_PORT } from '../../playwright.config'
import { STYLE_IDS } from '../../src/shared/catalogue/styles'
import { buyStarter, closeToasts, createDesign, dismissCookieBanner, expectNoAxeViolations, generateThroughApi, me, screenshotFromTop, signUpThroughApi, startApp, uploadPhotoThroughApi, whenNetworkQuiet, whenTextShown } from './support'
import { fixturePhoto } from '../support/paths'

const PHOTO = fixturePhoto('cc0-interior-1.jpg')
const RETAILER_HOSTS = ['www.amazon.com', 'www.homedepot.com', 'www.lowes.com', 'www.wayfair.com', 'www.google.com']
const LONG_US_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

const header = (page: Page) => page.getByRole('banner')
const creditBadge = (page: Page) => page.getByTestId('credit-badge').filter({ visible: true })
const designCards = (page: Page) => page.getByRole('list', { name: 'Saved designs' }).getByRole('article')
const cardFor = (page: Page, styleName: string) => designCards(page).filter({ has: page.getByRole('heading', { name: styleName, exact: true }) })

/**
 * Signs up on /my-designs from the header's Get Started button (desktop width: on phones the account
 * buttons move into the menu). Waits for the page's own signed-out view and the running app first: the prerendered
 * page shows both the header and the heading before the app is running, and a click on it then would do nothing.
 */
async function signUpOnMyDesigns(page: Page): Promise<string> {
  const email = `designs-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
  await page.goto('/my-designs')
  await expect(page.getByRole('heading', { name: 'Your designs live here' })).toBeVisible()
  // The heading is in the prerendered page too; the app starts at the first sign of a person (decision 0051).
  await startApp(page)
  await header(page).getByRole('button', { name: 'Get Started', exact: true }).filter({ visible: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByLabel('Password').fill('designs-pass-1')
  await dialog.getByRole('button', { name: 'Create Free Account' }).click()
  await expect(dialog).toBeHidden()
  await expect(creditBadge(page)).toHaveText('2 credits')
  // The welcome toast comes once the account is loaded, a moment after the badge: wait for it, so that a later
  // closeToasts cannot run before it appears.
  await expect(page.getByText('Welcome! You can now start creating and saving your designs.')).toBeVisible()
  return email
}

/**
 * Sample designs made for real on the instance whose generation provider always fails (playwright.config.ts): each
 * generation spends a credit on acceptance, ends as a sample and gives the credit back, one after the other.
 */
async function createSampleDesigns(page: Page, origin: string, choices: Array<{ style: string; palette: string }>) {
  const imageId = await uploadPhotoThroughApi(page, origin)
  for (const choice of choices) await generateThroughApi(page, { imageId, ...choice }, 'failed', origin)
}


/**
 * Holds requests to the design list until released, so the loading view can be looked at: the real answer is only
 * delayed, never changed (the list answers in milliseconds, too fast to look at otherwise). (The page gives
 * up on a request after 10 s and retries once: a held request may be gone by the time it is released.)
 */
function holdDesignList(page: Page) {
  let release: () => void = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const handler = async (route: Route) => {
    await released
    await route.continue().catch(() => undefined)
  }
  return { ready: page.route('**/api/designs?*', handler), release: () => release(), stop: () => page.unroute('**/api/designs?*', handler) }
}

test('A free member sees an empty collection, then their designs with the count, details and the upgrade prompt', async ({ page }) => {
  test.setTimeout(180_000)
  await dismissCookieBanner(page)
  // A signed-out visitor is sent the invitation and never downloads a member's views; signing up fetches them.
  const memberViews: string[] = []
  page.on('request', (request) => {
    if (/\/assets\/my-designs-member-views-[\w-]+\.js$/.test(request.url())) memberViews.push(request.url())
  })
  await page.goto('/my-designs')
  await expect(page.getByRole('heading', { name: 'Your designs live here' })).toBeVisible()
  await whenNetworkQuiet(page)
  expect(memberViews).toEqual([])
  await signUpOnMyDesigns(page)
  expect(memberViews).toHaveLength(1)

  // Empty state.
  await expect(page.getByRole('heading', { name: 'No designs yet' })).toBeVisible()
  await expect(page.getByText("You've created 0 beautiful bathroom designs")).toBeVisible()
  const firstDesign = page.getByRole('link', { name: 'Create Your First Design' })
  await expect(firstDesign).toHaveAttribute('href', '/')
  await closeToasts(page)
  await expectNoAxeViolations(page, '/my-designs empty')
  await screenshotFromTop(page, 'my-designs-empty')

  const coastal = await createDesign(page, 'coastal', 'spa-blues')
  const midCentury = await createDesign(page, 'mid-century-modern', 'surprise-me')
  expect((await me(page)).credits).toBe(0)

  // Loading: six skeleton cards while the list is on its way.
  const hold = holdDesignList(page)
  await hold.ready
  await page.reload()
  await expect(page.getByTestId('design-skeleton')).toHaveCount(6)
  await expect(page.getByRole('status').filter({ hasText: 'Loading your designs…' })).toBeAttached()
  await expectNoAxeViolations(page, '/my-designs loading')
  await screenshotFromTop(page, 'my-designs-loading')
  hold.release()
  await hold.stop()

  // The grid.
  await expect(page.getByText("You've created 2 beautiful bathroom designs")).toBeVisible()
  await expect(page.getByTestId('design-skeleton')).toHaveCount(0)
  await expect(designCards(page)).toHaveCount(2)
  // Newest first.
  await expect(designCards(page).first().getByRole('heading')).toHaveText('Mid Century Modern')

  const coastalCard = cardFor(page, 'Coastal')
  await expect(coastalCard).toContainText(LONG_US_DATE.format(new Date(coastal.created_at)))
  await expect(coastalCard).toContainText('Spa Blues')
  await expect(coastalCard).toContainText('1 credit used')
  await expect(coastalCard.getByRole('button', { name: /^Download/ })).toBeVisible()
  await expect(coastalCard.getByText('Unlock Product Recommendations')).toBeVisible()
  await expect(coastalCard.getByRole('link', { name: 'Upgrade Now' })).toHaveAttribute('href', '/pricing')
  await expect(coastalCard.getByRole('button', { name: /Get Product Recommendations/ })).toHaveCount(0)
  const image = coastalCard.getByRole('img')
  await expect(image).toHaveAttribute('loading', 'lazy')
  await expect(image).toHaveAttribute('width', /\d+/)
  await expect(image).toHaveAttribute('height', /\d+/)
  await expect(image).toHaveAttribute('src', coastal.transformed_image_url)
  // Honest about who made it, and the caption band sits below the thumbnail's box (as the download crops it).
  await expect(coastalCard).toContainText('Concept render by Lavo’s built-in engine, not an AI model')
  const [picture, frame] = await Promise.all([image.boundingBox(), image.locator('..').boundingBox()])
  expect(Math.abs(picture!.y - frame!.y)).toBeLessThan(1)
  expect(Math.abs(picture!.height * 0.92 - frame!.height)).toBeLessThan(2)

  // "Surprise me" means no palette was chosen: none is shown.
  const midCenturyCard = cardFor(page, 'Mid Century Modern')
  await expect(midCenturyCard).toContainText(LONG_US_DATE.format(new Date(midCentury.created_at)))
  for (const name of ['Surprise Me', 'surprise-me']) await expect(midCenturyCard).not.toContainText(name)
  await expect(midCenturyCard.getByText('Sample')).toHaveCount(0)

  await closeToasts(page)
  await expectNoAxeViolations(page, '/my-designs grid (free member)')
  await screenshotFromTop(page, 'my-designs-grid-free')

  // Download: the bottom 8% is cropped away, saved as style_bathroom_YYYY-MM-DD.jpg.
  const downloadEvent = page.waitForEvent('download')
  await midCenturyCard.getByRole('button', { name: /^Download/ }).click()
  const download = await downloadEvent
  const created = new Date(midCentury.created_at)
  const day = `${created.getFullYear()}-${String(created.getMonth() + 1).padStart(2, '0')}-${String(created.getDate()).padStart(2, '0')}`
  expect(download.suggestedFilename()).toBe(`mid_century_modern_bathroom_${day}.jpg`)
  await expect(page.getByText('Design downloaded successfully!')).toBeVisible()
  const saved = await sharp(readFileSync(await download.path())).metadata()
  const originalResponse = await page.request.get(midCentury.transformed_image_url)
  expect(originalResponse.ok()).toBe(true)
  const original = await sharp(await originalResponse.body()).metadata()
  expect(saved.format).toBe('jpeg')
  expect(saved.width).toBe(original.width)
  expect(saved.height).toBe(Math.round(original.height! * 0.92))

  // Delete, with a confirmation first: Cancel keeps the design.
  await midCenturyCard.getByRole('button', { name: /^Delete/ }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Delete this design?' })
  await expect(confirm).toBeVisible()
  await expect(confirm).toContainText(`Mid Century Modern design from ${LONG_US_DATE.format(created)}`)
  await expectNoAxeViolations(page, 'delete confirmation')
  await confirm.getByRole('button', { name: 'Cancel' }).click()
  await expect(confirm).toBeHidden()
  await expect(designCards(page)).toHaveCount(2)
  await midCenturyCard.getByRole('button', { name: /^Delete/ }).click()
  await confirm.getByRole('button', { name: 'Delete design' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('Design deleted')).toBeVisible()
  await expect(designCards(page)).toHaveCount(1)
  await expect(page.getByText("You've created 1 beautiful bathroom design", { exact: true })).toBeVisible()
  expect((await page.request.get(`/api/designs/${midCentury.id}`)).status()).toBe(404)
  await page.reload()
  await expect(designCards(page)).toHaveCount(1)
  await expect(cardFor(page, 'Coastal')).toBeVisible()
})

test('The design list shows an error with a way to retry, and sample designs and more pages', async ({ page }) => {
  test.setTimeout(180_000)
  // A paid member of the instance whose generation provider always fails: every design there is a sample. The
  // oldest is a Glam design; 24 newer ones fill the first page (Coastal and, newest, Rustic each once).
  const origin = `http://localhost:${FAILING_PROVIDER_PORT}`
  await dismissCookieBanner(page)
  await signUpThroughApi(page, origin)
  await buyStarter(page, origin)
  const others = STYLE_IDS.filter((style) => !['glam', 'coastal', 'rustic'].includes(style))
  await createSampleDesigns(page, origin, [
    { style: 'glam', palette: 'jewel-tones' },
    ...[...others, ...others.slice(0, 22 - others.length)].map((style) => ({ style, palette: 'surprise-me' })),
    { style: 'coastal', palette: 'warm-neutrals' },
    { style: 'rustic', palette: 'surprise-me' },
  ])

  // The list request fails (twice: the list is retried once after 1 s): the error card, a toast and Try Again. No
  // configuration of the server makes its design list fail, so this one answer is made in the browser.
  let failures = 0
  const fail = async (route: Route) => {
    failures += 1
    await route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'Something went wrong' } }) })
  }
  await page.route('**/api/designs?*', fail)
  await page.goto(`${origin}/my-designs`)
  await expect(page.getByRole('heading', { name: 'Failed to Load Designs' })).toBeVisible()
  await expect(page.getByText("We couldn't load your designs. This might be a temporary connection issue.")).toBeVisible()
  await expect(page.getByText('Failed to load your designs. Click retry to try again.')).toBeVisible()
  expect(failures).toBe(2)
  await closeToasts(page)
  await expectNoAxeViolations(page, '/my-designs error')
  await screenshotFromTop(page, 'my-designs-error')

  // Try Again recovers: the real list, with its samples and a next page.
  await page.unroute('**/api/designs?*', fail)
  const pages: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/designs') pages.push(request.url())
  })
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(page.getByText("You've created 25 beautiful bathroom designs")).toBeVisible()
  await expect(designCards(page)).toHaveCount(24)
  const sample = cardFor(page, 'Rustic')
  await expect(sample.getByText('Sample', { exact: true })).toBeVisible()
  await expect(sample).toContainText('0 credits used')
  // A sample design cannot have product recommendations, even for a paid member.
  await expect(sample.getByRole('button', { name: /^Get Product Recommendations/ })).toBeDisabled()
  await expect(sample.getByText('Not available for sample images.')).toBeVisible()
  await expect(cardFor(page, 'Coastal')).toContainText('Warm Neutrals')
  await expect(cardFor(page, 'Glam')).toHaveCount(0)

  await page.getByRole('button', { name: 'Load more designs' }).click()
  await expect(designCards(page)).toHaveCount(25)
  await expect(cardFor(page, 'Glam')).toContainText('Jewel Tones')
  await expect(page.getByRole('button', { name: 'Load more designs' })).toHaveCount(0)
  expect(pages).toHaveLength(2)
  expect(new URL(pages[1]!).searchParams.has('cursor')).toBe(true)
  await closeToasts(page)
  await expectNoAxeViolations(page, '/my-designs grid with a sample')
  await screenshotFromTop(page, 'my-designs-grid-sample')
})

test('A member who bought credits gets product recommendations for a saved design and pays for them once', async ({ page }) => {
  test.setTimeout(180_000)
  await dismissCookieBanner(page)
  await signUpOnMyDesigns(page)
  const sessionId = await buyStarter(page)
  const design = await createDesign(page, 'scandinavian', 'spa-blues')
  expect(await me(page)).toMatchObject({ credits: 21, membershipTier: 'paid' })

  // Back from the checkout: the toast, and the parameters are removed.
  await page.goto(`/my-designs?success=true&session_id=${sessionId}`)
  await expect(page.getByText('Payment successful! Your designs are saved here. You can now generate product recommendations for any design.')).toBeVisible()
  await expect(page).toHaveURL(/\/my-designs$/)
  await expect(creditBadge(page)).toHaveText('21 credits')

  const card = cardFor(page, 'Scandinavian')
  await expect(card.getByText('Unlock Product Recommendations')).toHaveCount(0)
  const open = card.getByRole('button', { name: /^Get Product Recommendations/ })
  await expect(open).toBeEnabled()
  await closeToasts(page)
  await expectNoAxeViolations(page, '/my-designs grid (paid member)')
  await screenshotFromTop(page, 'my-designs-grid-paid')

  // The product list requests the page makes, watched (not changed).
  let listRequests = 0
  page.on('request', (request) => {
    if (/^\/api\/designs\/[^/]+\/products$/.test(new URL(request.url()).pathname)) listRequests += 1
  })
  await open.click()
  await expect(page).toHaveURL(new RegExp(`/my-designs\\?design=${design.id}$`))
  await expect(page.getByRole('heading', { level: 1, name: 'Scandinavian bathroom' })).toBeFocused()
  // The first list costs a credit: the member is asked before anything is spent.
  // The loading state may last only as long as the real request: it is watched from the page, not waited for.
  const loadingShown = whenTextShown(page, 'Finding products that match your design…')
  await page.getByRole('button', { name: 'Get Product List · 1 credit' }).click()
  expect(await loadingShown).not.toBeNull()

  // spec §4: opening remembers the design for the wizard.
  const stored = await page.evaluate(() => ({
    style: localStorage.getItem('selectedStyle'),
    palette: localStorage.getItem('selectedColorPalette'),
    room: localStorage.getItem('roomType'),
    last: JSON.parse(localStorage.getItem('lastTransformation') ?? 'null') as unknown,
  }))
  expect(stored).toEqual({ style: 'scandinavian', palette: 'spa-blues', room: 'bathroom', last: { id: design.id, image: design.transformed_image_url, title: design.design_title } })

  // Categories as panels that start open and toggle on click.
  const panels = page.getByRole('heading', { level: 3 }).getByRole('button')
  await expect(panels.first()).toBeVisible({ timeout: 60_000 })
  const panelCount = await panels.count()
  expect(panelCount).toBeGreaterThanOrEqual(3)
  for (let index = 0; index < panelCount; index += 1) await expect(panels.nth(index)).toHaveAttribute('aria-expanded', 'true')
  const firstPanel = panels.first()
  const firstPanelBody = page.locator(`#${await firstPanel.getAttribute('aria-controls')}`)
  await expect(firstPanelBody.getByRole('link').first()).toBeVisible()
  await firstPanel.click()
  await expect(firstPanel).toHaveAttribute('aria-expanded', 'false')
  await expect(firstPanelBody).toBeHidden()
  await firstPanel.press('Enter')
  await expect(firstPanel).toHaveAttribute('aria-expanded', 'true')
  await expect(firstPanelBody).toBeVisible()

  // Every product: a picture, a price band, 'Search for price' at a retailer, and a link named 'Shop {product} at {retailer}' in a new tab.
  const shopLinks = page.getByRole('link', { name: /^Shop .+ at .+/ })
  const linkCount = await shopLinks.count()
  expect(linkCount).toBeGreaterThanOrEqual(5)
  await expect(page.getByText('Search for price')).toHaveCount(linkCount)
  const names = new Set<string>()
  const amazonLinks: string[] = []
  for (let index = 0; index < linkCount; index += 1) {
    const link = shopLinks.nth(index)
    const href = (await link.getAttribute('href')) ?? ''
    const name = ((await link.textContent()) ?? '').replace(/\s+/g, ' ').trim()
    names.add(name)
    expect(RETAILER_HOSTS).toContain(new URL(href).host)
    await expect(link).toHaveAttribute('target', '_blank')
    const rel = (await link.getAttribute('rel')) ?? ''
    expect(rel).toContain('noopener')
    expect(rel).toContain('noreferrer')
    // Amazon links carry the server's associate tag and are marked sponsored; other retailers carry none.
    if (new URL(href).host === 'www.amazon.com') {
      amazonLinks.push(href)
      expect(new URL(href).searchParams.get('tag')).toBe(E2E_AMAZON_TAG)
      expect(rel).toContain('sponsored')
      expect(name).toMatch(/ at Amazon$/)
    } else {
      expect(href).not.toContain('tag=')
    }
  }
  expect(names.size).toBe(linkCount)
  expect(amazonLinks.length).toBeGreaterThan(0)

  // A product's shop link opens the retailer's search in a new tab (the retailer is answered locally: no network here).
  await page.context().route('https://www.amazon.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Amazon search</title>' }))
  const opening = page.waitForEvent('popup')
  await page.locator(`a[href="${amazonLinks[0]}"]`).click()
  const shop = await opening
  await shop.waitForLoadState()
  expect(shop.url()).toBe(amazonLinks[0])
  expect(new URL(shop.url()).searchParams.get('tag')).toBe(E2E_AMAZON_TAG)
  await shop.close()

  // The first list costs 1 credit, once.
  await expect(creditBadge(page)).toHaveText('20 credits')
  expect((await me(page)).credits).toBe(20)
  await expect(page.getByText('1 credit was used for this list.')).toBeVisible()
  await closeToasts(page)
  await expectNoAxeViolations(page, '/my-designs detail')
  await screenshotFromTop(page, 'my-designs-detail')

  // Back to the grid: focus returns to the card's button.
  await page.getByRole('button', { name: 'Back to My Designs' }).click()
  await expect(page).toHaveURL(/\/my-designs$/)
  await expect(open).toBeFocused()

  // Reopening (also after a reload, which asks the server again) does not charge.
  await open.click()
  await expect(panels.first()).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Scandinavian bathroom' })).toBeVisible()
  await expect(panels.first()).toBeVisible({ timeout: 30_000 })
  expect(listRequests).toBeGreaterThanOrEqual(2)
  await expect(page.getByText('1 credit was used for this list.')).toHaveCount(0)
  expect((await me(page)).credits).toBe(20)
  await expect(creditBadge(page)).toHaveText('20 credits')

  // Browser Back from a detail opened in the grid also returns to the grid; Start Over goes to the wizard.
  await page.getByRole('button', { name: 'Back to My Designs' }).click()
  await expect(designCards(page)).toHaveCount(1)
  await open.click()
  await page.goBack()
  await expect(page).toHaveURL(/\/my-designs$/)
  await expect(designCards(page)).toHaveCount(1)
  await open.click()
  await page.getByRole('button', { name: 'Start Over' }).click()
  await expect(page).toHaveURL(/\/$/)
})

test('A member gets product recommendations in the wizard’s step 4, paid for once, and an empty list offers Try Again', async ({ page }) => {
  test.setTimeout(180_000)
  await dismissCookieBanner(page)
  await signUpOnMyDesigns(page)
  await buyStarter(page)

  // Through the wizard: upload, style, transform.
  await page.goto('/')
  await page.getByLabel('Choose a photo').setInputFiles(PHOTO)
  await page.getByRole('button', { name: 'Continue to Styles →' }).click()
  await page.getByRole('radio', { name: 'Coastal' }).click()
  await page.getByRole('button', { name: 'Transform My Bathroom' }).click()
  await expect(page.getByText('Design saved to your collection!')).toBeVisible({ timeout: 100_000 })
  await expect(creditBadge(page)).toHaveText('21 credits')

  await page.getByRole('button', { name: 'Get Bathroom Product Recommendations' }).click()
  await expect(page).toHaveURL(/step=products/)
  const designId = new URL(page.url()).searchParams.get('design')!
  await page.getByRole('button', { name: 'Get Product List · 1 credit' }).click()
  const panels = page.getByRole('heading', { level: 3 }).getByRole('button')
  await expect(panels.first()).toBeVisible({ timeout: 60_000 })
  for (let index = 0; index < (await panels.count()); index += 1) await expect(panels.nth(index)).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('link', { name: /^Shop .+ at .+/ }).first()).toHaveAttribute('target', '_blank')
  await expect(page.getByRole('button', { name: 'Start Over' })).toBeVisible()
  await expect(creditBadge(page)).toHaveText('20 credits')
  await closeToasts(page)
  await expectNoAxeViolations(page, 'products step (paid member)')
  await screenshotFromTop(page, 'wizard-products-paid')

  // Back to the design and into the list again: no second charge.
  await page.getByRole('button', { name: 'Back to Transformations' }).click()
  await expect(page).toHaveURL(/step=generate/)
  await page.getByRole('button', { name: 'Get Bathroom Product Recommendations' }).click()
  await expect(panels.first()).toBeVisible({ timeout: 30_000 })
  expect((await me(page)).credits).toBe(20)

  // Start Over goes back to the first step with nothing chosen.
  await page.getByRole('button', { name: 'Start Over' }).click()
  await expect(page).toHaveURL(/\/(\?step=upload)?$/)
  await expect(page.getByLabel('Choose a photo')).toBeAttached()

  // A list that comes back empty says so and offers Try Again, which asks the server afresh. No real design's list is
  // empty (the fallback list always has items), so this one answer is emptied in the browser.
  let empty = true
  await page.route('**/api/designs/*/products', async (route) => {
    if (!empty) return route.continue()
    const response = await route.fetch()
    await route.fulfill({ response, json: { ...(await response.json()), products: [] } })
  })
  await page.goto(`/my-designs?design=${designId}`)
  await expect(page.getByText('No products found for this design.')).toBeVisible({ timeout: 30_000 })
  await expectNoAxeViolations(page, 'empty product list')
  empty = false
  await page.getByRole('button', { name: 'Try Again' }).click()
  await expect(panels.first()).toBeVisible({ timeout: 30_000 })
  expect((await me(page)).credits).toBe(20)
})

test('Hovering My Designs in the header prefetches the signed-in user’s designs', async ({ page }) => {
  await dismissCookieBanner(page)
  await signUpOnMyDesigns(page)
  await page.goto('/pricing')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.getByTestId('credit-badge').filter({ visible: true })).toBeVisible()
  const prefetch = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/designs', { timeout: 10_000 })
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'My Designs' }).hover()
  await prefetch
})

