import { describe, expect, it } from 'vitest'
import { containsMarkup, detectImageType } from './image-type'

const bytes = (...values: number[]) => Buffer.concat([Buffer.from(values), Buffer.alloc(16)])

describe('image types come from the bytes', () => {
  it('knows JPEG, PNG, WebP, AVIF and HEIC', () => {
    expect(detectImageType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('jpeg')
    expect(detectImageType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('png')
    expect(detectImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')]))).toBe('webp')
    expect(detectImageType(Buffer.concat([Buffer.from([0, 0, 0, 0x1c]), Buffer.from('ftypavif'), Buffer.alloc(20)]))).toBe('avif')
    expect(detectImageType(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic'), Buffer.alloc(20)]))).toBe('heic')
  })
  it('refuses SVG, HTML, GIF and empty input', () => {
    expect(detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeUndefined()
    expect(detectImageType(Buffer.from('<!doctype html><html></html>'))).toBeUndefined()
    expect(detectImageType(Buffer.from('GIF89a............'))).toBeUndefined()
    expect(detectImageType(Buffer.alloc(0))).toBeUndefined()
  })
  it('finds markup hidden in image bytes', () => {
    expect(containsMarkup(Buffer.concat([bytes(0xff, 0xd8, 0xff, 0xfe), Buffer.from('<html><script>alert(1)</script>')]))).toBe(true)
    expect(containsMarkup(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe(false)
  })
})
