import { existsSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { afterAll, describe, expect, it } from 'vitest'
import { renderBoxRoom } from '../../../../../tests/support/box-room'
import { ROOT } from '../../../../../tests/support/paths'
import { findPalette } from '../../../../shared/catalogue/palettes'
import { findStyleRecipe } from '../../../catalogue/style-recipes'
import { findStyle } from '../../../../shared/catalogue/styles'
import { PAINT_HELPERS, paintInParallel, paintStats, stopPaintThreads, type BandReply, type BandRequest } from './paint-threads'
import { paintRows, planRedesign, type PaintPlan } from './surface-compose'

// Large enough to be split (a quarter megapixel or more), in a textured style so every band has real work.
const room = renderBoxRoom({ width: 640, height: 480 })
const style = findStyle('farmhouse')!
function plan(seed: number): PaintPlan {
  return planRedesign({ pixels: room.pixels, width: room.width, height: room.height, labels: room.labels, labelWidth: room.width, labelHeight: room.height, look: style.look, palette: findPalette('warm-neutrals')!.colors, recipe: findStyleRecipe('farmhouse'), seed })
}
function oneThread(input: PaintPlan): Uint8Array {
  const output = new Uint8Array(input.width * input.height * 3)
  paintRows(input, [[0, input.height]], output)
  return output
}

afterAll(() => stopPaintThreads())

describe('paintInParallel', () => {
  it('runs on this machine with at least one painting thread', () => {
    // The machines this product runs on have two cores or more; with one, there would be nothing to share.
    expect(PAINT_HELPERS).toBeGreaterThanOrEqual(1)
  })

  it('gives the one-thread pass byte for byte, with a painting thread doing its share', async () => {
    const before = { ...paintStats }
    for (const seed of [1, 2]) {
      const input = plan(seed)
      expect(Buffer.from(await paintInParallel(input)).equals(Buffer.from(oneThread(input)))).toBe(true)
    }
    expect(paintStats.byThreads - before.byThreads).toBe(2 * PAINT_HELPERS)
    expect(paintStats.repainted).toBe(before.repainted)
  })

  it('keeps passes that overlap apart (they share the buffers one at a time)', async () => {
    const inputs = [plan(3), plan(4), plan(5)]
    const outputs = await Promise.all(inputs.map((input) => paintInParallel(input)))
    outputs.forEach((output, index) => expect(Buffer.from(output).equals(Buffer.from(oneThread(inputs[index]!)))).toBe(true))
  })

  it('paints the rows of a thread that dies here, and starts a new thread for the next pass', async () => {
    const input = plan(6)
    const before = { ...paintStats }
    const pass = paintInParallel(input)
    await stopPaintThreads()
    expect(Buffer.from(await pass).equals(Buffer.from(oneThread(input)))).toBe(true)
    expect(paintStats.repainted).toBeGreaterThan(before.repainted)
    const byThreads = paintStats.byThreads
    expect(Buffer.from(await paintInParallel(input)).equals(Buffer.from(oneThread(input)))).toBe(true)
    expect(paintStats.byThreads).toBe(byThreads + PAINT_HELPERS)
  })

  it('paints a small photo on the calling thread alone', async () => {
    const small = renderBoxRoom({ width: 160, height: 120 })
    const input = planRedesign({ pixels: small.pixels, width: 160, height: 120, labels: small.labels, labelWidth: 160, labelHeight: 120, look: style.look, palette: findPalette('warm-neutrals')!.colors, recipe: findStyleRecipe('farmhouse'), seed: 1 })
    const before = paintStats.byThreads
    expect(Buffer.from(await paintInParallel(input)).equals(Buffer.from(oneThread(input)))).toBe(true)
    expect(paintStats.byThreads).toBe(before)
  })
})

describe('the built painting thread', () => {
  // npm test builds before it runs these; the built server starts dist/server/paint-worker.js, without tsx.
  const built = path.join(ROOT, 'dist', 'server', 'paint-worker.js')

  it('is built beside the server and paints its rows', async () => {
    expect(existsSync(built), `${built} is missing: run npm run build`).toBe(true)
    const input = plan(7)
    const output = new Uint8Array(new SharedArrayBuffer(input.width * input.height * 3))
    const worker = new Worker(built)
    try {
      const reply = await new Promise<BandReply>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
        const request: BandRequest = { id: 1, plan: input, rows: [[0, input.height]], output }
        worker.postMessage(request)
      })
      expect(reply).toEqual({ id: 1, ok: true })
      expect(Buffer.from(output).equals(Buffer.from(oneThread(input)))).toBe(true)
    } finally {
      await worker.terminate()
    }
  })
})
