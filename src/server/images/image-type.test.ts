import { readFileSync } from 'node:fs'
import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixturePhoto } from '../../../tests/support/paths'
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
})

const PAGE = '<html><body><script>fetch("/api/me")</script></body></html>'

/** Seeded noise: it compresses as badly as a detailed photo, so the compressed data is close to random, and it is the same every run. */
function noise(width: number, height: number): Buffer {
  const pixels = Buffer.alloc(width * height * 3)
  let seed = 20240611
  for (let index = 0; index < pixels.length; index += 1) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0
    pixels[index] = seed >>> 24
  }
  return pixels
}

const noisePhoto = (width = 256, height = 256) => sharp(noise(width, height), { raw: { width, height, channels: 3 } })

/** A copy of `image` with each word written over bytes spread evenly between start and end. */
function writeWords(image: Buffer, start: number, end: number, words: string[]): Buffer {
  const copy = Buffer.from(image)
  words.forEach((word, index) => {
    let at = start + Math.floor(((end - start) * (index + 1)) / (words.length + 1))
    // In JPEG scan data a 0xFF is followed by a stuffed 0x00; never overwrite that 0x00.
    while (copy[at - 1] === 0xff) at += 1
    copy.write(word, at, 'latin1')
  })
  return copy
}

function jpegScanData(jpeg: Buffer): { start: number; end: number } {
  const sos = jpeg.indexOf(Buffer.from([0xff, 0xda]))
  return { start: sos + 2 + jpeg.readUInt16BE(sos + 2), end: jpeg.lastIndexOf(Buffer.from([0xff, 0xd9])) }
}

const jpegSegment = (marker: number, payload: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload])

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** Inserts a chunk just before IEND, where tools put text chunks. */
const beforeIend = (png: Buffer, chunk: Buffer) => Buffer.concat([png.subarray(0, png.length - 12), chunk, png.subarray(png.length - 12)])

function webpWithChunk(webp: Buffer, type: string, data: Buffer): Buffer {
  const size = Buffer.alloc(4)
  size.writeUInt32LE(data.length)
  const grown = Buffer.concat([webp, Buffer.from(type, 'latin1'), size, data, Buffer.alloc(data.length % 2)])
  grown.writeUInt32LE(grown.length - 8, 4)
  return grown
}

function isoBox(type: string, data: Buffer): Buffer {
  const header = Buffer.alloc(8)
  header.writeUInt32BE(8 + data.length)
  header.write(type, 4, 'latin1')
  return Buffer.concat([header, data])
}

describe('markup hidden in an image is found outside its pixel data', () => {
  let jpeg: Buffer
  let png: Buffer
  let webp: Buffer
  let avif: Buffer
  beforeAll(async () => {
    jpeg = await noisePhoto().jpeg({ quality: 100 }).toBuffer()
    png = await noisePhoto(128, 128).png().toBuffer()
    webp = await noisePhoto(128, 128).webp({ quality: 100 }).toBuffer()
    avif = await noisePhoto(64, 64).avif({ quality: 90 }).toBuffer()
  })

  it('accepts the sample photos as they are', () => {
    for (const name of ['cc0-interior-1.jpg', 'cc0-interior-2-gps.jpg', 'cc0-interior-2.jpg', 'cc0-interior-3.jpg', 'cc0-interior-1.heic']) {
      expect(containsMarkup(readFileSync(fixturePhoto(name))), name).toBe(false)
    }
    for (const image of [jpeg, png, webp, avif]) expect(containsMarkup(image)).toBe(false)
  })

  // Compressed data is close to random: about 1 photo in 250 spells a tag somewhere by chance, and was refused.
  it('accepts a photo whose compressed pixel data happens to spell <svg and <body', () => {
    const { start, end } = jpegScanData(jpeg)
    const photo = writeWords(jpeg, start, end, ['<svg', '<BODY'])
    expect(photo.subarray(start, end).toString('latin1')).toMatch(/<svg[^]*<BODY/)
    expect(containsMarkup(photo)).toBe(false)
  })

  it('accepts a phone photo with a second image appended after it whose pixel data spells <svg', () => {
    const { start, end } = jpegScanData(jpeg)
    // Ultra HDR gain maps and depth maps (MPF) are whole JPEGs stored after the main image's end marker.
    expect(containsMarkup(Buffer.concat([jpeg, writeWords(jpeg, start, end, ['<svg'])]))).toBe(false)
  })

  it('accepts PNG, WebP and AVIF pixel data that happens to spell <svg', () => {
    const idat = png.indexOf('IDAT')
    expect(containsMarkup(writeWords(png, idat + 4, idat + 4 + png.readUInt32BE(idat - 4), ['<svg', '<html']))).toBe(false)
    expect(webp.toString('latin1', 12, 16)).toBe('VP8 ')
    expect(containsMarkup(writeWords(webp, 20, 20 + webp.readUInt32LE(16), ['<svg', '<script']))).toBe(false)
    const mdat = avif.indexOf('mdat')
    expect(containsMarkup(writeWords(avif, mdat + 4, avif.length, ['<svg', '<iframe']))).toBe(false)
  })

  it.each([
    ['a JPEG comment', () => Buffer.concat([jpeg.subarray(0, 2), jpegSegment(0xfe, Buffer.from(PAGE)), jpeg.subarray(2)])],
    ['JPEG XMP metadata', () => Buffer.concat([jpeg.subarray(0, 2), jpegSegment(0xe1, Buffer.from(`http://ns.adobe.com/xap/1.0/\0${PAGE}`)), jpeg.subarray(2)])],
    ['bytes after the JPEG end marker', () => Buffer.concat([jpeg, Buffer.from(PAGE)])],
    ['bytes after an image appended to a JPEG', () => Buffer.concat([jpeg, jpeg, Buffer.from(PAGE)])],
    ['a JPEG whose structure breaks where the page starts', () => Buffer.concat([jpeg.subarray(0, 20), Buffer.from(PAGE), jpeg.subarray(20)])],
    ['a JPEG cut off inside its pixel data, followed by a page', () => Buffer.concat([jpeg.subarray(0, jpeg.length - 1000), Buffer.from(PAGE)])],
    ['a PNG text chunk', () => beforeIend(png, pngChunk('tEXt', Buffer.from(`Comment\0${PAGE}`)))],
    ['a PNG compressed-text keyword', () => beforeIend(png, pngChunk('zTXt', Buffer.concat([Buffer.from('<script>'), Buffer.from([0, 0]), deflateSync('alert(1)')])))],
    ['an unknown PNG chunk', () => beforeIend(png, pngChunk('ruSt', Buffer.from(PAGE)))],
    ['bytes after the PNG end chunk', () => Buffer.concat([png, Buffer.from(PAGE)])],
    ['a WebP XMP chunk', () => webpWithChunk(webp, 'XMP ', Buffer.from(PAGE))],
    ['bytes after the WebP RIFF length', () => Buffer.concat([webp, Buffer.from(PAGE)])],
    ['an AVIF box other than the pixel data', () => Buffer.concat([avif, isoBox('free', Buffer.from(PAGE))])],
    ['bytes after the last AVIF box', () => Buffer.concat([avif, Buffer.from(PAGE)])],
  ])('refuses a page hidden in %s', (_where, make) => {
    expect(containsMarkup(make())).toBe(true)
  })
})
