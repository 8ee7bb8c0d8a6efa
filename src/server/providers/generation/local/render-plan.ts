// Turns the segmented scene, the palette and the style recipe into a render plan: for every region, how its
// pixels are redrawn (kept, recoloured flat, dressed in a material, or given the fixture metal finish),
// and for every large surface its material, colours and projection.
import type { PaletteColors } from '../../../../shared/catalogue/palettes'
import { METAL_FINISH_LOOKS, type ColourRef, type StyleRecipe, type SurfaceFinish } from '../../../../shared/catalogue/style-recipes'
import type { StyleLook } from '../../../../shared/catalogue/styles'
import { hexToLab, hexToLinear, labToLinear, lightnessToLuminance, linearLuminance, linearToLab, luminanceToLightness } from './colour-space'
import { materialTexture, type MaterialTexture, type TextureKind } from './materials'
import { boxBlur } from './box-blur'
import { smoothstep } from './procedural-noise'
import { createRandom } from './random'
import type { SceneSegmentation, SurfaceRole } from './segmentation'

export const RENDER_KEEP = 0
export const RENDER_FLAT = 1
export const RENDER_MATERIAL = 2
export const RENDER_METAL = 3
/** A picture on the wall: flat in the style's accent colour with its own light and detail, taking no lightness anchor. */
export const RENDER_ART = 4

export type SurfaceKind = 'walls' | 'floor' | 'cabinetry' | 'ceiling'

/**
 * How far a surface region's light is measured against its own mean (1) rather than the whole surface's (0):
 * a dark panel on a light wall is partly a darker material (so it takes the new colour) and partly shade.
 */
const OWN_MEAN_SHARE = 0.3

/**
 * Surfaces are drawn a little under their palette colour at average light, leaving headroom for the lit side
 * of a white wall to stay white instead of clipping.
 */
const EXPOSURE = 0.92

/**
 * Least share of the photo's own fine detail (old grout, glass frames, the shading of mouldings) kept under any
 * new material: those lines are the room's structure, and a material drawn over them reads as refinished, not pasted.
 */
const MIN_KEEP_DETAIL_SOFT = 0.6
const MIN_KEEP_DETAIL_CRISP = 0.3

/** Share of a redrawn region's own lightness kept against the palette's (see compose.ts), crisp and soft photos. */
const LIGHTNESS_ANCHOR_CRISP = 0.1
const LIGHTNESS_ANCHOR_SOFT = 0.25

/** Largest change of CIELAB chroma a recipe may make to a palette colour. */
const MAX_CHROMA_SHIFT = 16

/** Largest turn of CIELAB hue a recipe may make (degrees), on a neutral palette colour. */
const MAX_HUE_SHIFT = 60
/** Palette colours above this CIELAB chroma are turned less: at twice this, a third as far. */
const HUE_SHIFT_CHROMA = 20

/** Largest lightness difference (CIELAB L*) between a material's colours. */
const MAX_PATTERN_CONTRAST = 7

/**
 * Printed patterns (stripes, dots, flowers) differ from their ground in colour more than in lightness, so they read
 * as decoration rather than as new edges drawn over the room.
 */
const MAX_PRINT_CONTRAST = 6

function patternContrast(material: string, softness: number): number {
  return (material.startsWith('wallpaper-') ? MAX_PRINT_CONTRAST : MAX_PATTERN_CONTRAST) * softness
}

/**
 * Mean lightness gradient (L* a pixel, analysis scale) of a typical photograph. Soft photos (renders, diffuse
 * light, plain walls) hold much less; a material drawn at full relief on them would carry more edges than the
 * room itself, so its lightness contrast follows the photo's (hue contrast, which tells the style, stays).
 */
const TYPICAL_GRADIENT = 2.2

/** Relief (grooves, bevels, grain) stays within a band: a material should read as texture, not redraw the room's edges. */
const MAX_RELIEF_DARK = 0.12
const MAX_RELIEF_LIGHT = 0.1
const MIN_SOFTNESS = 0.45

function photoSoftness(scene: SceneSegmentation): number {
  let total = 0
  for (let pixel = 0; pixel < scene.gradient.length; pixel++) total += scene.gradient[pixel]!
  const mean = total / Math.max(1, scene.gradient.length)
  return Math.min(1, Math.max(MIN_SOFTNESS, mean / TYPICAL_GRADIENT))
}

const SURFACE_KINDS: readonly SurfaceKind[] = ['walls', 'floor', 'cabinetry', 'ceiling']

export type Colour = [number, number, number]

