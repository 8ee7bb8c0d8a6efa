import { describe, expect, it } from 'vitest'
import { findPalette } from '../../../../shared/catalogue/palettes'
import { linearToLab } from './colour-space'
import { resolveColour } from './render-plan'

function hueOf(colour: [number, number, number]): { chroma: number; hue: number } {
  const [, a, b] = linearToLab(colour[0], colour[1], colour[2])
  return { chroma: Math.hypot(a, b), hue: ((Math.atan2(b, a) * 180) / Math.PI + 360) % 360 }
}

describe('resolveColour hue turns', () => {
  it('Turns a neutral palette colour towards the asked hue, bounded, keeping its chroma', () => {
    const palette = findPalette('warm-neutrals')!.colors
    const plain = hueOf(resolveColour(palette, { from: 'accent' }))
    const blush = hueOf(resolveColour(palette, { from: 'accent', hue: { toward: 15, share: 1 } }))
    expect(plain.hue).toBeGreaterThan(70)
    // 81° → 15° is 66°, more than the largest turn.
    expect(blush.hue).toBeGreaterThan(18)
    expect(blush.hue).toBeLessThan(plain.hue - 50)
    expect(blush.chroma).toBeCloseTo(plain.chroma, 0)
  })

  it('Turns strongly coloured palette colours less', () => {
    const palette = findPalette('jewel-tones')!.colors
    const plain = hueOf(resolveColour(palette, { from: 'walls' }))
    const turned = hueOf(resolveColour(palette, { from: 'walls', hue: { toward: plain.hue + 40, share: 1 } }))
    const turn = (turned.hue - plain.hue + 360) % 360
    expect(turn).toBeGreaterThan(5)
    expect(turn).toBeLessThan(35)
  })
})
