import { expect, test, type Page } from '@playwright/test'
import { resetLinkFrom } from '../support/email'
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
  await signUp.getByLabel('Email').fill(email)
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
  await signIn.getByLabel('Email').fill(email.toUpperCase())
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
  await reset.getByLabel('Email').fill(email)
  await reset.getByRole('button', { name: 'Send Reset Email' }).click()
  await expect(page.getByText('Password reset email sent! Check your inbox and follow the link to reset your password.')).toBeVisible()
  await expect.poll(() => readOutbox().length).toBeGreaterThan(mailsBefore)
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
  await again.getByLabel('Email').fill(email)
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
