// The full-size pass: one sweep over the photo's pixels that snaps each pixel to a region (joint bilateral
// upsampling of the analysis labels, guided by the pixel's own colour), redraws it as the plan says while
// keeping the photo's light (its lightness offsets laid over the new albedo), then grades and encodes it.
// Offsets in CIELAB lightness keep every edge and shadow as visible on a dark new colour as on a light one.
import { SRGB8_TO_LINEAR } from './colour-space'
import type { SoftBorders } from './soft-borders'
import { TONE_TABLE_RANGE, TONE_TABLE_SIZE, type Grade } from './grading'
import { TONE_MIN, TONE_STEP, type MaterialTexture, type TextureLevel } from './materials'
import { RENDER_ART, RENDER_FLAT, RENDER_KEEP, RENDER_MATERIAL, RENDER_METAL, type RenderPlan, type SurfacePlan } from './render-plan'

export type ComposeInput = {
  /** Interleaved 8-bit RGB, width × height. */
  pixels: Uint8Array
  width: number
  height: number
  /** Region of every analysis pixel. */
  regionOf: Int32Array
  /** Soft borders where the photo shows no edge (see soft-borders.ts). */
  borders?: SoftBorders
  analysisWidth: number
  analysisHeight: number
  plan: RenderPlan
  grade: Grade
}

/** Camera height above the floor, metres, for the floor's ground-plane projection. */
const CAMERA_HEIGHT = 1.3
/** Focal length as a share of the long side (about a 65° field of view). */
const FOCAL_FRACTION = 0.8
/** Luminance kept parts' shadows are lifted towards under fill light. */
const KEEP_FILL_LEVEL = 0.4
/** Extra share kept when a region gets darker by more than 15 L*, reaching its full size at 40 L*. */
const LIGHTNESS_ANCHOR_EXTRA = 0.25
/** Colour-match falloff for border blending, in squared 8-bit sRGB units. */
const BORDER_COLOUR_SPREAD = 2 * 18 * 18

type SurfaceState = {
  plan: SurfacePlan
  texture: MaterialTexture | null
  /** Mip level for frontal planes (floors choose per row). */
  level: TextureLevel | null
  /** Texels (at level 0) per metre, across and down. */
  texelsU: number
  texelsV: number
  /** Mip level per row, for floors (perspective shrinks the pattern towards the horizon). */
  rowLevel: Int8Array | null
}

