import { expect, test, type Page } from './fixtures'
import { FAILING_PROVIDER_PORT } from '../../playwright.config'
import { fixturePhoto } from '../support/paths'
import { buyStarter, closeToasts, dismissCookieBanner, expectNoAxeViolations, me, screenshotBothWidths, signUpThroughApi } from './support'

// Issue 19 §2 and §3 (decisions 0045, 0046): choosing what changes on the style step, comparing up to three styles with
// the cost stated first, results side by side as they finish, each its own design, each failure refunded on its own.
const PHOTO = fixturePhoto('cc0-interior-1.jpg')

/** Ticks a style card (the card is the label of a visually hidden checkbox, as a visitor clicks it). */
async function tick(page: Page, name: string) {
  const group = page.getByRole('group', { name: 'Styles to compare (up to 3)' })
  const box = group.getByRole('checkbox', { name })
  await group.locator('label').filter({ has: page.getByRole('checkbox', { name }) }).click()
  await expect(box).toBeChecked()
}

async function toStyleStep(page: Page, origin = '') {
  await page.goto(`${origin}/`)
  await page.getByLabel('Choose a photo').setInputFiles(PHOTO)
  await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue to Styles →' }).click()
  await expect(page.getByRole('heading', { name: 'Choose your style' })).toBeVisible()
}

test('A member keeps the floor, compares three styles side by side and finds each as its own design', async ({ page }) => {
  test.setTimeout(300_000)
  await dismissCookieBanner(page)
  await signUpThroughApi(page)
  await toStyleStep(page)

  // What should change: all four on by default; at least one must stay on.
  const changes = page.getByRole('group', { name: 'What should change?' })
  for (const name of ['Walls', 'Floor', 'Vanity and cabinets', 'Fixtures and metal finish']) await expect(changes.getByRole('checkbox', { name: new RegExp(`^${name}`) })).toBeChecked()
  await page.getByRole('radio', { name: 'Coastal' }).click()
  for (const name of ['Walls', 'Floor', 'Vanity and cabinets', 'Fixtures and metal finish']) await changes.getByRole('checkbox', { name: new RegExp(`^${name}`) }).uncheck()
  await expect(page.getByRole('alert').filter({ hasText: 'Choose at least one part of the room to change.' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Transform My Bathroom' })).toBeDisabled()
  await expectNoAxeViolations(page, 'nothing chosen to change')
  await screenshotBothWidths(page, 'style-step-nothing-to-change')
  // Keyboard: Tab reaches the boxes, Space ticks them.
  const walls = changes.getByRole('checkbox', { name: /^Walls/ })
  await walls.focus()
  await page.keyboard.press('Space')
  await expect(walls).toBeChecked()
  for (const name of ['Vanity and cabinets', 'Fixtures and metal finish']) await changes.getByRole('checkbox', { name: new RegExp(`^${name}`) }).check()
  await expect(page).toHaveURL(/changes=walls%2Ccabinetry%2Cfixtures/)
  await expect(page.getByRole('button', { name: 'Transform My Bathroom' })).toBeEnabled()
  await screenshotBothWidths(page, 'style-step-what-changes')

  // Compare: 2 credits is not enough for 3 styles, and the step says so before anything starts.
  await page.getByRole('checkbox', { name: 'Compare up to 3 styles' }).check()
  const styles = page.getByRole('group', { name: 'Styles to compare (up to 3)' })
  await expect(styles.getByRole('checkbox', { name: 'Coastal' })).toBeChecked()
  await tick(page, 'Industrial')
  const glam = styles.getByRole('checkbox', { name: 'Glam' })
  await glam.focus()
  await page.keyboard.press('Space')
  await expect(glam).toBeChecked()
  await expect(styles.getByRole('checkbox', { name: 'Rustic' })).toBeDisabled()
  await expect(page.getByText('3 styles chosen: untick one to choose another.')).toBeVisible()
  const cost = page.getByTestId('compare-cost')
  await expect(cost).toContainText('3 designs, 3 credits')
  await expect(cost).toContainText('You have 2 credits, so this comparison cannot start. Untick a style, or buy credits.')
  await expect(cost.getByRole('link', { name: 'buy credits' })).toHaveAttribute('href', /^\/pricing\?return=/)
  await expect(page.getByRole('button', { name: 'Compare 3 Styles' })).toBeDisabled()
  await expectNoAxeViolations(page, 'compare, not enough credits')
  await screenshotBothWidths(page, 'compare-cost-short')

  await buyStarter(page)
  await page.reload()
  await expect(page.getByTestId('compare-cost')).toContainText('You have 22 credits.')
  await expect(page.getByTestId('compare-cost')).toContainText('3 designs, 3 credits')
  await expectNoAxeViolations(page, 'compare cost')
  await screenshotBothWidths(page, 'compare-cost')
  await page.getByRole('button', { name: 'Compare 3 Styles' }).click()

  await expect(page.getByRole('heading', { name: 'Your styles side by side' })).toBeVisible()
  await expect(page.getByRole('img', { name: 'Before: your bathroom photo' })).toBeVisible()
  for (const style of ['coastal', 'industrial', 'glam']) await expect(page.getByTestId(`compare-${style}`).getByTestId('compare-status')).toHaveText('Ready · saved to My Designs · 1 credit', { timeout: 60_000 })
  // Honest about who made them.
  await expect(page.getByText('These images were made by Lavo’s built-in design engine')).toBeVisible()
  expect((await me(page)).credits).toBe(19)
  await closeToasts(page)
  await expectNoAxeViolations(page, 'compare results')
  await screenshotBothWidths(page, 'compare-results')

  await page.goto('/my-designs')
  await expect(page.getByTestId('design-changes')).toHaveCount(3)
  for (const row of await page.getByTestId('design-changes').all()) await expect(row).toHaveText('Changed:Walls, Vanity and cabinets, Fixtures and metal finish')
  await closeToasts(page)
  await expectNoAxeViolations(page, 'my designs with what changed')
  await screenshotBothWidths(page, 'my-designs-what-changed')
})

test('When every compared design fails, each credit comes back on its own and the samples say so', async ({ page }) => {
  test.setTimeout(90_000)
  const origin = `http://localhost:${FAILING_PROVIDER_PORT}`
  await dismissCookieBanner(page)
  await signUpThroughApi(page, origin)
  await toStyleStep(page, origin)
  await page.getByRole('checkbox', { name: 'Compare up to 3 styles' }).check()
  await tick(page, 'Scandinavian')
  await tick(page, 'Rustic')
  await expect(page.getByTestId('compare-cost')).toContainText('2 designs, 2 credits')
  await page.getByRole('button', { name: 'Compare 2 Styles' }).click()
  for (const style of ['scandinavian', 'rustic']) await expect(page.getByTestId(`compare-${style}`).getByTestId('compare-status')).toHaveText('Not made: your credit was refunded', { timeout: 30_000 })
  // Samples are not the engine's work: no note says they are.
  await expect(page.getByText(/made by Lavo’s built-in design engine/)).toHaveCount(0)
  expect((await me(page, origin)).credits).toBe(2)
  await closeToasts(page)
  await expectNoAxeViolations(page, 'compare failures')
  await screenshotBothWidths(page, 'compare-failed')
})
