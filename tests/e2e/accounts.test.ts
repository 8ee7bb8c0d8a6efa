import { expect, test, type Page } from './fixtures'
import { resetLinkFrom } from '../support/email'
import { FAILING_PROVIDER_PORT } from '../../playwright.config'
import { dismissCookieBanner, expectNoAxeViolations, readOutbox, screenshotBothWidths } from './support'

const header = (page: Page) => page.getByRole('banner')

// Desktop width: the account buttons sit in the header itself (on phones they move into the menu).
async function openHeaderButton(page: Page, name: string) {
  await header(page).getByRole('button', { name, exact: true }).filter({ visible: true }).first().click()
}

test('A visitor signs up, signs out and in, and resets a forgotten password with the emailed link', async ({ page }) => {
  await dismissCookieBanner(page)
  const email = `e2e-${Date.now()}@example.com`
  await page.goto('/')

  await openHeaderButton(page, 'Get Started')
  const signUp = page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })
  await expect(signUp).toBeVisible()
  await expect(signUp.getByLabel('Password')).toHaveAttribute('placeholder', 'Minimum 6 characters')
  await expect(signUp).toContainText('2 free credits')
  await expect(signUp).toContainText('No card needed')
  await expectNoAxeViolations(page, 'sign-up dialog')
  await screenshotBothWidths(page, 'dialog-sign-up')

  await signUp.getByRole('button', { name: 'Create Free Account' }).click()
  await expect(signUp.getByText('Please enter your email address')).toBeVisible()
  await signUp.getByLabel('Email', { exact: true }).fill(email)
  await signUp.getByLabel('Password').fill('12345')
  await signUp.getByRole('button', { name: 'Create Free Account' }).click()
  await expect(signUp.getByText('Password must be at least 6 characters')).toBeVisible()
  await signUp.getByLabel('Password').fill('first-pass-1')
  await signUp.getByRole('button', { name: 'Create Free Account' }).click()
  await expect(signUp).toBeHidden()
  await expect(page.getByText('Welcome! You can now start creating and saving your designs.')).toBeVisible()
  await expect(page.getByTestId('credit-badge').filter({ visible: true })).toHaveText('2 credits')

  await openHeaderButton(page, 'Sign Out')
  await expect(header(page).getByRole('button', { name: 'Sign In', exact: true })).toBeVisible()

  await openHeaderButton(page, 'Sign In')
  const signIn = page.getByRole('dialog', { name: 'Welcome back' })
  await expect(signIn.getByRole('button', { name: 'Get started with 2 free credits' })).toBeVisible()
  await expectNoAxeViolations(page, 'sign-in dialog')
  await signIn.getByLabel('Email', { exact: true }).fill(email.toUpperCase())
  await signIn.getByLabel('Password').fill('first-pass-1')
  await signIn.getByRole('button', { name: 'Sign In' }).click()
  await expect(signIn).toBeHidden()
  await expect(page.getByTestId('credit-badge').filter({ visible: true })).toHaveText('2 credits')
  await openHeaderButton(page, 'Sign Out')

  await openHeaderButton(page, 'Sign In')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  const reset = page.getByRole('dialog', { name: 'Reset Your Password' })
  await expect(reset.getByRole('button', { name: 'Back to sign in' })).toBeVisible()
  await expectNoAxeViolations(page, 'reset dialog')
  const mailsBefore = readOutbox().length
  await reset.getByLabel('Email', { exact: true }).fill(email)
  await reset.getByRole('button', { name: 'Send Reset Email' }).click()
  await expect(page.getByText('Password reset email sent! Check your inbox and follow the link to reset your password.')).toBeVisible()
  // Other tests send mail meanwhile: wait for this visitor's own.
  await expect.poll(() => readOutbox().slice(mailsBefore).some((mail) => mail.includes(email))).toBe(true)
  const link = resetLinkFrom(readOutbox().findLast((mail) => mail.includes(email))!)
  await page.keyboard.press('Escape')

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await expectNoAxeViolations(page, '/reset-password')
  await screenshotBothWidths(page, 'reset-password')
  await page.getByLabel('New password', { exact: true }).fill('weakpass')
  await expect(page.getByText('Password strength: Weak')).toBeVisible()
  await page.getByLabel('Confirm new password').fill('weakpass')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Password does not meet requirements: One uppercase letter, One number' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill('BetterPass42!x')
  await expect(page.getByText('Password strength: Strong')).toBeVisible()
  await page.getByLabel('Confirm new password').fill('BetterPass42!y')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Passwords do not match')).toBeVisible()
  await page.getByLabel('Confirm new password').fill('BetterPass42!x')
  await page.getByRole('button', { name: 'Update Password' }).click()
  await expect(page.getByText('Password updated successfully!')).toBeVisible()
  await expect(page).toHaveURL('/')

  await openHeaderButton(page, 'Sign In')
  const again = page.getByRole('dialog', { name: 'Welcome back' })
  await again.getByLabel('Email', { exact: true }).fill(email)
  await again.getByLabel('Password').fill('first-pass-1')
  await again.getByRole('button', { name: 'Sign In' }).click()
  await expect(again.getByRole('alert')).toContainText(/invalid email or password/i)
  await again.getByLabel('Password').fill('BetterPass42!x')
  await again.getByRole('button', { name: 'Sign In' }).click()
  await expect(again).toBeHidden()
  await expect(page.getByTestId('credit-badge').filter({ visible: true })).toHaveText('2 credits')

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''))
  await expect(page.getByText('Invalid or expired reset link. Please request a new password reset.')).toBeVisible()
  await expect(page).toHaveURL('/')
})