export function composeRedesign(input: ComposeInput): Uint8Array {
  const { pixels, width, height, analysisWidth, analysisHeight, plan, grade } = input
  const output = new Uint8Array(width * height * 3)
  // Writes through a clamped view round and clamp to 0..255 for free.
  const clamped = new Uint8ClampedArray(output.buffer)
  const painter = new PixelPainter(input)

  // Analysis-grid sampling positions, per column and per row.
  const columnLow = new Int32Array(width)
  const columnHigh = new Int32Array(width)
  const columnWeight = new Float32Array(width)
  for (let x = 0; x < width; x++) {
    const position = Math.min(analysisWidth - 1, Math.max(0, ((x + 0.5) * analysisWidth) / width - 0.5))
    columnLow[x] = Math.floor(position)
    columnHigh[x] = Math.min(analysisWidth - 1, columnLow[x]! + 1)
    columnWeight[x] = position - columnLow[x]!
  }
  const rowLow = new Int32Array(height)
  const rowHigh = new Int32Array(height)
  const rowWeight = new Float32Array(height)
  for (let y = 0; y < height; y++) {
    const position = Math.min(analysisHeight - 1, Math.max(0, ((y + 0.5) * analysisHeight) / height - 0.5))
    rowLow[y] = Math.floor(position)
    rowHigh[y] = Math.min(analysisHeight - 1, rowLow[y]! + 1)
    rowWeight[y] = position - rowLow[y]!
  }

  const regionOf = input.regionOf
  const meanRgb = plan.meanRgb
  const [gainRed, gainGreen, gainBlue] = grade.gains
  const [shadowRed, shadowGreen, shadowBlue] = grade.shadowTint
  const [highRed, highGreen, highBlue] = grade.highlightTint
  const split = grade.splitToning
  const saturation = grade.saturation
  const vignette = grade.vignette
  const toneTable = grade.toneTable
  const grain = grade.grain
  const lutScale = TONE_TABLE_SIZE / TONE_TABLE_RANGE
  const halfDiagonal = (width * width + height * height) / 4
  const centreX = width / 2
  const columnRadial = Float32Array.from({ length: width }, (_, x) => ((x - centreX) * (x - centreX)) / halfDiagonal)
  const candidateRegion = new Int32Array(8)
  const candidateWeight = new Float64Array(8)
  const analysisPixels = analysisWidth * analysisHeight
  const borderOther = input.borders?.other ?? new Int32Array(analysisPixels).fill(-1)
  const borderWeight = input.borders?.weight ?? new Float32Array(analysisPixels)

  for (let y = 0; y < height; y++) {
    const analysisRowLow = rowLow[y]! * analysisWidth
    const analysisRowHigh = rowHigh[y]! * analysisWidth
    const wy = rowWeight[y]!
    const rowRadial = ((y - height / 2) * (y - height / 2)) / halfDiagonal
    painter.startRow(y, rowLow[y]!, rowHigh[y]!, wy)
    const grainRow = (y & 255) << 8
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3
      const red8 = pixels[offset]!
      const green8 = pixels[offset + 1]!
      const blue8 = pixels[offset + 2]!
      const low = columnLow[x]!
      const high = columnHigh[x]!
      const wx = columnWeight[x]!
      painter.column(low, high, wx)
      const red = SRGB8_TO_LINEAR[red8]!
      const green = SRGB8_TO_LINEAR[green8]!
      const blue = SRGB8_TO_LINEAR[blue8]!
      const luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
      const topLeft = regionOf[analysisRowLow + low]!
      const topRight = regionOf[analysisRowLow + high]!
      const bottomLeft = regionOf[analysisRowHigh + low]!
      const bottomRight = regionOf[analysisRowHigh + high]!
      let outRed: number
      let outGreen: number
      let outBlue: number
      const softTopLeft = borderWeight[analysisRowLow + low]!
      const softTopRight = borderWeight[analysisRowLow + high]!
      const softBottomLeft = borderWeight[analysisRowHigh + low]!
      const softBottomRight = borderWeight[analysisRowHigh + high]!
      if (topRight === topLeft && bottomLeft === topLeft && bottomRight === topLeft && softTopLeft + softTopRight + softBottomLeft + softBottomRight === 0) {
        painter.paint(topLeft, x, red, green, blue, luminance)
        outRed = painter.red
        outGreen = painter.green
        outBlue = painter.blue
      } else {
        // On a region border: blend the neighbouring regions' renderings, weighted by distance on the analysis
        // grid and by how well each region's mean colour matches this pixel (joint bilateral upsampling)...
        const spatialTopLeft = (1 - wx) * (1 - wy)
        const spatialTopRight = wx * (1 - wy)
        const spatialBottomLeft = (1 - wx) * wy
        const spatialBottomRight = wx * wy
        let count: number
        if (topRight === topLeft && bottomLeft === topLeft && bottomRight === topLeft) {
          candidateRegion[0] = topLeft
          candidateWeight[0] = 1
          count = 1
        } else {
          count = addCandidate(candidateRegion, candidateWeight, 0, topLeft, spatialTopLeft, meanRgb, red8, green8, blue8)
          count = addCandidate(candidateRegion, candidateWeight, count, topRight, spatialTopRight, meanRgb, red8, green8, blue8)
          count = addCandidate(candidateRegion, candidateWeight, count, bottomLeft, spatialBottomLeft, meanRgb, red8, green8, blue8)
          count = addCandidate(candidateRegion, candidateWeight, count, bottomRight, spatialBottomRight, meanRgb, red8, green8, blue8)
          let total = 0
          for (let index = 0; index < count; index++) total += candidateWeight[index]!
          for (let index = 0; index < count; index++) candidateWeight[index] = total > 0 ? candidateWeight[index]! / total : 1 / count
        }
        // ...and, where the photo shows no edge, fade into the region across the border (soft borders).
        const soft = spatialTopLeft * softTopLeft + spatialTopRight * softTopRight + spatialBottomLeft * softBottomLeft + spatialBottomRight * softBottomRight
        if (soft > 0) {
          for (let index = 0; index < count; index++) candidateWeight[index]! *= 1 - soft
          count = addSoft(candidateRegion, candidateWeight, count, borderOther[analysisRowLow + low]!, spatialTopLeft * softTopLeft)
          count = addSoft(candidateRegion, candidateWeight, count, borderOther[analysisRowLow + high]!, spatialTopRight * softTopRight)
          count = addSoft(candidateRegion, candidateWeight, count, borderOther[analysisRowHigh + low]!, spatialBottomLeft * softBottomLeft)
          count = addSoft(candidateRegion, candidateWeight, count, borderOther[analysisRowHigh + high]!, spatialBottomRight * softBottomRight)
        }
        outRed = 0
        outGreen = 0
        outBlue = 0
        let used = 0
        for (let index = 0; index < count; index++) {
          const weight = candidateWeight[index]!
          if (weight < 0.02) continue
          painter.paint(candidateRegion[index]!, x, red, green, blue, luminance)
          outRed += painter.red * weight
          outGreen += painter.green * weight
          outBlue += painter.blue * weight
          used += weight
        }
        outRed /= used
        outGreen /= used
        outBlue /= used
      }

      // Grade: white balance, split toning, saturation, vignette, tone curve, grain.
      outRed *= gainRed
      outGreen *= gainGreen
      outBlue *= gainBlue
      if (split > 0) {
        const graded = 0.2126 * outRed + 0.7152 * outGreen + 0.0722 * outBlue
        const shadowWeight = split * Math.max(0, 1 - graded / 0.25)
        const highlightWeight = split * Math.max(0, (graded - 0.4) / 0.6)
        outRed *= 1 + shadowWeight * (shadowRed - 1) + highlightWeight * (highRed - 1)
        outGreen *= 1 + shadowWeight * (shadowGreen - 1) + highlightWeight * (highGreen - 1)
        outBlue *= 1 + shadowWeight * (shadowBlue - 1) + highlightWeight * (highBlue - 1)
      }
      const toned = 0.2126 * outRed + 0.7152 * outGreen + 0.0722 * outBlue
      const radial = columnRadial[x]! + rowRadial
      const darkening = (1 - vignette * radial * radial) * lutScale
      const noise = grain[grainRow | (x & 255)]!
      clamped[offset] = toneTable[lutIndex((toned + (outRed - toned) * saturation) * darkening)]! + noise
      clamped[offset + 1] = toneTable[lutIndex((toned + (outGreen - toned) * saturation) * darkening)]! + noise
      clamped[offset + 2] = toneTable[lutIndex((toned + (outBlue - toned) * saturation) * darkening)]! + noise
    }
  }
  return output
}

