// Client-side compression of a 12 MP JPEG in Chromium (issue 4): from choosing the file on the home
// page to the preview being ready ('Continue to Styles →'), which includes decoding, the 4 MP cap and
// the 0.95 → 0.7 quality loop. Reported (no target in the issue).
import { execSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromium } from '@playwright/test'
import sharp from 'sharp'
import { freePort, startProductProcess } from '../tests/support/product-process'

const root = path.resolve(import.meta.dirname, '..')
const fixture = path.resolve(root, '..', 'shared', 'fixtures', 'photos', 'cc0-interior-1.jpg')
if (!existsSync(path.join(root, 'build', 'client', 'index.html'))) execSync('npm run --silent build', { cwd: root, stdio: 'inherit' })
const work = mkdtempSync(path.join(tmpdir(), 'lavo-compress-'))
const photo = path.join(work, 'twelve-megapixels.jpg')
// A noisy 12 MP photo compresses like a real one (an upscaled fixture alone would be unrealistically small).
const base = await sharp(readFileSync(fixture)).resize(4000, 3000, { fit: 'fill' }).raw().toBuffer({ resolveWithObject: true })
for (let index = 0; index < base.data.length; index += 7) base.data[index] = Math.min(255, base.data[index]! + ((index * 2654435761) % 23))
writeFileSync(photo, await sharp(base.data, { raw: base.info }).jpeg({ quality: 92 }).toBuffer())

const port = await freePort()
const product = await startProductProcess({ PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: path.join(work, 'data'), NODE_ENV: 'production', LOG_LEVEL: 'error' })
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] })
try {
  const samples: number[] = []
  for (let run = 0; run < 4; run += 1) {
    const context = await browser.newContext()
    await context.addInitScript(() => localStorage.setItem('cookie-consent', 'rejected'))
    const page = await context.newPage()
    await page.goto(`${product.url}/`)
    const input = page.locator('input[type="file"]').first()
    const started = Date.now()
    await input.setInputFiles(photo)
    await page.getByRole('button', { name: 'Continue to Styles →' }).waitFor({ timeout: 60_000 })
    if (run > 0) samples.push(Date.now() - started)
    await context.close()
  }
  samples.sort((a, b) => a - b)
  const size = (readFileSync(photo).length / 1024 / 1024).toFixed(1)
  console.log(`client compression of a 12 MP JPEG (${size} MB) in Chromium, file chosen → preview ready: median ${samples[Math.floor(samples.length / 2)]} ms (runs: ${samples.join(', ')} ms)`)
} finally {
  await browser.close()
  await product.stop()
  rmSync(work, { recursive: true, force: true })
}
