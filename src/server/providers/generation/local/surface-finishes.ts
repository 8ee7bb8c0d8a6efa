// What each surface class becomes in a style and palette: a material on a plane (walls, floor, ceiling,
// vanity, countertop, door), a relit colour (ceramics, metal fixtures, fabrics), or the photo's own pixels
// (windows, mirrors, glass, lights, plants and props). Colours come from the palette through the style
// recipe; nothing here branches on a style's name.
import type { PaletteColors } from '../../../../shared/catalogue/palettes'
import { METAL_FINISH_LOOKS, type ColourRef, type StyleRecipe, type SurfaceFinish } from '../../../catalogue/style-recipes'
import type { StyleLook } from '../../../../shared/catalogue/styles'
import { deltaE2000, hexToLab, hexToLinear, labToLinear, linearLuminance, linearToLab, luminanceToLightness } from './colour-space'
import { materialTexture, type MaterialTexture, type TextureKind } from './materials'
import { createRandom } from './random'
import {
  CLASS_CEILING,
  CLASS_CERAMIC,
  CLASS_COUNT,
  CLASS_COUNTERTOP,
  CLASS_DOOR,
  CLASS_FABRIC,
  CLASS_FLOOR,
  CLASS_METAL,
  CLASS_VANITY,
  CLASS_WALL,
  CLASS_WALL_TILE,
} from './surface-classes'

export type Colour = [number, number, number]

/** The photo's pixels, exactly. */
export const FINISH_KEEP = 0
/** A material on a plane, lit by the surface's smoothed light. */
export const FINISH_SURFACE = 1
/** A new colour lit by the pixel's own light (folds, speculars, highlights kept). */
export const FINISH_RELIGHT = 2

export type PlaneRole = 'walls' | 'floor' | 'ceiling' | 'cabinet' | 'counter'

export type ClassFinish = {
  mode: typeof FINISH_KEEP | typeof FINISH_SURFACE | typeof FINISH_RELIGHT
  plane: PlaneRole | null
  texture: MaterialTexture | null
  /** Texels (at level 0) per metre across (u) and down (v). */
  texelsU: number
  texelsV: number
  /** Seeded shift of the pattern, metres. */
  offsetU: number
  offsetV: number
  primary: Colour
  secondary: Colour
  tertiary: Colour
  /** Relief of the material within [reliefLow, reliefHigh] (albedo multipliers). */
  strength: number
  reliefLow: number
  reliefHigh: number
  /**
   * Share of the photo's fine light kept over the smoothed light (0: only the smooth light, so old grout
   * cannot ghost through; cabinet doors and panelled doors keep some of theirs, which is their structure). Relit
   * classes keep all of it (1: a basin's speculars), except fabrics.
   */
  detail: number
  /** Exponent on relative light for relit classes: above 1 polished and contrasty, below 1 matte. */
  shine: number
}

/** Below average light, the new colour is drawn a little under its palette value so a lit white stays white. */
const EXPOSURE = 0.92
/** Largest change of CIELAB chroma a recipe may make to a palette colour. */
const MAX_CHROMA_SHIFT = 16
/** Largest turn of CIELAB hue a recipe may make (degrees), on a neutral palette colour. */
const MAX_HUE_SHIFT = 60
const HUE_SHIFT_CHROMA = 20
/** Largest lightness difference (L*) between a material's colours: a pattern reads, it does not redraw the room. */
const MAX_PATTERN_CONTRAST = 14
const MAX_PRINT_CONTRAST = 10
const MAX_PATTERN_DELTA_E = 12
const MIN_CEILING_LIGHTNESS = 50
const MIN_CERAMIC_LIGHTNESS = 82
const MAX_RELIEF_DARK = 0.16
const MAX_RELIEF_LIGHT = 0.12
/** Share (as an exponent) of a fabric's fine light kept over its smoothed light. */
const FABRIC_DETAIL = 0.4

export type FinishInput = { palette: PaletteColors; look: StyleLook; recipe: StyleRecipe; seed: number }

