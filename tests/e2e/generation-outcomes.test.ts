import { expect, test, type Page } from './fixtures'
import { FAILING_PROVIDER_PORT, STALLING_PROVIDER_PORT } from '../../playwright.config'
import { dismissCookieBanner, expectNoAxeViolations } from './support'
import { fixturePhoto } from '../support/paths'

// These run against product instances whose generation provider is chosen by configuration
// (GENERATION_PROVIDER=failing, and =stalling with a 4 s timeout): nothing here is faked in the browser.
const PHOTO = fixturePhoto('cc0-interior-1.jpg')
const creditBadge = (page: Page) => page.getByTestId('credit-badge').filter({ visible: true })

/** A new visitor uploads a photo, picks a style, transforms, and signs up at the gate; the generation then runs. */
async function signUpAndTransform(page: Page, port: number) {
  await dismissCookieBanner(page)
  await page.goto(`http://localhost:${port}/`)
  await page.getByLabel('Choose a photo').setInputFiles(PHOTO)
  await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue to Styles →' }).click()
  await page.getByRole('radio', { name: 'Coastal' }).click()
  await page.getByRole('button', { name: 'Transform My Bathroom' }).click()
  const signUp = page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })
  await signUp.getByLabel('Email', { exact: true }).fill(`outcome-${port}-${Date.now()}@example.com`)
  await signUp.getByLabel('Password').fill('outcome-pass-1')
  await signUp.getByRole('button', { name: 'Create Free Account' }).click()
  await expect(page.getByText('Welcome! You can now start creating and saving your designs.')).toBeVisible()
}

async function balance(page: Page, port: number): Promise<number> {
  const response = await page.request.get(`http://localhost:${port}/api/me`)
  return ((await response.json()) as { credits: number }).credits
}

test('When the generation provider fails, the visitor sees the sample with Generation Failed and keeps the credit', async ({ page }) => {
  await signUpAndTransform(page, FAILING_PROVIDER_PORT)
  const overlay = page.getByTestId('sample-overlay')
  await expect(overlay).toContainText('Generation Failed', { timeout: 30_000 })
  await expect(overlay).toContainText('Sample image shown')
  // spec §8: the server gave a reason for the sample, so the visitor reads it.
  await expect(page.getByText('Using sample image: The design service is unavailable right now.').first()).toBeVisible()
  await expect(overlay).toContainText('Using sample image: The design service is unavailable right now.')
  await expect(page.getByRole('button', { name: 'Retry Renovation · 1 credit' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Get Bathroom Product Recommendations' })).toBeDisabled()
  await expect(creditBadge(page)).toHaveText('2 credits')
  expect(await balance(page, FAILING_PROVIDER_PORT)).toBe(2)
  await expectNoAxeViolations(page, 'generation failed')
})

test('When the provider outlasts the timeout, the visitor sees the sample with Generation Timeout and gets the credit back', async ({ page }) => {
  await signUpAndTransform(page, STALLING_PROVIDER_PORT)
  const overlay = page.getByTestId('sample-overlay')
  await expect(overlay).toContainText('Generation Timeout', { timeout: 30_000 })
  await expect(overlay).toContainText('Took too long - try again')
  await expect(page.getByText('Generation took too long - showing sample image. Please try again.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Get Bathroom Product Recommendations' })).toBeDisabled()
  await expect(creditBadge(page)).toHaveText('2 credits')
  expect(await balance(page, STALLING_PROVIDER_PORT)).toBe(2)
})