/** Redraws one pixel as a given region would have it, before grading; the result is left in red/green/blue. */
class PixelPainter {
  red = 0
  green = 0
  blue = 0
  private y = 0
  private floorDepth = 0
  private rowLow = 0
  private rowHigh = 0
  private rowWeight = 0
  private columnLow = 0
  private columnHigh = 0
  private columnWeight = 0
  private readonly sample = new Float32Array(3)
  private readonly plan: RenderPlan
  private readonly states: SurfaceState[]
  private readonly analysisWidth: number
  private readonly focal: number
  private readonly centreX: number
  private readonly horizonY: number
  /** Per region: CIELAB lightness of its mean luminance, and its new albedo's luminance and lightness. */
  private readonly meanLightness: Float32Array
  private readonly albedoLuminance: Float32Array
  private readonly albedoLightness: Float32Array
  /** Per region: lightness shift that keeps part of the photo's own light/dark relations (the plan's lightnessAnchor). */
  private readonly anchor: Float32Array

  constructor(input: ComposeInput) {
    this.plan = input.plan
    const regions = input.plan.mode.length
    this.meanLightness = new Float32Array(regions)
    this.albedoLuminance = new Float32Array(regions)
    this.albedoLightness = new Float32Array(regions)
    this.anchor = new Float32Array(regions)
    for (let region = 0; region < regions; region++) {
      this.meanLightness[region] = toLightness(1 / input.plan.inverseNormaliser[region]!)
      const albedo = input.plan.albedo
      const luminance = Math.max(1e-5, 0.2126 * albedo[region * 3]! + 0.7152 * albedo[region * 3 + 1]! + 0.0722 * albedo[region * 3 + 2]!)
      this.albedoLuminance[region] = luminance
      this.albedoLightness[region] = toLightness(luminance)
      const mode = input.plan.mode[region]
      if (mode === RENDER_FLAT || mode === RENDER_MATERIAL) {
        const primary = mode === RENDER_MATERIAL ? input.plan.surfaces[input.plan.surface[region]!]!.primary : null
        const newLightness = primary ? toLightness(0.2126 * primary[0] + 0.7152 * primary[1] + 0.0722 * primary[2]) : this.albedoLightness[region]!
        // A light wall turned charcoal keeps more of the photo's lightness: its outline against white porcelain would
        // otherwise outweigh every other edge in the room. (Turning dark surfaces light does not do that.)
        const jump = this.meanLightness[region]! - newLightness
        // The plan's anchor: a wall that was lighter than the vanity stays a little lighter, so the room's edges keep
        // their order and weight.
        const share = input.plan.lightnessAnchor + LIGHTNESS_ANCHOR_EXTRA * Math.min(1, Math.max(0, (jump - 15) / 25))
        this.anchor[region] = share * jump
      }
    }
    this.analysisWidth = input.analysisWidth
    this.focal = FOCAL_FRACTION * Math.max(input.width, input.height)
    this.centreX = input.width / 2
    this.horizonY = input.plan.horizon * input.height
    this.states = input.plan.surfaces.map((surface) => prepareSurface(surface, input.height, this.focal, this.horizonY))
  }