export type SurfacePlan = {
  kind: SurfaceKind
  texture: MaterialTexture | null
  primary: Colour
  secondary: Colour
  tertiary: Colour
  strength: number
  /** Darkest and brightest the material's relief may make the surface (albedo multipliers). */
  reliefLow: number
  reliefHigh: number
  keepDetail: number
  /** Pattern scale against the material's real size. */
  scale: number
  /** Seeded shift of the pattern, metres. */
  offset: readonly [number, number]
  /** Ground-plane perspective (floors) or a plane facing the camera. */
  projection: 'floor' | 'frontal'
  /** For frontal planes: how far away the plane is, metres. */
  distance: number
  /** Mean luminance of the whole surface, the light of each of its regions is measured partly against. */
  normaliser: number
  /** Surface luminance smoothed within the surface, at analysis scale. */
  smoothLuminance: Float32Array
  /**
   * 0..1 per analysis pixel: how much of the photo to keep instead of the new material. High where the surface
   * holds detail far busier than the surface itself (art, a mirror, switches, shelves merged into a wall).
   */
  keepOriginal: Float32Array
}

export type RenderPlan = {
  /** Per region: RENDER_KEEP, RENDER_FLAT, RENDER_MATERIAL, RENDER_METAL or RENDER_ART. */
  mode: Int8Array
  /** Per region: index into `surfaces`, or -1. */
  surface: Int8Array
  /** Per region: linear RGB albedo (flat and metal modes). */
  albedo: Float32Array
  /** Per region: 1 / mean luminance, to turn a pixel's luminance into relative shading. */
  inverseNormaliser: Float32Array
  /** Per region: multiplier on the photo's lightness offsets (1; metal shine above or below). */
  shadingContrast: Float32Array
  /** Per region: mean colour in 8-bit sRGB units, to snap full-size pixels to regions. */
  meanRgb: Float32Array
  surfaces: SurfacePlan[]
  /**
   * Fill light, 0..0.25: shrinks the photo's shadows (negative lightness offsets) by this share. Light palettes are shot
   * high-key, as a photographer would light a white room; dark palettes keep their depth.
   */
  fill: number
  /** Where the floor's horizon lies, as a fraction of the height. */
  horizon: number
  /** Share of each redrawn region's own lightness kept against the palette's (0 = the palette's exactly). */
  lightnessAnchor: number
}

export type PlanInput = {
  scene: SceneSegmentation
  palette: PaletteColors
  look: StyleLook
  recipe: StyleRecipe
  seed: number
}

