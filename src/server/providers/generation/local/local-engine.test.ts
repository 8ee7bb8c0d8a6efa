import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { PALETTE_IDS } from '../../../../shared/catalogue/palettes'
import { STYLE_IDS } from '../../../../shared/catalogue/styles'
import { captionBandHeight } from './caption'
import { LABEL, LABEL_CLASS_COUNT } from './label-classes'
import { findSurfaces } from './find-surfaces'
import { LOCAL_METHOD, LocalEngineInputError, renderLocalRedesign, type LocalRedesignInput } from './local-engine'
import { edgeCorrelation, type GreyImage } from '../../../../../bench/support/image-metrics'

/** A small bathroom drawn in SVG: back and side walls, a floor, a window, a mirror, a vanity, a bath and a towel. */
const BATHROOM_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320">
  <defs><linearGradient id="light" x1="0" x2="1"><stop offset="0" stop-color="#d8d4cc"/><stop offset="1" stop-color="#b9b4aa"/></linearGradient></defs>
  <rect width="480" height="320" fill="url(#light)"/>
  <polygon points="0,0 70,30 70,220 0,320" fill="#a9a399"/>
  <polygon points="480,0 410,30 410,220 480,320" fill="#c4bfb6"/>
  <polygon points="0,320 70,220 410,220 480,320" fill="#8a7f72"/>
  <rect x="300" y="50" width="80" height="90" fill="#eef4f8" stroke="#6f6a63" stroke-width="4"/>
  <rect x="140" y="60" width="90" height="70" fill="#9fb0b8" stroke="#3d3a36" stroke-width="3"/>
  <rect x="120" y="150" width="130" height="60" fill="#6b4e35"/>
  <rect x="128" y="140" width="114" height="12" fill="#f4f2ee"/>
  <ellipse cx="330" cy="230" rx="60" ry="22" fill="#f6f6f4"/>
  <rect x="270" y="200" width="120" height="30" fill="#f1f0ec"/>
  <rect x="95" y="150" width="18" height="55" fill="#c0392b"/>
  <circle cx="185" cy="145" r="4" fill="#d0d0d0"/>