export function classFinishes({ palette, look, recipe, seed }: FinishInput): ClassFinish[] {
  const random = createRandom(seed)
  const resolve = (reference: ColourRef) => resolveColour(palette, reference)
  const keep = (): ClassFinish => ({ ...blank(), mode: FINISH_KEEP })
  const finishes: ClassFinish[] = Array.from({ length: CLASS_COUNT }, keep)

  const surface = (plane: PlaneRole, finish: SurfaceFinish, kind: TextureKind | null, material: string, detail: number): ClassFinish => {
    const texture = kind ? materialTexture(kind) : null
    const period = texture?.periodMetres ?? [1, 1]
    const scale = finish.scale * (0.94 + 0.12 * random())
    const size = texture?.levels[0]!.size ?? 1
    const primary = jitter(resolve(finish.colour), random)
    const contrast = material.startsWith('wallpaper-') ? MAX_PRINT_CONTRAST : MAX_PATTERN_CONTRAST
    return {
      mode: FINISH_SURFACE,
      plane,
      texture,
      texelsU: size / (period[0] * scale),
      texelsV: size / (period[1] * scale),
      offsetU: random() * period[0] * 4,
      offsetV: kind === 'shiplap' || kind === 'subway-tile' || kind === 'brick' ? 0 : random() * period[1] * 4,
      primary,
      secondary: withinContrast(resolve(finish.secondary), primary, contrast),
      tertiary: withinContrast(resolve(finish.tertiary), primary, contrast),
      strength: finish.strength,
      reliefLow: 1 - MAX_RELIEF_DARK,
      reliefHigh: 1 + MAX_RELIEF_LIGHT,
      detail,
      shine: 1,
    }
  }
  const paintTexture = (material: string): TextureKind | null => (material === 'paint' ? (recipe.paint === 'flat' ? null : recipe.paint) : (material as TextureKind))

  const walls = surface('walls', recipe.walls, paintTexture(look.walls), look.walls, 0)
  finishes[CLASS_WALL] = walls
  finishes[CLASS_WALL_TILE] = walls
  finishes[CLASS_FLOOR] = surface('floor', recipe.floor, paintTexture(look.floor), look.floor, 0)
  // A ceiling stays light unless the style darkens it, and even then not below a mid grey: a near-black ceiling
  // swallows the room's light (and every lamp's glow on it).
  const ceilingColour: ColourRef = { ...recipe.ceiling, lightness: Math.max(recipe.ceiling.lightness ?? 0, MIN_CEILING_LIGHTNESS - hexToLab(palette[recipe.ceiling.from])[0]) }
  const ceilingFinish: SurfaceFinish = { colour: ceilingColour, secondary: ceilingColour, tertiary: ceilingColour, scale: 1, strength: 0.5, keepDetail: 0 }
  finishes[CLASS_CEILING] = surface('ceiling', ceilingFinish, recipe.paint === 'flat' ? null : recipe.paint, 'paint', 0)
  const cabinetKind = look.cabinetry === 'paint' ? null : (look.cabinetry as TextureKind)
  finishes[CLASS_VANITY] = surface('cabinet', recipe.cabinetry, cabinetKind, look.cabinetry, 0.12)
  const top = recipe.countertop
  finishes[CLASS_COUNTERTOP] = surface('counter', top.finish, top.material, top.material, 0.25)
  // Doors are painted in the cabinetry colour, keeping their panels' light.
  finishes[CLASS_DOOR] = surface('walls', recipe.cabinetry, null, 'paint', 0.6)

  const relight = (colour: Colour, shine: number, detail = 1): ClassFinish => ({ ...blank(), mode: FINISH_RELIGHT, primary: colour, secondary: colour, tertiary: colour, shine, detail })
  // Ceramics stay ceramic: the recipe's fixture colour, never darker than a cream (a dark palette's trim would
  // otherwise turn a basin into stone).
  finishes[CLASS_CERAMIC] = relight(resolve({ ...recipe.fixtures, lightness: Math.max(recipe.fixtures.lightness ?? 0, MIN_CERAMIC_LIGHTNESS - hexToLab(palette[recipe.fixtures.from])[0]) }), 1)
  const metal = METAL_FINISH_LOOKS[look.metal]
  finishes[CLASS_METAL] = relight(hexToLinear(metal.colour), metal.shine)
  // A fabric keeps its folds and shade; its weave and the photo's noise are damped (FABRIC_DETAIL).
  finishes[CLASS_FABRIC] = relight(resolve(recipe.accents), 0.85, FABRIC_DETAIL)
  return finishes
}

function blank(): ClassFinish {
  return {
    mode: FINISH_KEEP,
    plane: null,
    texture: null,
    texelsU: 0,
    texelsV: 0,
    offsetU: 0,
    offsetV: 0,
    primary: [0, 0, 0],
    secondary: [0, 0, 0],
    tertiary: [0, 0, 0],
    strength: 0,
    reliefLow: 1,
    reliefHigh: 1,
    detail: 0,
    shine: 1,
  }
}

