import { expect, test } from '@playwright/test'
import { NOT_A_ROOM_PHOTO_MESSAGE } from '../../src/shared/upload-rules'
import { constructedNotPhotos } from '../support/not-photos'
import { fixturePhoto } from '../support/paths'
import { dismissCookieBanner, expectNoAxeViolations, screenshotBothWidths } from './support'

// Decision 0042: the wizard checks a chosen photo right away and says plainly why it cannot be used. (No photo of a
// person is in the shared fixtures; the person refusal uses the same words' path and is covered by
// tests/integration/photo-checks.test.ts and bench/photo-screening.bench.ts.)

test.describe('The photo check on the upload step', () => {
  test.beforeEach(async ({ page }) => {
    await dismissCookieBanner(page)
  })

  test('A visitor who chooses a screenshot of a web page is told right away and can choose another photo with the keyboard', async ({ page }) => {
    await page.goto('/pricing')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    const screenshot = await page.screenshot({ type: 'png' })

    await page.goto('/')
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-drop-zone"]') !== null)
    const checked = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/images/check')
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: screenshot })
    expect((await checked).status()).toBe(422)

    const refusal = page.getByTestId('photo-refusal')
    await expect(refusal).toBeVisible()
    await expect(refusal).toContainText("We can't use this photo")
    await expect(refusal).toContainText(NOT_A_ROOM_PHOTO_MESSAGE)
    await expect(page.getByRole('button', { name: 'Continue to Styles →' })).toHaveCount(0)
    // The refusal has the focus, so it is read out; the next stop is its way out.
    await expect(refusal).toBeFocused()
    await expectNoAxeViolations(page, 'the refused photo')
    await screenshotBothWidths(page, 'photo-check-refused')

    await page.keyboard.press('Tab')
    const another = refusal.getByRole('button', { name: 'Choose another photo' })
    await expect(another).toBeFocused()
    const chooser = page.waitForEvent('filechooser')
    await page.keyboard.press('Enter')
    await (await chooser).setFiles(fixturePhoto('cc0-interior-1.jpg'))
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByRole('button', { name: 'Continue to Styles →' })).toBeFocused()
    await expect(refusal).toHaveCount(0)
  })

  test('Blank pictures, documents and slides are refused too, and a room photo is kept', async ({ page }) => {
    await page.goto('/')
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-drop-zone"]') !== null)
    const images = await constructedNotPhotos()
    for (const image of images.filter((candidate) => ['white', 'document', 'slide'].includes(candidate.name))) {
      await page.getByLabel('Choose a photo').setInputFiles({ name: `${image.name}.jpg`, mimeType: 'image/jpeg', buffer: image.bytes })
      await expect(page.getByTestId('photo-refusal'), image.name).toContainText(NOT_A_ROOM_PHOTO_MESSAGE)
    }
    await page.getByLabel('Choose a photo').setInputFiles(fixturePhoto('cc0-interior-2.jpg'))
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('photo-refusal')).toHaveCount(0)
  })

  test('The check looks at a small copy of the photo, sent once while the photo itself is compressed', async ({ page }) => {
    // What the page sends to the check, measured in the page (the request's multipart body is not visible from here).
    await page.addInitScript(() => {
      const sent: Array<Promise<[number, number]>> = []
      Object.assign(window, { __checks: sent })
      const original = window.fetch.bind(window)
      window.fetch = (input, init) => {
        const file = init?.body instanceof FormData ? init.body.get('file') : null
        if (String(input).includes('/api/images/check') && file instanceof Blob) sent.push(createImageBitmap(file).then((bitmap) => [bitmap.width, bitmap.height]))
        return original(input, init)
      }
    })
    await page.goto('/')
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-drop-zone"]') !== null)
    // 1600×960: the kept photo keeps that size; the check's copy is at most 1024 px a side.
    await page.getByLabel('Choose a photo').setInputFiles(fixturePhoto('cc0-interior-1.jpg'))
    await expect(page.getByRole('button', { name: 'Continue to Styles →' })).toBeVisible({ timeout: 30_000 })
    const sizes = await page.evaluate(() => Promise.all((window as unknown as { __checks: Array<Promise<[number, number]>> }).__checks))
    expect(sizes).toEqual([[1024, 614]])
  })
})