test('A signed-out visitor on My Designs is invited to sign up for 2 free credits', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.goto('/my-designs')
  await expect(page.getByRole('heading', { name: 'Your designs live here' })).toBeVisible()
  await expect(page.getByRole('main')).toContainText('2 free credits')
  await page.getByRole('button', { name: 'Get 2 Free Credits' }).click()
  await expect(page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page.getByRole('dialog', { name: 'Welcome back' })).toBeVisible()
  await expect(page).toHaveURL('/')
})

test('The auth callback page shows its message and returns home', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.goto('/auth/callback')
  await expect(page.getByText('Processing authentication...')).toBeVisible()
  await expect(page).toHaveURL('/', { timeout: 5000 })
})

test('The auth callback page explains a failed Google sign-in, then returns home', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.goto('/auth/callback?error=account_not_linked')
  await expect(page.getByText('This email is already registered with a password. Please sign in with your email and password instead.')).toBeVisible()
  await expect(page).toHaveURL('/', { timeout: 5000 })
  await page.goto('/auth/callback?error=access_denied')
  await expect(page.getByText('Failed to sign in with Google')).toBeVisible()
  await expect(page).toHaveURL('/', { timeout: 5000 })
})

test('A visitor moves between the sign-in, reset and sign-up dialogs, and sees no Google button while Google is not configured', async ({ page }) => {
  await dismissCookieBanner(page)
  await page.goto('/')
  await openHeaderButton(page, 'Sign In')
  const signIn = page.getByRole('dialog', { name: 'Welcome back' })
  await expect(signIn).toBeVisible()
  await expect(signIn.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0)

  await signIn.getByRole('button', { name: 'Get started with 2 free credits' }).click()
  const signUp = page.getByRole('dialog', { name: 'Get Started with Your Free Design!' })
  await expect(signUp).toBeVisible()
  await expect(signIn).toBeHidden()
  await expect(signUp.getByRole('button', { name: 'Continue with Google' })).toHaveCount(0)

  await expect(signUp.getByText('Already have an account? Sign in')).toBeVisible()
  await signUp.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(signIn).toBeVisible()
  await expect(signUp).toBeHidden()

  await signIn.getByRole('button', { name: 'Forgot password?' }).click()
  const reset = page.getByRole('dialog', { name: 'Reset Your Password' })
  await expect(reset).toBeVisible()
  await reset.getByRole('button', { name: 'Back to sign in' }).click()
  await expect(signIn).toBeVisible()
})

test('Where Google sign-in is configured, its button sends the visitor to Google with our callback', async ({ page }) => {
  // The product instance on this port runs with dummy Google credentials; Google itself is answered locally.
  await page.context().route('https://accounts.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google</title>' }))
  await dismissCookieBanner(page)
  await page.goto(`http://localhost:${FAILING_PROVIDER_PORT}/`)
  await header(page).getByRole('button', { name: 'Sign In', exact: true }).filter({ visible: true }).first().click()
  const signIn = page.getByRole('dialog', { name: 'Welcome back' })
  await signIn.getByRole('button', { name: 'Continue with Google' }).click()
  await page.waitForURL(/^https:\/\/accounts\.google\.com\//)
  const url = new URL(page.url())
  expect(url.searchParams.get('client_id')).toBe('e2e-google-client-id')
  expect(url.searchParams.get('redirect_uri')).toBe(`http://localhost:${FAILING_PROVIDER_PORT}/api/auth/callback/google`)
})
