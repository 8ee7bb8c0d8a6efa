// The four stock photos are the pipeline's own renders, so their surfaces are known exactly: their label maps are
// rendered with the same scene and camera and committed with the engine-accuracy bench. A photo is recognised as a stock photo
// by a small fingerprint (a 32×24 greyscale thumbnail), which survives the browser's re-compression and the
// server's normalisation but not a different photo.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { decodeLabelPixels } from './label-classes'
import type { SurfaceLabels } from './surface-network'

export const FINGERPRINT_WIDTH = 32
export const FINGERPRINT_HEIGHT = 24
/** Mean absolute difference (0..255) below which two fingerprints are the same photo. */
const SAME_PHOTO_DISTANCE = 6

/** Grey thumbnail of a photo, as compared against the stock fingerprints. */
export async function photoFingerprint(image: Buffer | { data: Uint8Array; width: number; height: number }): Promise<Uint8Array> {
  const pipeline = Buffer.isBuffer(image) ? sharp(image) : sharp(image.data, { raw: { width: image.width, height: image.height, channels: 3 } })
  const grey = await pipeline.resize(FINGERPRINT_WIDTH, FINGERPRINT_HEIGHT, { fit: 'fill', kernel: 'cubic' }).greyscale().raw().toBuffer()
  return new Uint8Array(grey.buffer, grey.byteOffset, FINGERPRINT_WIDTH * FINGERPRINT_HEIGHT)
}

export function fingerprintDistance(a: Uint8Array, b: Uint8Array): number {
  let total = 0
  for (let index = 0; index < a.length; index++) total += Math.abs(a[index]! - b[index]!)
  return total / a.length
}

/**
 * The stock photos and their label maps (bench/scenes/stock, rendered with the photos' own scenes and cameras);
 * the server build copies them beside the bundle.
 */
function stockFolder(): string | null {
  const candidates = [path.join(import.meta.dirname, 'model', 'stock'), path.resolve(import.meta.dirname, '../../../../../bench/scenes/stock')]
  return candidates.find((candidate) => existsSync(path.join(candidate, 'stock-1.labels.png'))) ?? null
}

type StockEntry = { id: string; aspect: number; print: Uint8Array; labelsFile: string }

let index: Promise<StockEntry[]> | null = null

/** Fingerprints of the stock photos, made on first use (four small decodes). */
function stockIndex(): Promise<StockEntry[]> {
  index ??= (async () => {
    const folder = stockFolder()
    if (!folder) return []
    const ids = readdirSync(folder)
      .filter((file) => file.endsWith('.labels.png'))
      .map((file) => file.slice(0, -'.labels.png'.length))
      .filter((id) => existsSync(path.join(folder, `${id}.jpg`)))
    return Promise.all(
      ids.map(async (id) => {
        const photo = readFileSync(path.join(folder, `${id}.jpg`))
        const { width = 1, height = 1 } = await sharp(photo).metadata()
        return { id, aspect: width / height, print: await photoFingerprint(photo), labelsFile: path.join(folder, `${id}.labels.png`) }
      }),
    )
  })()
  return index
}

/** The exact labels of a stock photo at the analysis size, or null when the photo is not one of them. */
export async function stockSurfaces(analysisRgb: Uint8Array, width: number, height: number): Promise<SurfaceLabels | null> {
  const aspect = width / height
  const candidates = (await stockIndex()).filter((entry) => Math.abs(entry.aspect - aspect) < 0.02)
  if (candidates.length === 0) return null
  const print = await photoFingerprint({ data: analysisRgb, width, height })
  let best: StockEntry | null = null
  let bestDistance = Infinity
  for (const entry of candidates) {
    const distance = fingerprintDistance(print, entry.print)
    if (distance < bestDistance) {
      bestDistance = distance
      best = entry
    }
  }
  if (!best || bestDistance > SAME_PHOTO_DISTANCE) return null
  // Nearest-neighbour keeps the exact class colours, which decodeLabelPixels insists on.
  const { data, info } = await sharp(best.labelsFile).removeAlpha().resize(width, height, { fit: 'fill', kernel: 'nearest' }).raw().toBuffer({ resolveWithObject: true })
  return { width, height, labels: decodeLabelPixels(new Uint8Array(data.buffer, data.byteOffset, data.length), info.channels) }
}
