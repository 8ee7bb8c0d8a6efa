import { describe, expect, it } from 'vitest'
import { boxBlur } from './box-blur'

/** The blur written the plain way: each output pixel the mean of its (2r + 1)² window, rows and columns clamped. */
function reference(data: Float32Array, width: number, height: number, radius: number): Float32Array {
  const clamp = (value: number, size: number) => Math.min(size - 1, Math.max(0, value))
  const horizontal = new Float32Array(data.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0
      for (let offset = -radius; offset <= radius; offset++) sum += data[y * width + clamp(x + offset, width)]!
      horizontal[y * width + x] = sum / (radius * 2 + 1)
    }
  }
  const out = new Float32Array(data.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let sum = 0
      for (let offset = -radius; offset <= radius; offset++) sum += horizontal[clamp(y + offset, height) * width + x]!
      out[y * width + x] = sum / (radius * 2 + 1)
    }
  }
  return out
}

describe('boxBlur', () => {
  it('is the clamped box mean, for maps wider and taller than the window and narrower than it', () => {
    let seed = 7
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648)
    for (const [width, height, radius] of [[37, 23, 3], [64, 48, 1], [5, 9, 4], [120, 3, 6], [1, 1, 2]] as const) {
      const data = Float32Array.from({ length: width * height }, random)
      const expected = reference(data, width, height, radius)
      boxBlur(data, width, height, radius)
      for (let index = 0; index < data.length; index++) expect(data[index], `${width}×${height} r${radius} at ${index}`).toBeCloseTo(expected[index]!, 5)
    }
  })

  it('keeps a constant map constant and leaves nothing of a previous, larger map behind', () => {
    const large = new Float32Array(100 * 100).fill(9)
    boxBlur(large, 100, 100, 5)
    const small = new Float32Array(6 * 4).fill(0.25)
    boxBlur(small, 6, 4, 2)
    for (const value of small) expect(value).toBeCloseTo(0.25, 6)
  })
})
