// The on-machine generator: computational photography, not a diffusion model. It finds the room's surfaces on
// a small copy of the photo (findSurfaces: a label class per pixel), recovers the room's planes from them, and
// redraws every chosen surface at full size in the style's materials and the palette's colours, in perspective
// and under the photo's own light, leaving windows, mirrors, glass, lights and props as they were; then it sets
// the caption band. Pure: the same inputs and seed give the same bytes; the only state is the cache of
// material tiles. See README.md in this folder.
import sharp from 'sharp'
import { LOCAL_ENGINE_METHOD } from '../../../../shared/generation'
import { findPalette, type PaletteId } from '../../../../shared/catalogue/palettes'
import { findStyleRecipe } from '../../../catalogue/style-recipes'
import { findStyle, type StyleId } from '../../../../shared/catalogue/styles'
import { captionBandHeight, captionSvg } from './caption'
import { findSurfaces, type SurfaceSource } from './find-surfaces'
import { hashSeed } from './random'
import { ALL_CHANGES, CLASS_GROUP, type Changes } from './surface-classes'
import { paintInParallel, warmPaintThreads } from './paint-threads'
import { planRedesign } from './surface-compose'

export { ROLE_LABELS } from './find-surfaces'

export const LOCAL_METHOD = LOCAL_ENGINE_METHOD

/** Long side of the copy the scene is analysed on. */
const ANALYSIS_SIZE = 512

/** Inputs are normalised to at most 4 MP upstream; refuse anything far beyond that rather than exhaust memory. */
export const MAX_INPUT_PIXELS = 6_000_000

export type LocalRedesignInput = {
  image: Buffer
  styleId: StyleId
  paletteId: PaletteId
  roomType: string
  seed: number
  /** What to change (walls, floor, vanity and cabinets, fixtures and metal finish); everything by default. */
  changes?: Partial<Changes>
}

export type LocalRedesignOutput = {
  image: Buffer
  width: number
  height: number
  method: typeof LOCAL_METHOD
  /** With `{ withSurfaces: true }`: the label class the engine took each analysis pixel for (row-major). */
  surfaces?: EngineSurfaces
}

export type EngineSurfaces = {
  /** Analysis size: the long side is at most 512 px, same aspect as the photo. */
  width: number
  height: number
  /** One label-class id (label-classes.ts) per pixel. */
  labels: Uint8Array
  /** Where they came from: a stock photo's exact labels, the surface network, or the region segmentation. */
  source: SurfaceSource
}

export type LocalRedesignOptions = {
  /** Also return the surface the engine assigned to every pixel, as label classes. The image bytes do not change. */
  withSurfaces?: boolean
}

/** An input the engine cannot work with: not an image, an unknown style or palette, or far too large. */
export class LocalEngineInputError extends Error {
  readonly code = 'invalid-generation-input'

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'LocalEngineInputError'
  }
}

/**
 * How the redesign is encoded (decision 0049). Full-resolution colour (4:4:4) rather than the usual half-resolution
 * chroma (4:2:0): a redesign is new colours set against kept surfaces, and at half resolution each border's new colour
 * bleeds a pixel or two into the kept side (a navy fringe on a kept chrome tap). Quality 92 keeps the photo's grain on
 * what is kept. Without optimised Huffman tables: they save 2 % of the bytes but buffer the whole picture's
 * coefficients (at 4:4:4, ~90 MB more peak memory on a 4 MP photo) and take ~115 ms; without them the encode takes
 * ~20 ms. About 1.5 times the bytes of quality 88 at 4:2:0 (a 3 MP redesign: ~610 KB instead of ~410 KB); the download
 * is saved at 0.95 anyway (spec §9).
 */
export const REDESIGN_JPEG = { quality: 92, chromaSubsampling: '4:4:4', optimiseCoding: false } as const