  startRow(y: number, rowLow: number, rowHigh: number, rowWeight: number): void {
    this.y = y
    this.rowLow = rowLow
    this.rowHigh = rowHigh
    this.rowWeight = rowWeight
    this.floorDepth = y > this.horizonY + 1 ? CAMERA_HEIGHT / (y - this.horizonY) : CAMERA_HEIGHT
  }

  column(columnLow: number, columnHigh: number, columnWeight: number): void {
    this.columnLow = columnLow
    this.columnHigh = columnHigh
    this.columnWeight = columnWeight
  }

  paint(region: number, x: number, red: number, green: number, blue: number, luminance: number): void {
    const plan = this.plan
    const fill = plan.fill
    const mode = plan.mode[region]!
    if (mode === RENDER_KEEP) {
      // Kept parts share the fill light, so their shadows sit in the same high-key room.
      const lift = luminance < KEEP_FILL_LEVEL && fill > 0 ? 1 + fill * (KEEP_FILL_LEVEL / Math.max(luminance, 0.01) - 1) : 1
      this.red = red * lift
      this.green = green * lift
      this.blue = blue * lift
      return
    }
    // (A picture takes no lightness anchor: a pale canvas becomes the accent colour rather than staying pale.)
    if (mode === RENDER_FLAT || mode === RENDER_METAL || mode === RENDER_ART) {
      // The photo's light as a lightness offset from the region's mean, laid over the new colour.
      let offset = (toLightness(luminance) - this.meanLightness[region]!) * plan.shadingContrast[region]! + this.anchor[region]!
      if (offset < 0) offset *= 1 - fill
      const albedoLuminance = this.albedoLuminance[region]!
      const scale = toLuminance(this.albedoLightness[region]! + offset) / albedoLuminance
      const albedo = plan.albedo
      this.red = albedo[region * 3]! * scale
      this.green = albedo[region * 3 + 1]! * scale
      this.blue = albedo[region * 3 + 2]! * scale
      return
    }
    if (mode !== RENDER_MATERIAL) throw new Error(`Unknown render mode ${mode}`)
    const state = this.states[plan.surface[region]!]!
    const surface = state.plan
    // Shading = the surface's smooth light × a share of the photo's own fine texture.
    const smooth = Math.max(1e-4, this.analysisSample(surface.smoothLuminance))
    const keep = this.analysisSample(surface.keepOriginal)
    const smoothLightness = toLightness(smooth)
    let offset = smoothLightness - this.meanLightness[region]! + surface.keepDetail * (toLightness(luminance) - smoothLightness) + this.anchor[region]!
    if (offset < 0) offset *= 1 - fill
    const primary = surface.primary
    let baseRed = primary[0]
    let baseGreen = primary[1]
    let baseBlue = primary[2]
    const texture = state.texture
    if (texture) {
      let u: number
      let v: number
      let level: TextureLevel
      if (surface.projection === 'floor') {
        u = (x - this.centreX) * this.floorDepth
        v = this.focal * this.floorDepth
        level = texture.levels[state.rowLevel![this.y]!]!
      } else {
        const metresPerPixel = surface.distance / this.focal
        u = (x - this.centreX) * metresPerPixel
        v = this.y * metresPerPixel
        level = state.level!
      }
      const levelScale = level.size / texture.levels[0]!.size
      const sample = this.sample
      sampleTexture(level, (u + surface.offset[0]) * state.texelsU * levelScale, (v + surface.offset[1]) * state.texelsV * levelScale, sample)
      // Relief (grooves, bevels, grain) within a band: a material should read as texture, not redraw the room's edges.
      const tone = Math.min(surface.reliefHigh, Math.max(surface.reliefLow, 1 + (sample[0]! - 1) * surface.strength))
      const second = sample[1]!
      const third = sample[2]!
      const secondary = surface.secondary
      const tertiary = surface.tertiary
      baseRed = ((primary[0] * (1 - second) + secondary[0] * second) * (1 - third) + tertiary[0] * third) * tone
      baseGreen = ((primary[1] * (1 - second) + secondary[1] * second) * (1 - third) + tertiary[1] * third) * tone
      baseBlue = ((primary[2] * (1 - second) + secondary[2] * second) * (1 - third) + tertiary[2] * third) * tone
    }
    const baseLuminance = Math.max(1e-5, 0.2126 * baseRed + 0.7152 * baseGreen + 0.0722 * baseBlue)
    const scale = toLuminance(toLightness(baseLuminance) + offset) / baseLuminance
    // Where the surface holds detail far busier than itself (art, a mirror), let the photo show through.
    this.red = baseRed * scale + (red - baseRed * scale) * keep
    this.green = baseGreen * scale + (green - baseGreen * scale) * keep
    this.blue = baseBlue * scale + (blue - baseBlue * scale) * keep
  }

