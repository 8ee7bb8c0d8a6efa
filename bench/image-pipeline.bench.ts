// Server image normalisation (issue 4): a 12 MP JPEG and the HEIC fixture through normalizeImage.
// Targets: 12 MP median ≤ 250 ms; HEIC ≤ 2 s.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { normalizeImage } from '../src/server/images/normalize-image'
import { fixturePhotosDir } from '../tests/support/paths'

const fixtures = fixturePhotosDir()
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!

async function time(label: string, input: Buffer, runs: number, target: number) {
  await normalizeImage(input) // warm-up
  const samples: number[] = []
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now()
    await normalizeImage(input)
    samples.push(performance.now() - started)
  }
  const value = median(samples)
  const ok = value <= target
  console.log(`${label.padEnd(34)} median ${value.toFixed(0).padStart(5)} ms  (target ≤ ${target} ms)  ${ok ? 'PASS' : 'FAIL'}`)
  return ok
}

const twelveMp = await sharp(readFileSync(path.join(fixtures, 'cc0-interior-1.jpg')))
  .resize(4000, 3000, { fit: 'fill' })
  .jpeg({ quality: 92 })
  .toBuffer()
const heic = readFileSync(path.join(fixtures, 'cc0-interior-1.heic'))

const results = [await time(`12 MP JPEG (${(twelveMp.length / 1e6).toFixed(1)} MB)`, twelveMp, 9, 250), await time('HEIC fixture (1600×960)', heic, 5, 2000)]
process.exit(results.every(Boolean) ? 0 : 1)
