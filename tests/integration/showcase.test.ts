// The hero's and the gallery's pairs say "the same bathroom, redesigned" (decision 0023): each before must be its
// sample photo and each after what the product's built-in engine makes of that photo today. After an engine change:
// `npm run assets:showcase`.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { rgbPixelsToLab } from '../../src/server/providers/generation/local/colour-space'
import { renderLocalRedesign } from '../../src/server/providers/generation/local/local-engine'
import { meanDeltaE2000 } from '../../bench/support/image-metrics'
import { SHOWCASE_SEED, showcasePairs } from '../../src/shared/catalogue/showcase'

const PUBLIC = path.resolve(import.meta.dirname, '..', '..', 'public', 'images')
const COMPARE_WIDTH = 240
/** JPEG/AVIF re-encoding and resizing move colours by about 1 ΔE2000; a different redesign moves them by 10 or more. */
const SAME_IMAGE_DELTA_E = 3

async function lab(image: Buffer | string): Promise<Float32Array> {
  const { data } = await sharp(image).resize(COMPARE_WIDTH, COMPARE_WIDTH * 0.75, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return rgbPixelsToLab(new Uint8Array(data.buffer, data.byteOffset, data.length), 3)
}

describe('The showcase', () => {
  for (const pair of showcasePairs()) {
    it(`${pair.kind}/${pair.after} is the engine's ${pair.styleId} redesign of the sample photo ${pair.from}, shown as ${pair.kind}/${pair.before}`, async () => {
      const photo = readFileSync(path.join(PUBLIC, 'stock', `${pair.from}-960.jpg`))
      const before = await lab(path.join(PUBLIC, pair.kind, `${pair.before}-960.jpg`))
      expect(meanDeltaE2000(before, await lab(photo))).toBeLessThan(SAME_IMAGE_DELTA_E)
      const made = await renderLocalRedesign({ image: photo, styleId: pair.styleId, paletteId: 'surprise-me', roomType: 'bathroom', seed: SHOWCASE_SEED })
      const after = await lab(path.join(PUBLIC, pair.kind, `${pair.after}-960.jpg`))
      expect(meanDeltaE2000(await lab(made.image), after)).toBeLessThan(SAME_IMAGE_DELTA_E)
      // And the comparison can tell: the photo itself is far from its redesign.
      expect(meanDeltaE2000(before, after)).toBeGreaterThan(SAME_IMAGE_DELTA_E * 2)
    }, 60_000)
  }
})