export function planRender({ scene, palette, look, recipe, seed }: PlanInput): RenderPlan {
  const random = createRandom(seed)
  const regionCount = scene.regions.length
  const resolve = (reference: ColourRef) => resolveColour(palette, reference)

  const softness = photoSoftness(scene)
  // Soft photos have few edges to spare: keep more of their detail and of their light/dark relations.
  const soft = (1 - softness) / (1 - MIN_SOFTNESS)
  const minKeepDetail = MIN_KEEP_DETAIL_CRISP + (MIN_KEEP_DETAIL_SOFT - MIN_KEEP_DETAIL_CRISP) * soft
  const lightnessAnchor = LIGHTNESS_ANCHOR_CRISP + (LIGHTNESS_ANCHOR_SOFT - LIGHTNESS_ANCHOR_CRISP) * soft
  const surfaces: SurfacePlan[] = []
  const surfaceIndex = new Map<SurfaceKind, number>()
  for (const kind of SURFACE_KINDS) {
    const roleRegions = scene.regions.filter((region) => region.role === kind)
    if (roleRegions.length === 0) continue
    const pixels = roleRegions.reduce((sum, region) => sum + region.pixelCount, 0)
    const normaliser = Math.max(0.02, roleRegions.reduce((sum, region) => sum + region.meanLuminance * region.pixelCount, 0) / pixels)
    const finish: SurfaceFinish = kind === 'ceiling' ? { colour: recipe.ceiling, secondary: recipe.ceiling, tertiary: recipe.ceiling, scale: 1, strength: 0.5, keepDetail: 0.6 } : recipe[kind]
    const material = kind === 'ceiling' ? 'paint' : look[kind]
    const textureKind: TextureKind | null = material === 'paint' ? (kind === 'cabinetry' || recipe.paint === 'flat' ? null : recipe.paint) : material
    const texture = textureKind ? materialTexture(textureKind) : null
    const period = texture?.periodMetres ?? [1, 1]
    surfaceIndex.set(kind, surfaces.length)
    surfaces.push({
      kind,
      texture,
      primary: jitter(resolve(finish.colour), random),
      secondary: withinContrast(resolve(finish.secondary), resolve(finish.colour), patternContrast(material, softness)),
      tertiary: withinContrast(resolve(finish.tertiary), resolve(finish.colour), patternContrast(material, softness)),
      strength: finish.strength * softness,
      reliefLow: 1 - MAX_RELIEF_DARK * softness,
      reliefHigh: 1 + MAX_RELIEF_LIGHT * softness,
      keepDetail: Math.max(finish.keepDetail, minKeepDetail),
      scale: finish.scale * (0.92 + 0.16 * random()),
      offset: [random() * period[0] * 4, random() * period[1] * 4],
      projection: kind === 'floor' ? 'floor' : 'frontal',
      distance: kind === 'cabinetry' ? 1.8 : 2.4,
      normaliser,
      smoothLuminance: smoothWithinRole(scene, kind, 4),
      keepOriginal: kind === 'floor' ? withFloorOutliers(busyDetail(scene, kind), scene) : busyDetail(scene, kind),
    })
  }

  const mode = new Int8Array(regionCount)
  const surface = new Int8Array(regionCount).fill(-1)
  const albedo = new Float32Array(regionCount * 3)
  const inverseNormaliser = new Float32Array(regionCount)
  const shadingContrast = new Float32Array(regionCount).fill(1)
  const meanRgb = new Float32Array(regionCount * 3)
  const metal = METAL_FINISH_LOOKS[look.metal]
  const metalColour = hexToLinear(metal.colour)
  const gradient = objectGradient([...recipe.objects, recipe.fixtures].map((reference) => resolve(reference)), scene)
  const groupLuminance = objectGroupLuminance(scene)

  scene.regions.forEach((region, index) => {
    meanRgb.set(region.meanRgb, index * 3)
    const ownNormaliser = Math.max(0.012, region.meanLuminance)
    inverseNormaliser[index] = 1 / ownNormaliser
    const kind = region.role
    if (kind === 'walls' || kind === 'floor' || kind === 'cabinetry' || kind === 'ceiling') {
      const plan = surfaceIndex.get(kind)!
      mode[index] = RENDER_MATERIAL
      surface[index] = plan
      // Between the whole surface's mean and the region's own (OWN_MEAN_SHARE): keeps the room's light fall-off
      // across its walls while a dark panel still takes the new colour.
      const surfaceNormaliser = surfaces[plan]!.normaliser
      inverseNormaliser[index] = 1 / (Math.pow(surfaceNormaliser, 1 - OWN_MEAN_SHARE) * Math.pow(ownNormaliser, OWN_MEAN_SHARE))
      return
    }
    if (kind === 'keep') {
      mode[index] = RENDER_KEEP
      return
    }
    if (kind === 'art') {
      // A picture on the wall is reprinted in the style's accent colour with its own light and detail: still
      // the same picture, in the room's new colours, and never tiled over like the wall around it.
      mode[index] = RENDER_ART
      albedo.set(resolve(recipe.accents), index * 3)
      return
    }
    if (kind === 'metal') {
      mode[index] = RENDER_METAL
      albedo.set(metalColour, index * 3)
      shadingContrast[index] = metal.shine
      return
    }
    const colour = kind === 'accents' ? resolve(recipe.accents) : gradient(groupLuminance[index]!)
    mode[index] = RENDER_FLAT
    albedo.set(colour, index * 3)
  })

  return { mode, surface, albedo, inverseNormaliser, shadingContrast, meanRgb, surfaces, fill: fillLight(palette), horizon: Math.min(0.6, Math.max(0.12, scene.floorTop - 0.3)), lightnessAnchor }
}

function fillLight(palette: PaletteColors): number {
  const lightness = Object.values(palette).map((hex) => hexToLab(hex)[0])
  const mean = lightness.reduce((sum, value) => sum + value, 0) / lightness.length
  return Math.min(0.25, Math.max(0, (mean - 62) / 110))
}

/** A palette colour, shifted as the recipe asks, in linear RGB. */
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
 * A pattern's second and third colours at most `maxContrast` lighter or darker than its main colour:
 * white grout on an emerald tile or a black-and-white checkerboard would draw a new edge map over the room.
 */
