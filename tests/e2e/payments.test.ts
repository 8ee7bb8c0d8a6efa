import { execFileSync } from 'node:child_process'
import { expect, test, type Page } from './fixtures'
import { closeToasts, dismissCookieBanner, expectNoAxeViolations, me, screenshotFromTop, startApp } from './support'

// The folder the e2e server keeps its embedded database in (playwright.config.ts).
const E2E_DATA_DIR = '.tmp/e2e-data'

const PAID_TOAST = 'Payment successful! Your credits have been added.'
const CANCELLED_TOAST = 'Payment was cancelled. No charges were made.'

const header = (page: Page) => page.getByRole('banner')
const creditBadge = (page: Page) => page.getByTestId('credit-badge').filter({ visible: true })
const promoToggle = (page: Page) => page.getByRole('button', { name: 'Have a promo code?' })

/** Creates a promo code the way an operator does: the admin CLI, which hands the command to the running server. */
function createPromoCode(code: string, credits: number): string {
  return execFileSync('npm', ['run', '--silent', 'admin', '--', 'promo:create', code, String(credits)], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR },
    encoding: 'utf8',
    timeout: 30_000,
  })
}

// Desktop width: the account buttons sit in the header itself (on phones they move into the menu).
async function signUpFromHeader(page: Page): Promise<string> {
  const email = `buyer-${Date.now()}@example.com`
  await startApp(page)
  await header(page).getByRole('button', { name: 'Get Started', exact: true }).filter({ visible: true }).first().click()
  const dialog = page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })
  await dialog.getByLabel('Email', { exact: true }).fill(email)
  await dialog.getByLabel('Password').fill('buyer-pass-1')
  await dialog.getByRole('button', { name: 'Create Free Account' }).click()
  await expect(dialog).toBeHidden()
  await expect(creditBadge(page)).toHaveText('2 credits')
  return email
}

/** Toasts come and go on their own; close them so an axe scan looks at the page itself. */

test('A visitor on the pricing page is asked to sign in before buying or redeeming a code', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.goto('/pricing')
  await startApp(page)

  // Every package has its own buy button.
  for (const name of ['Buy Starter', 'Buy Most Popular', 'Buy Best Value']) await expect(page.getByRole('button', { name, exact: true })).toBeVisible()
  await expect(page.getByText('Payments are in test mode.')).toBeVisible()

  await page.getByRole('button', { name: 'Create Free Account' }).click()
  await expect(page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })).toBeVisible()
  await page.keyboard.press('Escape')

  await page.getByRole('button', { name: 'Buy Starter' }).click()
  await expect(page.getByText('Please sign in to purchase credits')).toBeVisible()
  const signIn = page.getByRole('dialog', { name: 'Welcome back' })
  await expect(signIn).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(signIn).toBeHidden()

  // The promo box starts collapsed; Cancel clears the input and collapses it.
  await expect(promoToggle(page)).toHaveAttribute('aria-expanded', 'false')
  await expect(page.getByLabel('Promo code')).toBeHidden()
  await promoToggle(page).click()
  await expect(promoToggle(page)).toHaveAttribute('aria-expanded', 'true')
  const input = page.getByLabel('Promo code')
  await expect(input).toBeFocused()
  await expect(input).toHaveAttribute('maxlength', '20')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('Please enter a promo code')).toBeVisible()
  await closeToasts(page)
  await expectNoAxeViolations(page, '/pricing signed out, promo box open')
  await screenshotFromTop(page, 'pricing-signed-out-promo-open')

  await input.fill('spring-sale')
  await expect(input).toHaveValue('SPRING-SALE')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(promoToggle(page)).toHaveAttribute('aria-expanded', 'false')
  await expect(promoToggle(page)).toBeFocused()
  await promoToggle(page).click()
  await expect(page.getByLabel('Promo code')).toHaveValue('')

  await page.getByLabel('Promo code').fill('SPRING')
  await page.getByLabel('Promo code').press('Enter')
  await expect(page.getByText('Please sign in to redeem promo codes')).toBeVisible()
  await expect(signIn).toBeVisible()
})

