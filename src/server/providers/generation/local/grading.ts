// Colour grading, applied last so the dressed surfaces and the kept parts read as one photograph:
// white balance (warmth), split toning, saturation, vignette, a tone curve (contrast, faded blacks) and grain.
import type { StyleRecipe } from '../../../catalogue/style-recipes'
import type { StyleLook } from '../../../../shared/catalogue/styles'
import { hexToLinear, linearChannelToSrgb, linearLuminance } from './colour-space'
import { createRandom } from './random'

export type Grade = {
  /** White-balance gains in linear light, luminance-neutral. */
  gains: readonly [number, number, number]
  /** Split toning: multipliers (luminance 1) pulled in for shadows and highlights. */
  shadowTint: readonly [number, number, number]
  highlightTint: readonly [number, number, number]
  splitToning: number
  /** Chroma multiplier around luminance. */
  saturation: number
  vignette: number
  /** Linear light in [0, TONE_TABLE_RANGE] quantised to TONE_TABLE_SIZE steps → graded 8-bit code value. */
  toneTable: Uint8Array
  /** Signed 8-bit grain pattern, 256 × 256, tiled over the image. */
  grain: Int8Array
}

export function buildGrade(look: StyleLook, recipe: StyleRecipe, seed: number): Grade {
  const warmth = look.warmth
  const rawGains: [number, number, number] = [1 + 0.19 * warmth, 1 + 0.025 * warmth, 1 - 0.27 * warmth]
  const gainLuminance = linearLuminance(rawGains[0], rawGains[1], rawGains[2])
  return {
    gains: [rawGains[0] / gainLuminance, rawGains[1] / gainLuminance, rawGains[2] / gainLuminance],
    shadowTint: unitLuminance(hexToLinear(recipe.grade.shadowTint)),
    highlightTint: unitLuminance(hexToLinear(recipe.grade.highlightTint)),
    splitToning: recipe.grade.splitToning,
    saturation: 1 + 0.6 * look.saturation,
    vignette: recipe.grade.vignette,
    toneTable: buildToneTable(look.contrast, recipe.grade.fade),
    grain: buildGrain(recipe.grade.grain, seed),
  }
}

function unitLuminance(colour: [number, number, number]): [number, number, number] {
  const luminance = Math.max(1e-4, linearLuminance(colour[0], colour[1], colour[2]))
  return [colour[0] / luminance, colour[1] / luminance, colour[2] / luminance]
}

/** Tone curve on display-referred values: an S-curve for positive contrast, a gentle flattening for negative. */
function toneCurve(value: number, contrast: number, fade: number): number {
  let result = value
  if (contrast > 0) {
    const steepness = 5
    const sigmoid = (t: number) => 1 / (1 + Math.exp(-steepness * (t - 0.5)))
    const low = sigmoid(0)
    const high = sigmoid(1)
    result = value + ((sigmoid(value) - low) / (high - low) - value) * Math.min(1, contrast * 1.2)
  } else if (contrast < 0) {
    result = 0.5 + (value - 0.5) * (1 + 0.45 * contrast)
  }
  return fade + result * (1 - fade)
}

export const TONE_TABLE_SIZE = 16384
/** Brightest linear value the tone table takes: relit surfaces overshoot 1 and roll off instead of clipping. */
export const TONE_TABLE_RANGE = 2

/** Highlight shoulder: linear up to 0.8, then an exponential roll-off that reaches 1 gently. */
function highlightShoulder(value: number): number {
  const knee = 0.8
  if (value <= knee) return value
  return knee + (1 - knee) * (1 - Math.exp(-(value - knee) / (1 - knee)))
}

function buildToneTable(contrast: number, fade: number): Uint8Array {
  const table = new Uint8Array(TONE_TABLE_SIZE + 1)
  for (let index = 0; index <= TONE_TABLE_SIZE; index++) {
    const display = linearChannelToSrgb(highlightShoulder((index / TONE_TABLE_SIZE) * TONE_TABLE_RANGE))
    table[index] = Math.round(Math.min(1, Math.max(0, toneCurve(display, contrast, fade))) * 255)
  }
  return table
}

function buildGrain(amplitude: number, seed: number): Int8Array {
  const grain = new Int8Array(256 * 256)
  if (amplitude <= 0) return grain
  const random = createRandom(seed ^ 0x5bd1e995)
  for (let index = 0; index < grain.length; index++) {
    // Sum of three uniforms: close enough to Gaussian for film grain.
    const value = (random() + random() + random() - 1.5) * 2 * amplitude
    grain[index] = Math.max(-127, Math.min(127, Math.round(value)))
  }
  return grain
}