</svg>`

let photo: Buffer

beforeAll(async () => {
  photo = await sharp(Buffer.from(BATHROOM_SVG)).jpeg({ quality: 92 }).toBuffer()
})

function input(overrides: Partial<LocalRedesignInput> = {}): LocalRedesignInput {
  return { image: photo, styleId: 'farmhouse', paletteId: 'warm-neutrals', roomType: 'bathroom', seed: 42, ...overrides }
}

async function greyRows(image: Buffer, top: number, height: number): Promise<GreyImage> {
  const { data, info } = await sharp(image).extract({ left: 0, top, width: 480, height }).greyscale().raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height }
}

describe('renderLocalRedesign', () => {
  it('can show its work: the label class it took each pixel for, without changing the image bytes', async () => {
    const plain = await renderLocalRedesign(input())
    expect(plain.surfaces).toBeUndefined()
    const shown = await renderLocalRedesign(input(), { withSurfaces: true })
    expect(shown.image.equals(plain.image)).toBe(true)
    const surfaces = shown.surfaces!
    expect([surfaces.width, surfaces.height]).toEqual([480, 320])
    expect(surfaces.labels).toHaveLength(480 * 320)
    expect(surfaces.source).toBe('network')
    expect(surfaces.labels.every((label) => label !== LABEL.void && label < LABEL_CLASS_COUNT)).toBe(true)
    // They are what findSurfaces answers for the analysis copy (here the photo itself: it is under 512 px); how close
    // that is to the truth is find-surfaces.test.ts's business.
    const rgb = await sharp(photo).removeAlpha().raw().toBuffer()
    const found = await findSurfaces(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), 480, 320)
    expect(Buffer.from(surfaces.labels).equals(Buffer.from(found.labels))).toBe(true)
  })

  it('returns a JPEG the size of the photo, made by the local style transfer', async () => {
    const result = await renderLocalRedesign(input())
    expect(result.method).toBe(LOCAL_METHOD)
    expect(result.method).toBe('local-style-transfer')
    expect([result.width, result.height]).toEqual([480, 320])
    const meta = await sharp(result.image).metadata()
    expect(meta.format).toBe('jpeg')
    expect([meta.width, meta.height]).toEqual([480, 320])
  })

  it('gives the same bytes for the same inputs and seed, and a variant for another seed', async () => {
    const first = await renderLocalRedesign(input())
    const again = await renderLocalRedesign(input())
    const otherSeed = await renderLocalRedesign(input({ seed: 43 }))
    expect(again.image.equals(first.image)).toBe(true)
    expect(otherSeed.image.equals(first.image)).toBe(false)
  })

  it('sets a caption band over the bottom 8% and keeps the room above it', async () => {
    const result = await renderLocalRedesign(input())
    const band = captionBandHeight(320)
    // 8% of 320 is 25.6 rows; 25 would put the band's top at row 295, inside a JPEG block, so it is 24.
    expect(band).toBe(24)
    const photoBand = await greyRows(photo, 320 - band, band)
    const renderBand = await greyRows(result.image, 320 - band, band)
    let bandDifference = 0
    for (let index = 0; index < photoBand.data.length; index++) bandDifference += Math.abs(photoBand.data[index]! - renderBand.data[index]!)
    // The band is darkened and lettered: clearly not the photo any more.
    expect(bandDifference / photoBand.data.length).toBeGreaterThan(25)
    const top = edgeCorrelation(await greyRows(photo, 0, 320 - band), await greyRows(result.image, 0, 320 - band))
    expect(top).toBeGreaterThan(0.5)
  })

  it('keeps the band within the 8% the download crops, its top edge on a JPEG block boundary', () => {
    for (const height of [240, 320, 333, 768, 1000, 1536, 3024]) {
      const band = captionBandHeight(height)
      expect(band, `height ${height}`).toBeGreaterThan(0)
      expect(band, `height ${height}`).toBeLessThanOrEqual(Math.floor(height * 0.08))
      expect(band, `height ${height}`).toBeGreaterThan(Math.floor(height * 0.08) - 8)
      expect((height - band) % 8, `height ${height}`).toBe(0)
    }
  })

  it('leaves the rows just above the band as they were when nothing there is redrawn', async () => {
    // A plain wall-coloured picture with everything left out: the only change is the band itself. A band whose top
    // edge fell inside a JPEG block would ring into the photo's last rows above it.
    const plain = await sharp({ create: { width: 480, height: 320, channels: 3, background: { r: 214, g: 206, b: 192 } } }).jpeg({ quality: 95 }).toBuffer()
    const result = await renderLocalRedesign(input({ image: plain, changes: { walls: false, floor: false, cabinetry: false, fixtures: false } }))
    const band = captionBandHeight(320)
    const rowsAbove = (image: Buffer) => sharp(image).extract({ left: 0, top: 320 - band - 8, width: 480, height: 8 }).removeAlpha().raw().toBuffer()
    const before = await rowsAbove(plain)
    const after = await rowsAbove(result.image)
    let worst = 0
    for (let index = 0; index < before.length; index++) worst = Math.max(worst, Math.abs(before[index]! - after[index]!))
    // Measured: 0 with the band on a block boundary, 4 with its top at row 295.
    expect(worst).toBeLessThanOrEqual(1)
  })

  // The first render in each style builds its material tiles (wall, floor, cabinetry and countertop kinds, cached
  // for the life of the process), so this test pays for nearly all of them on a shared machine.
  it('renders every style', { timeout: 180_000 }, async () => {
    for (const styleId of STYLE_IDS) {
      const result = await renderLocalRedesign(input({ styleId }))
      expect(result.image.length, styleId).toBeGreaterThan(1000)
      expect([result.width, result.height], styleId).toEqual([480, 320])
    }
  })

  it('renders every palette, and "surprise me" as the style\'s signature palette', async () => {
    const renders = new Map<string, Buffer>()
    for (const paletteId of PALETTE_IDS) {
      const result = await renderLocalRedesign(input({ styleId: 'coastal', paletteId }))
      expect(result.image.length, paletteId).toBeGreaterThan(1000)
      renders.set(paletteId, result.image)
    }
    // Coastal's signature palette is spa blues.
    expect(renders.get('surprise-me')!.equals(renders.get('spa-blues')!)).toBe(true)
    expect(new Set([...renders.values()].map((image) => image.toString('base64'))).size).toBe(PALETTE_IDS.length - 1)
  })

  it('rejects a buffer that is not an image with a clear error', async () => {
    const attempt = renderLocalRedesign(input({ image: Buffer.from('definitely not a photo') }))
    await expect(attempt).rejects.toBeInstanceOf(LocalEngineInputError)
    await expect(attempt).rejects.toThrow('The photo could not be read as an image')
    await expect(renderLocalRedesign(input({ image: Buffer.alloc(0) }))).rejects.toThrow('The photo is empty')
  })

  it('rejects an unknown style or palette', async () => {
    await expect(renderLocalRedesign(input({ styleId: 'brutalist' as never }))).rejects.toThrow('Unknown style: brutalist')
    await expect(renderLocalRedesign(input({ paletteId: 'neon' as never }))).rejects.toThrow('Unknown palette: neon')
  })
})