/** A palette colour, shifted as the recipe asks, in linear RGB (at the engine's exposure). */
export function resolveColour(palette: PaletteColors, reference: ColourRef): Colour {
  const [lightness, a, b] = hexToLab(palette[reference.from])
  const shifted = Math.min(98, Math.max(4, lightness + (reference.lightness ?? 0)))
  // Chroma changes are bounded in absolute terms: they tell styles apart on quiet palettes without pulling a
  // saturated palette colour (an emerald, a terracotta) away from itself.
  const chroma = Math.hypot(a, b)
  const target = Math.min(chroma + MAX_CHROMA_SHIFT, Math.max(chroma - MAX_CHROMA_SHIFT, chroma * (reference.chroma ?? 1)))
  const scale = chroma > 1e-6 ? target / chroma : 1
  const [turnedA, turnedB] = turnHue(a, b, chroma, reference.hue)
  const linear = labToLinear(shifted, turnedA * scale, turnedB * scale)
  return [Math.max(0, linear[0]) * EXPOSURE, Math.max(0, linear[1]) * EXPOSURE, Math.max(0, linear[2]) * EXPOSURE]
}

/** A ColourRef's hue turn (see ColourRef.hue), bounded and faded on strongly coloured palette colours. */
function turnHue(a: number, b: number, chroma: number, hue: ColourRef['hue']): [number, number] {
  if (!hue || chroma < 1e-6) return [a, b]
  const current = (Math.atan2(b, a) * 180) / Math.PI
  let towards = hue.toward - current
  towards -= 360 * Math.round(towards / 360)
  const fade = chroma <= HUE_SHIFT_CHROMA ? 1 : Math.max(1 / 3, 1 - ((chroma - HUE_SHIFT_CHROMA) / HUE_SHIFT_CHROMA) * (2 / 3))
  const turn = Math.max(-MAX_HUE_SHIFT, Math.min(MAX_HUE_SHIFT, towards * Math.min(1, Math.max(0, hue.share)))) * fade
  const angle = ((current + turn) * Math.PI) / 180
  return [chroma * Math.cos(angle), chroma * Math.sin(angle)]
}

/**
 * A pattern's other colours at most `maxContrast` L* lighter or darker than its main colour, and at most
 * MAX_PATTERN_DELTA_E (ΔE2000) from it: a surface is redone in one material whose grout, veins or stripes are
 * tone on tone, so every part of it changes alike and no stripe reads as a patch of another surface.
 */
function withinContrast(colour: Colour, primary: Colour, maxContrast: number): Colour {
  const lightness = luminanceToLightness(linearLuminance(colour[0], colour[1], colour[2]))
  const primaryLightness = luminanceToLightness(linearLuminance(primary[0], primary[1], primary[2]))
  const limited = Math.min(primaryLightness + maxContrast, Math.max(primaryLightness - maxContrast, lightness))
  const [, a, b] = linearToLab(colour[0], colour[1], colour[2])
  const [baseLightness, baseA, baseB] = linearToLab(primary[0], primary[1], primary[2])
  // Pull the colour towards the main one (in CIELAB) until it is within MAX_PATTERN_DELTA_E.
  let share = 1
  const at = (t: number): [number, number, number] => [baseLightness + (limited - baseLightness) * t, baseA + (a - baseA) * t, baseB + (b - baseB) * t]
  if (deltaE2000(at(1), [baseLightness, baseA, baseB]) > MAX_PATTERN_DELTA_E) {
    let low = 0
    let high = 1
    for (let step = 0; step < 20; step++) {
      const middle = (low + high) / 2
      if (deltaE2000(at(middle), [baseLightness, baseA, baseB]) > MAX_PATTERN_DELTA_E) high = middle
      else low = middle
    }
    share = low
  }
  const [l, pa, pb] = at(share)
  const linear = labToLinear(l, pa, pb)
  return [Math.max(0, linear[0]), Math.max(0, linear[1]), Math.max(0, linear[2])]
}

function jitter(colour: Colour, random: () => number): Colour {
  // A seed's variant: the same paint from another batch, within about 1 ΔE.
  const scale = 1 + (random() - 0.5) * 0.04
  return [colour[0] * scale, colour[1] * scale, colour[2] * scale]
}
