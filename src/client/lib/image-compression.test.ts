import { describe, expect, it } from 'vitest'
import { encodeWithinBudget, fitWithinPixels, fitWithinSide, qualitySteps, resizeQualityFor, TARGET_BYTES } from './image-compression'

const MB = 1024 * 1024

/** A fake JPEG encoder: the file shrinks as the quality drops, and it records what it was asked for. */
function fakeEncoder(sizeAt: (quality: number) => number) {
  const asked: number[] = []
  const encode = async (quality: number) => {
    asked.push(quality)
    return new Blob([new Uint8Array(sizeAt(quality))], { type: 'image/jpeg' })
  }
  return { encode, asked }
}

describe('The compression quality loop', () => {
  it('tries 0.95 down to 0.7 in steps of 0.05, exactly', () => {
    expect(qualitySteps()).toEqual([0.95, 0.9, 0.85, 0.8, 0.75, 0.7])
  })

  it('keeps the first quality when the photo is already small enough', async () => {
    const { encode, asked } = fakeEncoder(() => 1 * MB)
    const result = await encodeWithinBudget(encode)
    expect(result.quality).toBe(0.95)
    expect(asked).toEqual([0.95])
  })

  it('lowers the quality step by step until the file is at most about 2 MB', async () => {
    // 0.95 → 3.3 MB, 0.9 → 2.8 MB, 0.85 → 2.3 MB, 0.8 → 1.8 MB
    const { encode, asked } = fakeEncoder((quality) => Math.round((quality * 10 - 6.2) * MB))
    const result = await encodeWithinBudget(encode)
    expect(asked).toEqual([0.95, 0.9, 0.85, 0.8])
    expect(result.quality).toBe(0.8)
    expect(result.blob.size).toBeLessThanOrEqual(TARGET_BYTES)
  })

  it('never goes below 0.7, keeping the last attempt even if it is still large', async () => {
    const { encode, asked } = fakeEncoder(() => 5 * MB)
    const result = await encodeWithinBudget(encode)
    expect(asked).toEqual([0.95, 0.9, 0.85, 0.8, 0.75, 0.7])
    expect(result.quality).toBe(0.7)
    expect(result.blob.size).toBe(5 * MB)
  })

  it('counts exactly 2 MB as small enough', async () => {
    const { encode, asked } = fakeEncoder((quality) => (quality > 0.9 ? TARGET_BYTES + 1 : TARGET_BYTES))
    expect((await encodeWithinBudget(encode)).quality).toBe(0.9)
    expect(asked).toHaveLength(2)
  })
})

describe('The 4-megapixel cap', () => {
  it('leaves a photo of 4 megapixels or less alone', () => {
    expect(fitWithinPixels(2000, 2000)).toEqual({ width: 2000, height: 2000 })
    expect(fitWithinPixels(1024, 768)).toEqual({ width: 1024, height: 768 })
  })

  it('scales a 12-megapixel photo down to at most 4 megapixels, keeping its shape', () => {
    const size = fitWithinPixels(4032, 3024)
    expect(size.width * size.height).toBeLessThanOrEqual(4_000_000)
    expect(size.width * size.height).toBeGreaterThan(3_990_000)
    expect(size.width / size.height).toBeCloseTo(4032 / 3024, 2)
  })

  it('fits a preview within 800 px on its longer side', () => {
    expect(fitWithinSide(4032, 3024, 800)).toEqual({ width: 800, height: 600 })
    expect(fitWithinSide(600, 900, 800)).toEqual({ width: 533, height: 800 })
    expect(fitWithinSide(640, 480, 800)).toEqual({ width: 640, height: 480 })
  })
})

describe('The resizing filter', () => {
  it('is bilinear up to a halving (a 12 MP photo to the 4 MP cap) and smoothed beyond it, where bilinear would alias', () => {
    const twelve = fitWithinPixels(4032, 3024)
    expect(resizeQualityFor(4032 / twelve.width)).toBe('low')
    expect(resizeQualityFor(2)).toBe('low')
    expect(resizeQualityFor(2.01)).toBe('high')
    // A 48 MP photo to the cap, and the photo check's 1024 px copy of a 12 MP one.
    const fortyEight = fitWithinPixels(8064, 6048)
    expect(resizeQualityFor(8064 / fortyEight.width)).toBe('high')
    expect(resizeQualityFor(4032 / 1024)).toBe('high')
  })
})
