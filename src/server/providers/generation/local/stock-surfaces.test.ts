import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { decodeLabelPixels } from './label-classes'
import { stockSurfaces } from './stock-surfaces'

const ROOT = path.resolve(import.meta.dirname, '../../../../..')
const FIXTURE = path.join(ROOT, '../shared/fixtures/photos/cc0-interior-1.jpg')

/** A photo as the engine sees it: re-encoded by the browser, normalised by the server, then the 512 px analysis copy. */
async function asAnalysed(photo: Buffer, width: number, height: number) {
  const uploaded = await sharp(photo).resize(1024, Math.round((1024 * height) / width)).jpeg({ quality: 72 }).toBuffer()
  const analysisHeight = Math.round((512 * height) / width)
  const rgb = await sharp(uploaded).resize(512, analysisHeight, { fit: 'fill' }).removeAlpha().raw().toBuffer()
  return { rgb: new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), width: 512, height: analysisHeight }
}

describe('stock photos keep their exact surfaces', () => {
  it.each(['stock-1', 'stock-2', 'stock-3', 'stock-4'])('%s, as uploaded from the wizard, gets its own rendered label map', async (id) => {
    const photo = readFileSync(path.join(ROOT, 'public/images/stock', `${id}-960.jpg`))
    const { rgb, width, height } = await asAnalysed(photo, 960, 720)
    const found = await stockSurfaces(rgb, width, height)
    expect(found).not.toBeNull()
    const { data, info } = await sharp(path.join(ROOT, 'bench/scenes/stock', `${id}.labels.png`)).resize(width, height, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer({ resolveWithObject: true })
    expect(Buffer.from(found!.labels).equals(Buffer.from(decodeLabelPixels(new Uint8Array(data), info.channels)))).toBe(true)
  })

  it('does not mistake another photo for a stock photo', async () => {
    const photo = readFileSync(FIXTURE)
    const { width = 0, height = 0 } = await sharp(photo).metadata()
    const analysed = await asAnalysed(photo, width, height)
    expect(await stockSurfaces(analysed.rgb, analysed.width, analysed.height)).toBeNull()
    // The same frame as a stock photo but another room: cropped to 4:3, so only the picture can tell them apart.
    const cropped = await sharp(photo).resize(960, 720, { fit: 'cover' }).jpeg().toBuffer()
    const asStock = await asAnalysed(cropped, 960, 720)
    expect(await stockSurfaces(asStock.rgb, asStock.width, asStock.height)).toBeNull()
  })

  it('tells the four stock photos apart', async () => {
    const photo = readFileSync(path.join(ROOT, 'public/images/stock/stock-2-960.jpg'))
    const { rgb, width, height } = await asAnalysed(photo, 960, 720)
    const found = await stockSurfaces(rgb, width, height)
    const { data, info } = await sharp(path.join(ROOT, 'bench/scenes/stock/stock-1.labels.png')).resize(width, height, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer({ resolveWithObject: true })
    expect(Buffer.from(found!.labels).equals(Buffer.from(decodeLabelPixels(new Uint8Array(data), info.channels)))).toBe(false)
  })
})

describe('the engine on a stock photo', () => {
  it('redesigns stock-3 from its exact label map', async () => {
    const { renderLocalRedesign } = await import('./local-engine')
    const photo = readFileSync(path.join(ROOT, 'public/images/stock/stock-3-960.jpg'))
    const result = await renderLocalRedesign({ image: photo, styleId: 'industrial', paletteId: 'surprise-me', roomType: 'bathroom', seed: 7 }, { withSurfaces: true })
    const { width, height } = result.surfaces!
    const { data, info } = await sharp(path.join(ROOT, 'bench/scenes/stock/stock-3.labels.png')).resize(width, height, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer({ resolveWithObject: true })
    expect(Buffer.from(result.surfaces!.labels).equals(Buffer.from(decodeLabelPixels(new Uint8Array(data), info.channels)))).toBe(true)
  })
})
