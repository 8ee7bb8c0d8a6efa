// The on-machine generator (issue 6): computational photography, not a diffusion model. It finds the room's
// surfaces on a small copy of the photo, redraws them at full size in the palette's colours and the style's
// materials while keeping the photo's own light and edges, grades the result, and sets the caption band.
// Pure: the same inputs and seed give the same bytes; the only state is the cache of material tiles.
import sharp from 'sharp'
import { LOCAL_ENGINE_METHOD } from '../../../../shared/generation'
import { findPalette, type PaletteId } from '../../../../shared/catalogue/palettes'
import { findStyleRecipe } from '../../../../shared/catalogue/style-recipes'
import { findStyle, type StyleId } from '../../../../shared/catalogue/styles'
import { captionBandHeight, captionSvg } from './caption'
import { composeRedesign } from './compose'
import { buildGrade } from './grading'
import { hashSeed } from './random'
import { planRender } from './render-plan'
import { segmentScene } from './segmentation'
import { softBorders } from './soft-borders'

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
}

export type LocalRedesignOutput = {
  image: Buffer
  width: number
  height: number
  method: typeof LOCAL_METHOD
}

/** An input the engine cannot work with: not an image, an unknown style or palette, or far too large. */
export class LocalEngineInputError extends Error {
  readonly code = 'invalid-generation-input'

  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'LocalEngineInputError'
  }
}

export async function renderLocalRedesign(input: LocalRedesignInput): Promise<LocalRedesignOutput> {
  const style = findStyle(input.styleId)
  if (!style) throw new LocalEngineInputError(`Unknown style: ${String(input.styleId)}`)
  // "Surprise me" means no palette was chosen: the style's own palette dresses the room.
  const paletteId = input.paletteId === 'surprise-me' ? style.signaturePalette : input.paletteId
  const palette = findPalette(paletteId)
  if (!palette) throw new LocalEngineInputError(`Unknown palette: ${String(input.paletteId)}`)
  if (!Number.isFinite(input.seed)) throw new LocalEngineInputError('The seed must be a finite number')

  const { pixels, width, height } = await decodePhoto(input.image)
  const analysisScale = ANALYSIS_SIZE / Math.max(width, height)
  const analysisWidth = Math.max(8, Math.round(width * Math.min(1, analysisScale)))
  const analysisHeight = Math.max(8, Math.round(height * Math.min(1, analysisScale)))
  const analysis = await sharp(pixels, { raw: { width, height, channels: 3 } }).resize(analysisWidth, analysisHeight, { fit: 'fill' }).raw().toBuffer()

  const seed = hashSeed(input.seed, style.id, palette.id)
  const scene = segmentScene(new Uint8Array(analysis.buffer, analysis.byteOffset, analysis.length), analysisWidth, analysisHeight)
  const recipe = findStyleRecipe(style.id)
  const plan = planRender({ scene, palette: palette.colors, look: style.look, recipe, seed })
  const grade = buildGrade(style.look, recipe, seed)
  const borders = softBorders(scene.regionOf, scene.lab, analysisWidth, analysisHeight)
  const rendered = composeRedesign({ pixels, width, height, regionOf: scene.regionOf, borders, analysisWidth, analysisHeight, plan, grade })

  const band = captionBandHeight(height)
  const image = await sharp(rendered, { raw: { width, height, channels: 3 } })
    .composite([{ input: captionSvg(width, height, style.name), left: 0, top: height - band }])
    .jpeg({ quality: 88, chromaSubsampling: '4:2:0' })
    .toBuffer()
  return { image, width, height, method: LOCAL_METHOD }
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