  /** Bilinear sample of an analysis-scale map at the current pixel. */
  private analysisSample(map: Float32Array): number {
    const width = this.analysisWidth
    const wx = this.columnWeight
    const top = map[this.rowLow * width + this.columnLow]! * (1 - wx) + map[this.rowLow * width + this.columnHigh]! * wx
    const bottom = map[this.rowHigh * width + this.columnLow]! * (1 - wx) + map[this.rowHigh * width + this.columnHigh]! * wx
    return top + (bottom - top) * this.rowWeight
  }
}

function prepareSurface(plan: SurfacePlan, height: number, focal: number, horizonY: number): SurfaceState {
  const texture = plan.texture
  if (!texture) return { plan, texture: null, level: null, texelsU: 0, texelsV: 0, rowLevel: null }
  const baseSize = texture.levels[0]!.size
  const texelsU = baseSize / (texture.periodMetres[0] * plan.scale)
  const texelsV = baseSize / (texture.periodMetres[1] * plan.scale)
  const texelsPerMetre = Math.max(texelsU, texelsV)
  const levelFor = (metresPerPixel: number) => {
    const texelsPerPixel = metresPerPixel * texelsPerMetre
    return Math.min(texture.levels.length - 1, Math.max(0, Math.round(Math.log2(Math.max(1, texelsPerPixel)))))
  }
  if (plan.projection === 'floor') {
    const rowLevel = new Int8Array(height)
    for (let y = 0; y < height; y++) {
      const distance = Math.max(1, y - horizonY)
      // Across the floor a pixel spans h/d metres; into the depth f·h/d². Filter between the two.
      const across = CAMERA_HEIGHT / distance
      const into = (focal * CAMERA_HEIGHT) / (distance * distance)
      rowLevel[y] = levelFor(Math.max(across, into * 0.5))
    }
    return { plan, texture, level: null, texelsU, texelsV, rowLevel }
  }
  return { plan, texture, level: texture.levels[levelFor(plan.distance / focal)]!, texelsU, texelsV, rowLevel: null }
}