export async function renderLocalRedesign(input: LocalRedesignInput, options: LocalRedesignOptions = {}): Promise<LocalRedesignOutput> {
  const style = findStyle(input.styleId)
  if (!style) throw new LocalEngineInputError(`Unknown style: ${String(input.styleId)}`)
  // "Surprise me" means no palette was chosen: the style's own palette dresses the room.
  const paletteId = input.paletteId === 'surprise-me' ? style.signaturePalette : input.paletteId
  const palette = findPalette(paletteId)
  if (!palette) throw new LocalEngineInputError(`Unknown palette: ${String(input.paletteId)}`)
  if (!Number.isFinite(input.seed)) throw new LocalEngineInputError('The seed must be a finite number')

  warmPaintThreads()
  const { pixels, width, height } = await decodePhoto(input.image)
  const analysisScale = ANALYSIS_SIZE / Math.max(width, height)
  const analysisWidth = Math.max(8, Math.round(width * Math.min(1, analysisScale)))
  const analysisHeight = Math.max(8, Math.round(height * Math.min(1, analysisScale)))
  const analysis = await sharp(pixels, { raw: { width, height, channels: 3 } }).resize(analysisWidth, analysisHeight, { fit: 'fill' }).raw().toBuffer()

  const seed = hashSeed(input.seed, style.id, palette.id)
  const analysisPixels = new Uint8Array(analysis.buffer, analysis.byteOffset, analysis.length)
  const surfaces = await findSurfaces(analysisPixels, analysisWidth, analysisHeight, unchosenFavour(input.changes))
  const plan = planRedesign({
    pixels,
    width,
    height,
    labels: surfaces.labels,
    labelWidth: surfaces.width,
    labelHeight: surfaces.height,
    labelPixels: surfaces.width === analysisWidth && surfaces.height === analysisHeight ? analysisPixels : undefined,
    look: style.look,
    palette: palette.colors,
    recipe: findStyleRecipe(style.id),
    seed,
    changes: input.changes,
  })
  const rendered = await paintInParallel(plan)

  const band = captionBandHeight(height)
  const image = await sharp(rendered, { raw: { width, height, channels: 3 } })
    .composite([{ input: captionSvg(width, height, style.name), left: 0, top: height - band }])
    .jpeg(REDESIGN_JPEG)
    .toBuffer()
  const output: LocalRedesignOutput = { image, width, height, method: LOCAL_METHOD }
  if (options.withSurfaces) output.surfaces = { width: surfaces.width, height: surfaces.height, labels: surfaces.labels, source: surfaces.source }
  return output
}

/**
 * Issue 19 §2, decision 0047: when a person leaves a group of surfaces out, repainting a pixel of it breaks what they
 * asked, while leaving a doubtful pixel of a chosen surface as it was is a smaller flaw. So the network's answer is
 * read with that asymmetric cost: the left-out groups' classes together weigh UNCHOSEN_WEIGHT times their summed
 * probability (favourClasses in surface-network.ts), and a pixel goes to a chosen surface only when the network is
 * that much surer of it. With everything chosen (the default) nothing is weighed and the labels are the network's own.
 */
export const UNCHOSEN_WEIGHT = 6

export function unchosenFavour(changes: Partial<Changes> | undefined): Map<number, number> {
  const all = { ...ALL_CHANGES, ...changes }
  return new Map(CLASS_GROUP.flatMap((group, label) => (group && !all[group] ? [[label, UNCHOSEN_WEIGHT] as const] : [])))
}

async function decodePhoto(image: Buffer): Promise<{ pixels: Uint8Array; width: number; height: number }> {
  if (!Buffer.isBuffer(image) || image.length === 0) throw new LocalEngineInputError('The photo is empty')
  try {
    const { data, info } = await sharp(image, { autoOrient: true, limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .toColourspace('srgb')
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`)
    return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
  } catch (error) {
    throw new LocalEngineInputError('The photo could not be read as an image (or it is larger than 6 megapixels)', { cause: error })
  }
}
