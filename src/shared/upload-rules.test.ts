import { describe, expect, it } from 'vitest'
import { checkImageFile, formatMegabytes, isHeicFile } from './upload-rules'

const MB = 1024 * 1024

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