function withinContrast(colour: Colour, primary: Colour, maxContrast: number): Colour {
  const lightness = luminanceToLightness(linearLuminance(colour[0], colour[1], colour[2]))
  const primaryLightness = luminanceToLightness(linearLuminance(primary[0], primary[1], primary[2]))
  const limited = Math.min(primaryLightness + maxContrast, Math.max(primaryLightness - maxContrast, lightness))
  if (limited === lightness) return colour
  const [, a, b] = linearToLab(colour[0], colour[1], colour[2])
  const linear = labToLinear(limited, a, b)
  return [Math.max(0, linear[0]), Math.max(0, linear[1]), Math.max(0, linear[2])]
}

function jitter(colour: Colour, random: () => number): Colour {
  // A seed's variant: the same paint from another batch, within about 1 ΔE.
  const scale = 1 + (random() - 0.5) * 0.04
  return [colour[0] * scale, colour[1] * scale, colour[2] * scale]
}

/**
 * A gradient map for furniture and fixtures: the recipe's object colours ordered by lightness, and each object
 * placed along them by its own lightness (half absolute, half its rank among the room's objects). Neighbouring
 * pieces of one sofa land on the same colour, dark things stay the darker colours, porcelain the lightest.
 */
function objectGradient(colours: readonly Colour[], scene: SceneSegmentation): (luminance: number) => Colour {
  const stops = colours
    .map((colour) => ({ colour, position: Math.cbrt(linearLuminance(colour[0], colour[1], colour[2])) }))
    .sort((first, second) => first.position - second.position)
  const objects = scene.regions
    .filter((region) => region.role === 'objects' || region.role === 'fixtures' || region.role === 'accents')
    .map((region) => ({ lightness: Math.cbrt(region.meanLuminance), weight: region.pixelCount }))
    .sort((first, second) => first.lightness - second.lightness)
  const totalWeight = objects.reduce((sum, entry) => sum + entry.weight, 0)
  const darkest = objects[0]?.lightness ?? 0
  const lightest = objects[objects.length - 1]?.lightness ?? 1
  return (luminance) => {
    const lightness = Math.cbrt(luminance)
    let below = 0
    for (const entry of objects) if (entry.lightness < lightness) below += entry.weight
    const rank = totalWeight > 0 ? below / totalWeight : 0.5
    const absolute = lightest > darkest ? (lightness - darkest) / (lightest - darkest) : 0.5
    const position = Math.min(1, Math.max(0, 0.5 * rank + 0.5 * absolute)) * (stops.length - 1)
    const index = Math.min(stops.length - 2, Math.floor(position))
    if (stops.length === 1) return stops[0]!.colour
    // Mostly pure palette colours, with short blends between them.
    const blend = smoothstep(0.3, 0.7, position - index)
    const from = stops[index]!.colour
    const to = stops[index + 1]!.colour
    return [from[0] + (to[0] - from[0]) * blend, from[1] + (to[1] - from[1]) * blend, from[2] + (to[2] - from[2]) * blend]
  }
}

/** Mean luminance of each region's object group (see SceneSegmentation.groupOf), so a group shares one colour. */
function objectGroupLuminance(scene: SceneSegmentation): Float64Array {
  const { regions, groupOf } = scene
  const sums = new Float64Array(regions.length)
  const counts = new Float64Array(regions.length)
  regions.forEach((region, index) => {
    sums[groupOf[index]!]! += region.meanLuminance * region.pixelCount
    counts[groupOf[index]!]! += region.pixelCount
  })
  return Float64Array.from(regions, (_, index) => sums[groupOf[index]!]! / counts[groupOf[index]!]!)
}

/** See SurfacePlan.keepOriginal. Only gradients inside one region count, so object outlines leave no halo. */
function busyDetail(scene: SceneSegmentation, role: SurfaceRole): Float32Array {
  const { width, height, regionOf, regions, gradient } = scene
  const energy = new Float32Array(width * height)
  const weights = new Float32Array(width * height)
  const samples: number[] = []
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const pixel = y * width + x
      const region = regionOf[pixel]!
      if (regions[region]!.role !== role) continue
      weights[pixel] = 1
      const interior = regionOf[pixel - 1] === region && regionOf[pixel + 1] === region && regionOf[pixel - width] === region && regionOf[pixel + width] === region
      if (!interior) continue
      energy[pixel] = gradient[pixel]!
      if ((pixel & 7) === 0) samples.push(gradient[pixel]!)
    }
  }
  const result = new Float32Array(width * height)
  if (samples.length === 0) return result
  samples.sort((first, second) => first - second)
  // The surface's own texture (old tile grout, wood grain) is its typical level; keep only what stands far above it.
  const typical = samples[Math.floor(samples.length * 0.75)]!
  const low = Math.max(2.5, typical * 2.5)
  const high = low + 3
  boxBlur(energy, width, height, 2)
  boxBlur(weights, width, height, 2)
  for (let pixel = 0; pixel < result.length; pixel++) {
    const busy = weights[pixel]! > 1e-3 ? energy[pixel]! / weights[pixel]! : 0
    result[pixel] = smoothstep(low, high, busy) * 0.85
  }
  return result
}