function addCandidate(regions: Int32Array, weights: Float64Array, count: number, region: number, spatial: number, meanRgb: Float32Array, red: number, green: number, blue: number): number {
  const dr = meanRgb[region * 3]! - red
  const dg = meanRgb[region * 3 + 1]! - green
  const db = meanRgb[region * 3 + 2]! - blue
  const weight = (spatial + 0.05) * Math.exp(-(dr * dr + dg * dg + db * db) / BORDER_COLOUR_SPREAD)
  return accumulate(regions, weights, count, region, weight)
}

function addSoft(regions: Int32Array, weights: Float64Array, count: number, region: number, weight: number): number {
  if (region < 0 || weight <= 0) return count
  return accumulate(regions, weights, count, region, weight)
}

/** Adds weight to region in the first count entries of the candidate lists, appending it if new; returns the new count. */
function accumulate(regions: Int32Array, weights: Float64Array, count: number, region: number, weight: number): number {
  for (let index = 0; index < count; index++) {
    if (regions[index] === region) {
      weights[index]! += weight
      return count
    }
  }
  regions[count] = region
  weights[count] = weight
  return count + 1
}

/** Bilinear, wrapping sample of a tile level at texel coordinates (any real numbers). */
function sampleTexture(level: TextureLevel, u: number, v: number, out: Float32Array): void {
  const size = level.size
  const mask = size - 1
  const fu = u - 0.5
  const fv = v - 0.5
  const u0 = Math.floor(fu)
  const v0 = Math.floor(fv)
  const wu = fu - u0
  const wv = fv - v0
  const left = u0 & mask
  const right = (u0 + 1) & mask
  const top = (v0 & mask) * size
  const bottom = ((v0 + 1) & mask) * size
  const w00 = (1 - wu) * (1 - wv)
  const w10 = wu * (1 - wv)
  const w01 = (1 - wu) * wv
  const w11 = wu * wv
  const tone = level.tone
  const second = level.second
  const third = level.third
  out[0] = TONE_MIN + (tone[top + left]! * w00 + tone[top + right]! * w10 + tone[bottom + left]! * w01 + tone[bottom + right]! * w11) * TONE_STEP
  out[1] = (second[top + left]! * w00 + second[top + right]! * w10 + second[bottom + left]! * w01 + second[bottom + right]! * w11) / 255
  out[2] = (third[top + left]! * w00 + third[top + right]! * w10 + third[bottom + left]! * w01 + third[bottom + right]! * w11) / 255
}

/** Linear luminance → CIELAB lightness. */
function toLightness(luminance: number): number {
  return luminance > 216 / 24389 ? 116 * Math.cbrt(luminance) - 16 : (24389 / 27) * luminance
}

/** CIELAB lightness → linear luminance (beyond 100 for highlights, which the tone table rolls off). */
function toLuminance(lightness: number): number {
  if (lightness <= 8) return lightness > 0 ? (lightness * 27) / 24389 : 0
  const f = (lightness + 16) / 116
  return f * f * f
}

/** Index into the tone table for a linear value already multiplied by the table's scale. */
function lutIndex(scaled: number): number {
  if (!(scaled > 0)) return 0
  if (scaled >= TONE_TABLE_SIZE) return TONE_TABLE_SIZE
  return (scaled + 0.5) | 0
}