test('A member buys Starter in the test checkout, cancels a second purchase and redeems a promo code', async ({ page }) => {
  test.setTimeout(120_000)
  await dismissCookieBanner(page)
  await page.goto('/pricing')
  await signUpFromHeader(page)
  await expect(page.getByRole('button', { name: 'Create Free Account' })).toBeHidden()
  await expect(page.getByText('Account ready')).toBeVisible()

  // Hold the checkout request until the clicked package's "Processing..." state has been seen (a timed
  // hold raced the assertions on a busy machine).
  let releaseCheckout!: () => void
  const checkoutHeld = new Promise<void>((resolve) => (releaseCheckout = resolve))
  await page.route('**/api/checkout', async (route) => {
    await checkoutHeld
    await route.continue()
  })
  await page.getByRole('button', { name: 'Buy Starter' }).click()
  await expect(page.getByRole('button', { name: 'Processing...' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Buy Best Value' })).toBeDisabled()
  releaseCheckout()

  await expect(page).toHaveURL(/\/checkout\/test\/cs_test_lavo_\w+$/)
  await expect(page.getByRole('region', { name: 'Test mode' })).toContainText('Test mode — no real charge')
  const summary = page.getByRole('region', { name: 'Order summary' })
  await expect(summary).toContainText('Starter')
  await expect(summary).toContainText('20 credits')
  await expect(summary).toContainText('$9')
  await expect(page.getByText('no card details are collected')).toBeVisible()
  await expectNoAxeViolations(page, 'test checkout')
  await screenshotFromTop(page, 'checkout-test')

  await page.getByRole('button', { name: 'Pay $9' }).click()
  await expect(page.getByText(PAID_TOAST)).toBeVisible()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(creditBadge(page)).toHaveText('22 credits')
  expect(await me(page)).toMatchObject({ credits: 22, membershipTier: 'paid' })

  // A second purchase, cancelled: no charge and no credits.
  await page.getByRole('button', { name: 'Buy Starter' }).click()
  await expect(page).toHaveURL(/\/checkout\/test\//)
  const cancelledCheckout = new URL(page.url()).pathname
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByText(CANCELLED_TOAST)).toBeVisible()
  await expect(page).toHaveURL(/\/pricing$/)
  await expect(creditBadge(page)).toHaveText('22 credits')
  expect((await me(page)).credits).toBe(22)

  // The promo code, created by an operator with the admin CLI.
  expect(createPromoCode('E2EPROMO', 3)).toContain('E2EPROMO')
  await promoToggle(page).click()
  await page.getByLabel('Promo code').fill('e2epromo')
  await expect(page.getByLabel('Promo code')).toHaveValue('E2EPROMO')
  await closeToasts(page)
  await expectNoAxeViolations(page, '/pricing signed in, promo box open')
  await screenshotFromTop(page, 'pricing-signed-in-promo-open')
  await page.getByLabel('Promo code').press('Enter')
  await expect(page.getByText('Promo code applied! 3 credits added.')).toBeVisible()
  await expect(creditBadge(page)).toHaveText('25 credits')
  await expect(promoToggle(page)).toHaveAttribute('aria-expanded', 'false')

  // The same code twice is refused with the server's reason.
  await promoToggle(page).click()
  await page.getByLabel('Promo code').fill('E2EPROMO')
  await page.getByRole('button', { name: 'Apply' }).click()
  await expect(page.getByText('You have already used this promo code.')).toBeVisible()
  await expect(creditBadge(page)).toHaveText('25 credits')

  // Old and unknown checkout links explain themselves.
  await page.goto(cancelledCheckout)
  await expect(page.getByRole('heading', { name: 'This checkout was cancelled' })).toBeVisible()
  await page.goto('/checkout/test/cs_test_lavo_000000000000000000000000')
  await expect(page.getByRole('heading', { name: 'This checkout session does not exist' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Test mode' })).toBeVisible()
  await expectNoAxeViolations(page, 'unknown test checkout')
  await page.getByRole('link', { name: 'Back to pricing' }).click()
  await expect(page).toHaveURL(/\/pricing$/)
})