/**
 * Floor regions often swallow what stands on the floor and shares its colour (a pedestal, a toilet's foot, the
 * bottom of a white bath). In each column the floor reaches up from the bottom edge; a column whose floor reaches
 * far above its neighbours' (a robust percentile over a wide window) is something standing on the floor: keep it
 * as it was rather than pave it.
 */
function withFloorOutliers(keep: Float32Array, scene: SceneSegmentation): Float32Array {
  const { width, height, regionOf, regions } = scene
  const top = new Float32Array(width).fill(height)
  for (let x = 0; x < width; x++) {
    let y = height - 1
    while (y >= 0 && regions[regionOf[y * width + x]!]!.role === 'floor') y--
    top[x] = y + 1
  }
  const window = Math.max(3, Math.round(width * 0.15))
  const margin = height * 0.04
  const values: number[] = []
  for (let x = 0; x < width; x++) {
    values.length = 0
    for (let other = Math.max(0, x - window); other <= Math.min(width - 1, x + window); other++) if (top[other]! < height) values.push(top[other]!)
    if (values.length < window * 1.2) continue
    values.sort((first, second) => first - second)
    // Most columns of the window show where the floor really starts; things on the floor reach higher.
    const typical = values[Math.floor(values.length * 0.6)]!
    for (let y = Math.floor(top[x]!); y < height && y < typical; y++) {
      const pixel = y * width + x
      if (regions[regionOf[pixel]!]!.role !== 'floor') continue
      keep[pixel] = Math.max(keep[pixel]!, 0.9 * smoothstep(typical - margin * 0.5, typical - margin * 1.5, y))
    }
  }
  return keep
}

/**
 * The role's luminance box-blurred within each region (normalised convolution over the region's bounding box),
 * so light from one region never bleeds into its neighbour. Pixels outside the role hold the value of a
 * nearby region of the role, for sampling at borders.
 */
function smoothWithinRole(scene: SceneSegmentation, role: SurfaceRole, radius: number): Float32Array {
  const { width, height, regionOf, regions, luminance } = scene
  const result = new Float32Array(width * height).fill(lightnessToLuminance(50))
  const filled = new Uint8Array(width * height)
  const boxes = regions.map(() => ({ left: width, right: -1, top: height, bottom: -1 }))
  for (let pixel = 0; pixel < regionOf.length; pixel++) {
    const region = regionOf[pixel]!
    if (regions[region]!.role !== role) continue
    const box = boxes[region]!
    const x = pixel % width
    const y = (pixel - x) / width
    if (x < box.left) box.left = x
    if (x > box.right) box.right = x
    if (y < box.top) box.top = y
    if (y > box.bottom) box.bottom = y
  }
  boxes.forEach((box, region) => {
    if (box.right < 0) return
    const left = Math.max(0, box.left - radius)
    const top = Math.max(0, box.top - radius)
    const boxWidth = Math.min(width - 1, box.right + radius) - left + 1
    const boxHeight = Math.min(height - 1, box.bottom + radius) - top + 1
    const values = new Float32Array(boxWidth * boxHeight)
    const weights = new Float32Array(boxWidth * boxHeight)
    for (let y = 0; y < boxHeight; y++) {
      for (let x = 0; x < boxWidth; x++) {
        const pixel = (top + y) * width + left + x
        if (regionOf[pixel] !== region) continue
        values[y * boxWidth + x] = luminance[pixel]!
        weights[y * boxWidth + x] = 1
      }
    }
    for (let pass = 0; pass < 2; pass++) {
      boxBlur(values, boxWidth, boxHeight, radius)
      boxBlur(weights, boxWidth, boxHeight, radius)
    }
    for (let y = 0; y < boxHeight; y++) {
      for (let x = 0; x < boxWidth; x++) {
        const pixel = (top + y) * width + left + x
        const weight = weights[y * boxWidth + x]!
        if (weight < 1e-3) continue
        const own = regionOf[pixel] === region
        // A region's own pixels are written once; other pixels keep the first region of the role that reaches them.
        if (own || (!filled[pixel] && regions[regionOf[pixel]!]!.role !== role)) {
          result[pixel] = values[y * boxWidth + x]! / weight
          filled[pixel] = 1
        }
      }
    }
  })
  return result
}
