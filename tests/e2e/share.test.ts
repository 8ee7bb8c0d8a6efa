import { randomBytes } from 'node:crypto'
import { expect, test, type Page } from './fixtures'
import { closeToasts, createDesign, dismissCookieBanner, expectNoAxeViolations, screenshotFromTop, signUpThroughApi, whenNetworkQuiet } from './support'

// Issue 19 §4, decision 0043: an owner shares a design from My Designs; anyone opens /s/<token> without an account.

const designCards = (page: Page) => page.getByRole('list', { name: 'Saved designs' }).getByRole('article')

/** Collects Content-Security-Policy refusals (from the event, set before any page script) and every console error (a hydration mismatch, a refused script). */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  const consoleErrors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text())
  })
  await page.addInitScript(() => {
    const seen: string[] = []
    ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
    document.addEventListener('securitypolicyviolation', (event) => seen.push(`${event.effectiveDirective} ${event.blockedURI}`))
  })
  return async () => [...(await page.evaluate(() => (window as unknown as { __cspViolations?: string[] }).__cspViolations ?? [])), ...consoleErrors]
}

async function openShareDialog(page: Page) {
  await page.goto('/my-designs')
  const card = designCards(page).first()
  await expect(card).toBeVisible()
  // Keyboard: the card's Share button opens the dialog.
  await card.getByRole('button', { name: /^Share / }).focus()
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Share this design' })
  await expect(dialog).toBeVisible()
  return dialog
}

test.describe('Sharing a design', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page)
  })

  test('An owner shares a design from My Designs and anyone can open the link without an account', async ({ page, browser, baseURL }) => {
    await signUpThroughApi(page)
    const design = await createDesign(page, 'coastal', 'spa-blues')

    const dialog = await openShareDialog(page)
    const create = dialog.getByRole('button', { name: 'Create link' })
    await expect(create).toBeFocused()
    await page.keyboard.press('Enter')
    const input = dialog.getByLabel('Link to this design')
    await expect(input).toHaveValue(new RegExp(`^${baseURL}/s/[A-Za-z0-9_-]{43}$`))
    const link = await input.inputValue()
    await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Turn off link' })).toBeVisible()
    await expectNoAxeViolations(page, 'the share dialog')
    await screenshotFromTop(page, 'share-dialog')
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(designCards(page).first().getByRole('button', { name: /^Share / })).toBeFocused()

    // A visitor with no account.
    const visitorContext = await browser.newContext()
    const visitor = await visitorContext.newPage()
    await dismissCookieBanner(visitor)
    const violations = await watchViolations(visitor)
    const response = await visitor.goto(link)
    expect(response?.status()).toBe(200)
    expect(response?.headers()['x-robots-tag']).toContain('noindex')
    await expect(visitor.getByRole('heading', { level: 1, name: 'Coastal Bathroom in Spa Blues' })).toBeVisible()
    await expect(visitor.getByRole('img', { name: 'Before: the original bathroom photo' })).toBeVisible()
    await expect(visitor.getByRole('img', { name: 'After: Coastal Bathroom in Spa Blues' })).toBeVisible()
    await expect(visitor.getByText('Spa Blues', { exact: true })).toBeVisible()
    // Who made the picture is said here too.
    await expect(visitor.getByText('Lavo’s built-in design engine', { exact: false })).toBeVisible()
    const cta = visitor.getByRole('link', { name: 'Design your own' })
    await expect(cta).toHaveAttribute('href', '/')
    // The link unfurls: absolute preview addresses on the public URL, and the page is kept out of search engines.
    const token = link.split('/').pop()!
    await expect(visitor.locator('meta[property="og:image"]')).toHaveAttribute('content', `${baseURL}/api/shares/${token}/after.jpg`)
    await expect(visitor.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
    await expect(visitor.locator('meta[name="robots"]').first()).toHaveAttribute('content', /noindex/)
    const preview = await visitor.request.get(`${baseURL}/api/shares/${token}/after.jpg`)
    expect(preview.headers()['content-type']).toBe('image/jpeg')
    // Nothing of the owner's reaches the page.
    const html = await visitor.content()
    expect(html).not.toContain(design.id)
    // Keyboard: the divider moves with the arrow keys and the call to action is reachable.
    const divider = visitor.getByRole('slider')
    await divider.focus()
    const before = await divider.getAttribute('aria-valuenow')
    await visitor.keyboard.press('ArrowLeft')
    await expect(divider).not.toHaveAttribute('aria-valuenow', before ?? '')
    await cta.focus()
    await expect(cta).toBeFocused()
    await expectNoAxeViolations(visitor, 'the shared design')
    await screenshotFromTop(visitor, 'share-page')
    await whenNetworkQuiet(visitor)
    expect(await violations(), 'CSP violations and console errors on the shared page').toEqual([])

    // The owner turns the link off: it stops working at once.
    const again = await openShareDialog(page)
    await expect(again.getByLabel('Link to this design')).toHaveValue(link)
    await again.getByRole('button', { name: 'Turn off link' }).click()
    await expect(again.getByRole('button', { name: 'Create link' })).toBeVisible()
    const gone = await visitor.goto(link)
    expect(gone?.status()).toBe(404)
    await expect(visitor.getByRole('heading', { level: 1, name: 'This shared design is not available' })).toBeVisible()
    await expect(visitor.getByRole('link', { name: 'Design your own' })).toBeVisible()
    await expectNoAxeViolations(visitor, 'a link that was turned off')
    await screenshotFromTop(visitor, 'share-page-unavailable')
    await closeToasts(page)
    await visitorContext.close()
  })

  test('Deleting a shared design turns its link off, and a guessed link finds nothing', async ({ page, browser }) => {
    await signUpThroughApi(page)
    await createDesign(page, 'industrial', 'surprise-me')
    const dialog = await openShareDialog(page)
    await dialog.getByRole('button', { name: 'Create link' }).click()
    const link = await dialog.getByLabel('Link to this design').inputValue()
    await page.keyboard.press('Escape')

    const visitor = await (await browser.newContext()).newPage()
    expect((await visitor.goto(link))?.status()).toBe(200)
    await expect(visitor.getByText('Surprise Me (chosen by Lavo)')).toBeVisible()

    await designCards(page).first().getByRole('button', { name: /^Delete / }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete design' }).click()
    await expect(designCards(page)).toHaveCount(0)
    expect((await visitor.goto(link))?.status()).toBe(404)
    await expect(visitor.getByRole('heading', { level: 1, name: 'This shared design is not available' })).toBeVisible()

    const guessed = await visitor.goto(`/s/${randomBytes(32).toString('base64url')}`)
    expect(guessed?.status()).toBe(404)
    expect(guessed?.headers()['x-robots-tag']).toContain('noindex')
  })
})
