import { expect, test, type Page } from './fixtures'
import sharp from 'sharp'
import { fitWithinPixels } from '../../src/client/lib/image-compression'
import { NOT_A_ROOM_PHOTO_MESSAGE } from '../../src/shared/upload-rules'
import { constructedNotPhotos } from '../support/not-photos'
import { fixturePhoto } from '../support/paths'
import { dismissCookieBanner, expectNoAxeViolations, screenshotBothWidths, storedPhotoBytes } from './support'

/** Holds the server's answers to the photo check until `release` is called (the check itself runs as usual). */
async function holdPhotoChecks(page: Page): Promise<{ release: () => void }> {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/images/check', async (route) => {
    const response = await route.fetch()
    await released
    await route.fulfill({ response })
  })
  return { release }
}

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

  test('A photo is on show while its check is still under way: Continue waits for the check, and a refusal takes the photo’s place', async ({ page }) => {
    await page.goto('/pricing')
    const screenshot = await page.screenshot({ type: 'png' })
    await page.goto('/')
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-drop-zone"]') !== null)
    const checks = await holdPhotoChecks(page)
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'screenshot.png', mimeType: 'image/png', buffer: screenshot })

    // The photo is ready before the check has answered, and Continue can be pressed.
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible({ timeout: 30_000 })
    const continueButton = page.getByRole('button', { name: 'Continue to Styles →' })
    await expect(continueButton).toBeFocused()
    await page.keyboard.press('Enter')
    // Pressed while the check is under way: it waits for it, and says so.
    await expect(page.getByText('Checking your photo…')).toBeVisible()
    await expect(continueButton).toBeDisabled()
    await expectNoAxeViolations(page, 'Continue waiting for the photo check')
    await screenshotBothWidths(page, 'photo-check-continue-waiting')
    checks.release()

    const refusal = page.getByTestId('photo-refusal')
    await expect(refusal).toContainText(NOT_A_ROOM_PHOTO_MESSAGE)
    await expect(refusal).toBeFocused()
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toHaveCount(0)
    await expect(continueButton).toHaveCount(0)
    await expect(page.locator('#wizard-heading')).toHaveText('Upload a photo of your bathroom')
    await expect(page).not.toHaveURL(/step=/)
  })

  test('A refusal that comes while the photo is on show replaces it without a press; a room photo whose check is slow goes on once it passes', async ({ page }) => {
    await page.goto('/')
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-drop-zone"]') !== null)
    const images = await constructedNotPhotos()
    const blank = images.find((candidate) => candidate.name === 'white')!
    let checks = await holdPhotoChecks(page)
    await page.getByLabel('Choose a photo').setInputFiles({ name: 'white.jpg', mimeType: 'image/jpeg', buffer: blank.bytes })
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible({ timeout: 30_000 })
    checks.release()
    await expect(page.getByTestId('photo-refusal')).toBeFocused()
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toHaveCount(0)

    await page.unroute('**/api/images/check')
    checks = await holdPhotoChecks(page)
    await page.getByLabel('Choose a photo').setInputFiles(fixturePhoto('cc0-interior-2.jpg'))
    await expect(page.getByRole('img', { name: 'Your bathroom photo' })).toBeVisible({ timeout: 30_000 })
    await expect(page.getByTestId('photo-refusal')).toHaveCount(0)
    await page.getByRole('button', { name: 'Continue to Styles →' }).click()
    await expect(page.getByText('Checking your photo…')).toBeVisible()
    checks.release()
    await expect(page.locator('#wizard-heading')).toHaveText('Choose your style')
  })

  test('A photo over 4 megapixels is kept at the largest size within them, and it is the same picture, upright', async ({ page }) => {
    await page.goto('/')
    await page.waitForFunction(() => document.querySelector('[data-testid="photo-drop-zone"]') !== null)
    // 3600×2400 (8.6 MP): compressed in the browser to the cap (spec §5), resized as a whole, not cropped or blank. Then
    // the same pixels marked as a phone marks a photo taken upright (EXIF orientation 6: turn 90° clockwise to show):
    // kept upright, 2400 wide and 3600 high before the cap.
    const pixels = await sharp(fixturePhoto('cc0-interior-3.jpg')).resize(3600, 2400, { fit: 'fill' }).jpeg({ quality: 92 }).toBuffer()
    for (const orientation of [1, 6]) {
      const source = await sharp(pixels).withMetadata({ orientation }).jpeg({ quality: 92 }).toBuffer()
      await page.getByLabel('Choose a photo').setInputFiles({ name: `large-${orientation}.jpg`, mimeType: 'image/jpeg', buffer: source })
      await expect(page.getByText(`large-${orientation}.jpg`, { exact: true })).toBeVisible({ timeout: 30_000 })

      const upright = orientation === 6 ? { width: 2400, height: 3600 } : { width: 3600, height: 2400 }
      const size = fitWithinPixels(upright.width, upright.height)
      // The photo is on show while IndexedDB is still writing it: the stored one is read once it is there. Compressing
      // 8.6 MP takes seconds, more on a busy machine.
      let kept = Buffer.alloc(0)
      await expect
        .poll(async () => {
          kept = Buffer.from(await storedPhotoBytes(page))
          const { width, height } = await sharp(kept).metadata()
          return { width, height }
        }, { message: `orientation ${orientation}`, timeout: 30_000 })
        .toEqual({ width: size.width, height: size.height })
      const { data } = await sharp(kept).raw().toBuffer({ resolveWithObject: true })
      expect((await sharp(kept).metadata()).format).toBe('jpeg')
      const expected = await sharp(source).rotate().resize(size.width, size.height, { fit: 'fill' }).removeAlpha().raw().toBuffer()
      let difference = 0
      for (let index = 0; index < expected.length; index += 1) difference += Math.abs(expected[index]! - data[index]!)
      expect(difference / expected.length, `orientation ${orientation}`).toBeLessThan(4)
      await page.getByRole('button', { name: 'Choose a different photo' }).click()
    }
  })
})
