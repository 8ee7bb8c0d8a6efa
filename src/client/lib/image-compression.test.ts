import { describe, expect, it } from 'vitest'
import { checkImageFile, encodeWithinBudget, fitWithinPixels, fitWithinSide, formatMegabytes, isHeicFile, qualitySteps, TARGET_BYTES } from './image-compression'

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

describe('The upload checks (spec §5)', () => {
  it('refuses a file that is not an image with the spec message', () => {
    expect(checkImageFile({ name: 'notes.txt', type: 'text/plain', size: 10 })).toEqual({ ok: false, message: 'Please upload an image file' })
    expect(checkImageFile({ name: 'clip.mp4', type: 'video/mp4', size: 10 })).toEqual({ ok: false, message: 'Please upload an image file' })
  })

  it('counts HEIC and HEIF as images by extension when the browser gives no type', () => {
    expect(isHeicFile({ name: 'IMG_0001.HEIC', type: '' })).toBe(true)
    expect(isHeicFile({ name: 'photo.heif', type: '' })).toBe(true)
    expect(isHeicFile({ name: 'photo.jpg', type: 'image/jpeg' })).toBe(false)
    expect(checkImageFile({ name: 'IMG_0001.heic', type: '', size: 1000 })).toEqual({ ok: true, notice: null })
  })

  it('refuses more than 10 MB, showing the size with one decimal', () => {
    expect(checkImageFile({ name: 'big.jpg', type: 'image/jpeg', size: 11 * MB })).toEqual({ ok: false, message: 'File is too large (11.0 MB). Maximum size is 10MB.' })
    expect(checkImageFile({ name: 'ok.jpg', type: 'image/jpeg', size: 10 * MB }).ok).toBe(true)
  })

  it('tells the visitor that a photo over 2 MB will be compressed', () => {
    expect(checkImageFile({ name: 'mid.jpg', type: 'image/jpeg', size: 3.46 * MB })).toEqual({ ok: true, notice: 'Large image (3.5 MB) will be compressed before processing' })
    expect(checkImageFile({ name: 'small.jpg', type: 'image/jpeg', size: 2 * MB })).toEqual({ ok: true, notice: null })
  })

  it('formats megabytes with one decimal', () => {
    expect(formatMegabytes(1.25 * MB)).toBe('1.3')
    expect(formatMegabytes(12 * MB)).toBe('12.0')
  })
})
