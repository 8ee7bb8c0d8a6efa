import { describe, expect, it } from 'vitest'
import { softBorders } from './soft-borders'

/** Two regions side by side (left and right halves), over a photo that is plain or has an edge at the border. */
function scene(edge: boolean) {
  const width = 40
  const height = 10
  const regionOf = new Int32Array(width * height)
  const lab = new Float32Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x
      regionOf[pixel] = x < width / 2 ? 0 : 1
      lab[pixel * 3] = edge && x >= width / 2 ? 30 : 70
    }
  }
  return { regionOf, lab, width, height }
}

describe('softBorders', () => {
  it('blends about half and half across a border the photo does not show, fading with distance', () => {
    const { regionOf, lab, width, height } = scene(false)
    const { other, weight } = softBorders(regionOf, lab, width, height, { sigma: 4 })
    const row = 5 * width
    expect(other[row + 19]).toBe(1)
    expect(other[row + 20]).toBe(0)
    expect(weight[row + 19]).toBeGreaterThan(0.45)
    expect(weight[row + 20]).toBeGreaterThan(0.45)
    expect(weight[row + 16]!).toBeLessThan(weight[row + 19]!)
    expect(other[row]).toBe(-1)
    expect(weight[row]).toBe(0)
  })

  it('does not blend across a real edge', () => {
    const { regionOf, lab, width, height } = scene(true)
    const { weight } = softBorders(regionOf, lab, width, height, { sigma: 4 })
    expect(Math.max(...weight)).toBe(0)
  })
})
