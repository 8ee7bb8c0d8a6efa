// The redesign from a label map. On the label grid: the room's geometry (room-geometry.ts), each surface's
// light (surface-shading.ts) and what each class becomes (surface-finishes.ts). Then one pass at full size:
// every pixel is snapped to a label (joint bilateral upsampling: the label grid's four nearest labels, weighted
// by distance and by how well each label's local colour matches the pixel), and redrawn:
//   surfaces (walls, floor, ceiling, vanity, countertop, door): the new material, sampled through the plane's
//     homography at real-world scale, × the surface's relative light;
//   ceramics, metal fixtures, fabrics: the new colour × the pixel's own relative light (folds, speculars);
//   everything else, and every class whose group was not chosen: the photo's pixel, exactly.
// Redrawn pixels are graded (white balance, split toning, saturation, tone curve, vignette, grain).
import type { PaletteColors } from '../../../../shared/catalogue/palettes'
import type { StyleRecipe } from '../../../catalogue/style-recipes'
import type { StyleLook } from '../../../../shared/catalogue/styles'
import { SRGB8_TO_LINEAR, linearLuminance } from './colour-space'
import { TONE_TABLE_RANGE, TONE_TABLE_SIZE, buildGrade, type Grade } from './grading'
import { TONE_MIN, TONE_STEP, type TextureLevel } from './materials'
import { estimateRoomGeometry, nearestWall, pixelCamera, planeProjector, type GeometryOptions, type PlaneProjector, type RoomGeometry } from './room-geometry'
import { ALL_CHANGES, CLASS_COUNT, CLASS_DOOR, CLASS_WALL, CLASS_WALL_TILE, changedClasses, type Changes } from './surface-classes'
import { FINISH_KEEP, FINISH_RELIGHT, classFinishes, type ClassFinish } from './surface-finishes'
import { surfaceShading, type SurfaceShading } from './surface-shading'

export type SurfaceRedesignInput = {
  /** Interleaved 8-bit RGB, width × height. */
  pixels: Uint8Array
  width: number
  height: number
  /** One class (surface-classes.ts) per pixel of the label grid, labelWidth × labelHeight (any size up to the photo's). */
  labels: Uint8Array
  labelWidth: number
  labelHeight: number
  /** The photo resampled to the label grid, when the caller has it already (else it is area-averaged here). */
  labelPixels?: Uint8Array
  look: StyleLook
  palette: PaletteColors
  recipe: StyleRecipe
  seed: number
  /** Which groups change; all by default. */
  changes?: Partial<Changes>
  geometry?: GeometryOptions
}

export type SurfaceRedesign = {
  /** Interleaved 8-bit RGB, width × height. */
  pixels: Uint8Array
  geometry: RoomGeometry
}

/**
 * At a border between a surface being redrawn and one the person chose to keep, the kept one is taken whenever it
 * holds at least this share of the two labels' weight: a kept surface loses no rim to its redrawn neighbour.
 */
const KEEP_BORDER_SHARE = 0.2
/** Colour-match falloff for snapping full-size pixels to labels, in squared 8-bit sRGB units. */
const SNAP_COLOUR_SPREAD = 2 * 22 * 22
/** Share of the grade's vignette used: redrawn surfaces sit beside kept pixels that take none. */
const VIGNETTE_SHARE = 0.5
/** Relative light is kept within this range (deep shade, bright highlight). */
const MIN_LIGHT = 0.04
const MAX_LIGHT = 2.6

export function redesignFromSurfaces(input: SurfaceRedesignInput): SurfaceRedesign {
  const plan = planRedesign(input)
  return { pixels: paintAllRows(plan), geometry: plan.geometry }
}

/** The full-size pass over every row on this thread; returns the painted photo (interleaved RGB). */
export function paintAllRows(plan: PaintPlan): Uint8Array {
  const output = new Uint8Array(plan.width * plan.height * 3)
  paintRows(plan, [[0, plan.height]], output)
  return output
}

/**
 * Everything the full-size pass needs, worked out on the label grid: the room's geometry, each surface's light, what
 * each class becomes and the grade. Plain data and typed arrays only, so a copy can be posted to another thread
 * (paint-threads.ts), which then paints stripes of rows with paintRows.
 */
export function planRedesign(input: SurfaceRedesignInput): PaintPlan {
  const { pixels, width, height, labels, labelWidth, labelHeight } = input
  if (labels.length !== labelWidth * labelHeight) throw new Error('The label map does not match its size')
  if (pixels.length !== width * height * 3) throw new Error('The photo does not match its size')
  const changes: Changes = { ...ALL_CHANGES, ...input.changes }
  const changed = changedClasses(changes)
  // Classes kept only because the person left their group out (decision 0045): at their borders, the keep wins.
  const everything = changedClasses(ALL_CHANGES)
  const keptByChoice = changed.map((value, label) => (everything[label] === 1 && value === 0 ? 1 : 0))
  const grid = input.labelPixels && input.labelPixels.length === labelWidth * labelHeight * 3 ? input.labelPixels : downsample(pixels, width, height, labelWidth, labelHeight)
  const geometry = estimateRoomGeometry(labels, labelWidth, labelHeight, { photo: grid, ...input.geometry })

  // Shading groups: a class, with walls split by the plane each pixel lies on (a lit wall beside a shaded one).
  const gridCamera = pixelCamera(geometry.camera, labelWidth, labelHeight)
  const gridWalls = geometry.walls.map((wall) => planeProjector(wall, gridCamera))
  const groups = new Int32Array(labelWidth * labelHeight)
  for (let y = 0; y < labelHeight; y++) {
    for (let x = 0; x < labelWidth; x++) {
      const pixel = y * labelWidth + x
      const label = labels[pixel]!
      groups[pixel] = label === CLASS_WALL || label === CLASS_WALL_TILE || label === CLASS_DOOR ? CLASS_COUNT * (1 + nearestWall(gridWalls, x + 0.5, y + 0.5)) + label : label
    }
  }
  const shading = surfaceShading(grid, labels, groups, labelWidth, labelHeight)
  const finishes = classFinishes({ palette: input.palette, look: input.look, recipe: input.recipe, seed: input.seed })
  const grade = buildGrade(input.look, input.recipe, input.seed)
  return { pixels, width, height, labels, labelWidth, labelHeight, geometry, shading, finishes, changed, keptByChoice, grade }
}

/** Area-average resample of RGB pixels to the label grid. */
export function downsample(pixels: Uint8Array, width: number, height: number, gridWidth: number, gridHeight: number): Uint8Array {
  if (gridWidth === width && gridHeight === height) return pixels
  const sums = new Float64Array(gridWidth * gridHeight * 3)
  const counts = new Float64Array(gridWidth * gridHeight)
  const columnCell = new Int32Array(width)
  for (let x = 0; x < width; x++) columnCell[x] = Math.min(gridWidth - 1, Math.floor((x * gridWidth) / width))
  for (let y = 0; y < height; y++) {
    const rowCell = Math.min(gridHeight - 1, Math.floor((y * gridHeight) / height)) * gridWidth
    for (let x = 0; x < width; x++) {
      const cell = rowCell + columnCell[x]!
      const offset = (y * width + x) * 3
      sums[cell * 3]! += pixels[offset]!
      sums[cell * 3 + 1]! += pixels[offset + 1]!
      sums[cell * 3 + 2]! += pixels[offset + 2]!
      counts[cell]!++
    }
  }
  const result = new Uint8Array(gridWidth * gridHeight * 3)
  for (let cell = 0; cell < counts.length; cell++) {
    const count = Math.max(1, counts[cell]!)
    result[cell * 3] = Math.round(sums[cell * 3]! / count)
    result[cell * 3 + 1] = Math.round(sums[cell * 3 + 1]! / count)
    result[cell * 3 + 2] = Math.round(sums[cell * 3 + 2]! / count)
  }
  return result
}

export type PaintPlan = {
  pixels: Uint8Array
  width: number
  height: number
  labels: Uint8Array
  labelWidth: number
  labelHeight: number
  geometry: RoomGeometry
  shading: SurfaceShading
  finishes: ClassFinish[]
  changed: Uint8Array
  /** Per class: 1 when it would change but its group was not chosen. */
  keptByChoice: Uint8Array
  grade: Grade
}

/**
 * The full-size pass over some stripes of rows of the photo (each [top, bottom)), into `output` (interleaved RGB, the
 * whole photo's size). Each row depends only on the plan, so stripes can be painted on different threads with the
 * same result.
 */
export function paintRows(input: PaintPlan, stripes: ReadonlyArray<readonly [number, number]>, output: Uint8Array): void {
  const { pixels, width, height, labels, labelWidth, labelHeight } = input
  // Writes through a clamped view round to the nearest code value.
  const clamped = new Uint8ClampedArray(output.buffer, output.byteOffset, output.length)
  const painter = new Painter(input)

  // Label-grid sampling positions, per column and per row.
  const columnLow = new Int32Array(width)
  const columnHigh = new Int32Array(width)
  const columnWeight = new Float32Array(width)
  for (let x = 0; x < width; x++) {
    const position = Math.min(labelWidth - 1, Math.max(0, ((x + 0.5) * labelWidth) / width - 0.5))
    columnLow[x] = Math.floor(position)
    columnHigh[x] = Math.min(labelWidth - 1, columnLow[x]! + 1)
    columnWeight[x] = position - columnLow[x]!
  }
  const labelColour = input.shading.labelColour
  const candidateLabel = new Int32Array(4)
  const candidateWeight = new Float64Array(4)

  for (const [top, bottom] of stripes) {
    for (let y = top; y < bottom; y++) {
      const rowPosition = Math.min(labelHeight - 1, Math.max(0, ((y + 0.5) * labelHeight) / height - 0.5))
      const rowLow = Math.floor(rowPosition)
      const rowHigh = Math.min(labelHeight - 1, rowLow + 1)
      const wy = rowPosition - rowLow
      const lowOffset = rowLow * labelWidth
      const highOffset = rowHigh * labelWidth
      painter.startRow(y, rowLow, rowHigh, wy)
      for (let x = 0; x < width; x++) {
        const offset = (y * width + x) * 3
        const red8 = pixels[offset]!
        const green8 = pixels[offset + 1]!
        const blue8 = pixels[offset + 2]!
        const low = columnLow[x]!
        const high = columnHigh[x]!
        const wx = columnWeight[x]!
        const topLeft = lowOffset + low
        const topRight = lowOffset + high
        const bottomLeft = highOffset + low
        const bottomRight = highOffset + high
        const label = labels[topLeft]!
        painter.column(low, high, wx)
        if (labels[topRight] === label && labels[bottomLeft] === label && labels[bottomRight] === label) {
          painter.paint(label, x, red8, green8, blue8)
          clamped[offset] = painter.red
          clamped[offset + 1] = painter.green
          clamped[offset + 2] = painter.blue
          continue
        }
        // A label border: each label's weight is its corners' nearness times how well the label's local colour
        // there matches this pixel (joint bilateral upsampling guided by the full-size photo).
        let count = 0
        count = addCandidate(candidateLabel, candidateWeight, count, labels[topLeft]!, (1 - wx) * (1 - wy), labelColour, topLeft, red8, green8, blue8)
        count = addCandidate(candidateLabel, candidateWeight, count, labels[topRight]!, wx * (1 - wy), labelColour, topRight, red8, green8, blue8)
        count = addCandidate(candidateLabel, candidateWeight, count, labels[bottomLeft]!, (1 - wx) * wy, labelColour, bottomLeft, red8, green8, blue8)
        count = addCandidate(candidateLabel, candidateWeight, count, labels[bottomRight]!, wx * wy, labelColour, bottomRight, red8, green8, blue8)
        let best = 0
        for (let index = 1; index < count; index++) if (candidateWeight[index]! > candidateWeight[best]!) best = index
        if (!input.keptByChoice[candidateLabel[best]!]) {
          for (let index = 0; index < count; index++) {
            if (input.keptByChoice[candidateLabel[index]!] && candidateWeight[index]! >= KEEP_BORDER_SHARE * (candidateWeight[index]! + candidateWeight[best]!)) {
              best = index
              break
            }
          }
        }
        let second = -1
        for (let index = 0; index < count; index++) if (index !== best && (second < 0 || candidateWeight[index]! > candidateWeight[second]!)) second = index
        const bestLabel = candidateLabel[best]!
        painter.paint(bestLabel, x, red8, green8, blue8)
        let red = painter.red
        let green = painter.green
        let blue = painter.blue
        // A kept pixel stays exactly as it was; a redrawn one next to another label blends towards it where the
        // photo cannot tell them apart (a soft edge, no stair steps).
        if (second >= 0 && painter.changed(bestLabel)) {
          const share = candidateWeight[best]! / (candidateWeight[best]! + candidateWeight[second]!)
          if (share < 0.85) {
            const keepShare = 0.5 + 0.5 * smooth((share - 0.5) / 0.35)
            painter.paint(candidateLabel[second]!, x, red8, green8, blue8)
            red = red * keepShare + painter.red * (1 - keepShare)
            green = green * keepShare + painter.green * (1 - keepShare)
            blue = blue * keepShare + painter.blue * (1 - keepShare)
          }
        }
        clamped[offset] = red
        clamped[offset + 1] = green
        clamped[offset + 2] = blue
      }
    }
  }
}

function smooth(t: number): number {
  const clamped = t < 0 ? 0 : t > 1 ? 1 : t
  return clamped * clamped * (3 - 2 * clamped)
}

function addCandidate(labels: Int32Array, weights: Float64Array, count: number, label: number, spatial: number, colours: Float32Array, cell: number, red: number, green: number, blue: number): number {
  const dr = colours[cell * 3]! - red
  const dg = colours[cell * 3 + 1]! - green
  const db = colours[cell * 3 + 2]! - blue
  const weight = (spatial + 0.05) * Math.exp(-(dr * dr + dg * dg + db * db) / SNAP_COLOUR_SPREAD)
  for (let index = 0; index < count; index++) {
    if (labels[index] === label) {
      weights[index]! += weight
      return count
    }
  }
  labels[count] = label
  weights[count] = weight
  return count + 1
}

/** The pixel's own light over its surface's smoothed light (kept within 0.25–2.5), to the power `detail`. */
function fineLight(luminance: number, smoothLight: number, detail: number): number {
  const fine = luminance / smoothLight
  return Math.pow(fine < 0.25 ? 0.25 : fine > 2.5 ? 2.5 : fine, detail)
}

/** Redraws one pixel as a given label would have it; leaves 8-bit sRGB values (unrounded) in red/green/blue. */
class Painter {
  red = 0
  green = 0
  blue = 0
  private y = 0
  private rowLow = 0
  private rowHigh = 0
  private rowWeight = 0
  private columnLow = 0
  private columnHigh = 0
  private columnWeight = 0
  private rowRadial = 0
  private readonly labelWidth: number
  private readonly labels: Uint8Array
  private readonly smoothLight: Float32Array
  private readonly albedo: Float32Array
  /** Set by lightOf: the material's albedo estimate at this pixel. */
  private sampledAlbedo = 1
  private readonly inverseAlbedo: Float32Array
  /** Per label: its new material's luminance (linear), the primary colour's. */
  private readonly finishLuminance: Float32Array
  private readonly finishes: ClassFinish[]
  private readonly changedClass: Uint8Array
  private readonly walls: PlaneProjector[]
  private readonly planes: Record<'floor' | 'ceiling' | 'cabinet' | 'counter', PlaneProjector>
  private readonly grade: Grade
  private readonly vignette: number
  private readonly halfDiagonal: number
  private readonly centreX: number
  private readonly centreY: number
  private readonly sample = new Float32Array(3)

  constructor(input: PaintPlan) {
    this.labelWidth = input.labelWidth
    this.labels = input.labels
    this.smoothLight = input.shading.smooth
    this.albedo = input.shading.albedo
    this.inverseAlbedo = Float32Array.from(input.shading.classLuminance, (value) => 1 / value)
    this.finishes = input.finishes
    this.finishLuminance = Float32Array.from(input.finishes, (finish) => linearLuminance(finish.primary[0], finish.primary[1], finish.primary[2]))
    this.changedClass = input.changed
    const camera = pixelCamera(input.geometry.camera, input.width, input.height)
    this.walls = input.geometry.walls.map((wall) => planeProjector(wall, camera))
    this.planes = {
      floor: planeProjector(input.geometry.floor, camera),
      ceiling: planeProjector(input.geometry.ceiling, camera),
      cabinet: planeProjector(input.geometry.cabinet, camera),
      counter: planeProjector(input.geometry.counter, camera),
    }
    this.grade = input.grade
    this.vignette = input.grade.vignette * VIGNETTE_SHARE
    this.halfDiagonal = (input.width * input.width + input.height * input.height) / 4
    this.centreX = input.width / 2
    this.centreY = input.height / 2
  }

  changed(label: number): boolean {
    return this.changedClass[label] === 1 && this.finishes[label]!.mode !== FINISH_KEEP
  }

  startRow(y: number, rowLow: number, rowHigh: number, rowWeight: number): void {
    this.y = y
    this.rowLow = rowLow
    this.rowHigh = rowHigh
    this.rowWeight = rowWeight
    this.rowRadial = ((y - this.centreY) * (y - this.centreY)) / this.halfDiagonal
  }

  column(columnLow: number, columnHigh: number, columnWeight: number): void {
    this.columnLow = columnLow
    this.columnHigh = columnHigh
    this.columnWeight = columnWeight
  }

  paint(label: number, x: number, red8: number, green8: number, blue8: number): void {
    const finish = this.finishes[label]!
    if (this.changedClass[label] !== 1 || finish.mode === FINISH_KEEP) {
      this.red = red8
      this.green = green8
      this.blue = blue8
      return
    }
    const luminance = 0.2126 * SRGB8_TO_LINEAR[red8]! + 0.7152 * SRGB8_TO_LINEAR[green8]! + 0.0722 * SRGB8_TO_LINEAR[blue8]!
    let red: number
    let green: number
    let blue: number
    if (finish.mode === FINISH_RELIGHT) {
      let light: number
      if (finish.detail < 1) {
        // The smooth light (folds, shade) whole, the pixel's own fine variation (weave, sensor noise) damped: on a
        // dark fabric it is large next to the fabric's own light, and a light new colour would show it as static.
        const smoothLight = Math.max(1e-4, this.lightOf(label))
        light = smoothLight * this.inverseAlbedo[label]! * fineLight(luminance, smoothLight, finish.detail)
      } else {
        light = luminance * this.inverseAlbedo[label]!
      }
      light = light < MIN_LIGHT ? MIN_LIGHT : light > MAX_LIGHT ? MAX_LIGHT : light
      if (finish.shine !== 1) light = Math.pow(light, finish.shine)
      red = finish.primary[0] * light
      green = finish.primary[1] * light
      blue = finish.primary[2] * light
    } else {
      const smoothLight = Math.max(1e-4, this.lightOf(label))
      let light = smoothLight / this.sampledAlbedo
      // Light above the surface's own is part sheen: reflections a dark glossy surface adds to its light, which a
      // paler new material would show at a fraction of the strength (decision 0085).
      if (light > 1 && this.sampledAlbedo < this.finishLuminance[label]!) light = 1 + (light - 1) * Math.sqrt(this.sampledAlbedo / this.finishLuminance[label]!)
      if (finish.detail > 0) light *= fineLight(luminance, smoothLight, finish.detail)
      light = light < MIN_LIGHT ? MIN_LIGHT : light > MAX_LIGHT ? MAX_LIGHT : light
      let baseRed = finish.primary[0]
      let baseGreen = finish.primary[1]
      let baseBlue = finish.primary[2]
      const texture = finish.texture
      if (texture && finish.plane) {
        const projector = finish.plane === 'walls' ? this.nearestWall(x) : this.planes[finish.plane]
        const px = x + 0.5
        const py = this.y + 0.5
        const denominator = projector.da * px + projector.db * py + projector.dc
        if (denominator > 1e-6) {
          const u = (projector.ua * px + projector.ub * py + projector.uc) / denominator + finish.offsetU
          const v = (projector.va * px + projector.vb * py + projector.vc) / denominator + finish.offsetV
          // Footprint of the pixel on the plane (metres): across, and stretched along the view at grazing angles.
          const rx = (px - projector.cx) / projector.focal
          const ry = (py - projector.cy) / projector.focal
          const rayLength = Math.sqrt(rx * rx + ry * ry + 1)
          const q = projector.qa * px + projector.qb * py + projector.qc
          const across = rayLength / (q * projector.focal)
          const along = (across * rayLength) / denominator
          const footprint = along > across ? along : across
          const texelsU = finish.texelsU
          const texelsV = finish.texelsV
          const texelsPerPixel = footprint * (texelsU > texelsV ? texelsU : texelsV)
          const levels = texture.levels
          let level = texelsPerPixel > 1 ? Math.round(Math.log2(texelsPerPixel)) : 0
          if (level > levels.length - 1) level = levels.length - 1
          const chosen = levels[level]!
          const levelScale = chosen.size / levels[0]!.size
          const sample = this.sample
          sampleTexture(chosen, u * texelsU * levelScale, v * texelsV * levelScale, sample)
          let tone = 1 + (sample[0]! - 1) * finish.strength
          tone = tone < finish.reliefLow ? finish.reliefLow : tone > finish.reliefHigh ? finish.reliefHigh : tone
          const second = sample[1]!
          const third = sample[2]!
          const primary = finish.primary
          const secondary = finish.secondary
          const tertiary = finish.tertiary
          baseRed = ((primary[0] * (1 - second) + secondary[0] * second) * (1 - third) + tertiary[0] * third) * tone
          baseGreen = ((primary[1] * (1 - second) + secondary[1] * second) * (1 - third) + tertiary[1] * third) * tone
          baseBlue = ((primary[2] * (1 - second) + secondary[2] * second) * (1 - third) + tertiary[2] * third) * tone
        }
      }
      red = baseRed * light
      green = baseGreen * light
      blue = baseBlue * light
    }
    this.graded(x, red, green, blue)
  }

  /** The wall the pixel's ray meets first. */
  private nearestWall(x: number): PlaneProjector {
    return this.walls[nearestWall(this.walls, x + 0.5, this.y + 0.5)]!
  }

  /** The label's smoothed light at this pixel: bilinear over the label-grid corners that hold the same label. */
  private lightOf(label: number): number {
    const width = this.labelWidth
    const labels = this.labels
    const light = this.smoothLight
    const albedo = this.albedo
    let albedoSum = 0
    const wx = this.columnWeight
    const wy = this.rowWeight
    const a = this.rowLow * width + this.columnLow
    const b = this.rowLow * width + this.columnHigh
    const c = this.rowHigh * width + this.columnLow
    const d = this.rowHigh * width + this.columnHigh
    let sum = 0
    let weight = 0
    if (labels[a] === label) {
      const w = (1 - wx) * (1 - wy) + 1e-4
      sum += light[a]! * w
      albedoSum += albedo[a]! * w
      weight += w
    }
    if (labels[b] === label) {
      const w = wx * (1 - wy) + 1e-4
      sum += light[b]! * w
      albedoSum += albedo[b]! * w
      weight += w
    }
    if (labels[c] === label) {
      const w = (1 - wx) * wy + 1e-4
      sum += light[c]! * w
      albedoSum += albedo[c]! * w
      weight += w
    }
    if (labels[d] === label) {
      const w = wx * wy + 1e-4
      sum += light[d]! * w
      albedoSum += albedo[d]! * w
      weight += w
    }
    if (weight <= 0) {
      this.sampledAlbedo = 1 / this.inverseAlbedo[label]!
      return this.sampledAlbedo
    }
    this.sampledAlbedo = albedoSum / weight
    return sum / weight
  }

  /** Grade: white balance, split toning, saturation, vignette, tone curve, grain; leaves 8-bit values. */
  private graded(x: number, red: number, green: number, blue: number): void {
    const grade = this.grade
    red *= grade.gains[0]
    green *= grade.gains[1]
    blue *= grade.gains[2]
    const split = grade.splitToning
    if (split > 0) {
      const lum = 0.2126 * red + 0.7152 * green + 0.0722 * blue
      const shadowWeight = split * Math.max(0, 1 - lum / 0.25)
      const highlightWeight = split * Math.max(0, (lum - 0.4) / 0.6)
      red *= 1 + shadowWeight * (grade.shadowTint[0] - 1) + highlightWeight * (grade.highlightTint[0] - 1)
      green *= 1 + shadowWeight * (grade.shadowTint[1] - 1) + highlightWeight * (grade.highlightTint[1] - 1)
      blue *= 1 + shadowWeight * (grade.shadowTint[2] - 1) + highlightWeight * (grade.highlightTint[2] - 1)
    }
    const toned = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    const dx = x - this.centreX
    const radial = (dx * dx) / this.halfDiagonal + this.rowRadial
    const darkening = (1 - this.vignette * radial * radial) * (TONE_TABLE_SIZE / TONE_TABLE_RANGE)
    const noise = grade.grain[((this.y & 255) << 8) | (x & 255)]!
    const saturation = grade.saturation
    const table = grade.toneTable
    this.red = clamp255(table[lutIndex((toned + (red - toned) * saturation) * darkening)]! + noise)
    this.green = clamp255(table[lutIndex((toned + (green - toned) * saturation) * darkening)]! + noise)
    this.blue = clamp255(table[lutIndex((toned + (blue - toned) * saturation) * darkening)]! + noise)
  }
}

function clamp255(value: number): number {
  return value < 0 ? 0 : value > 255 ? 255 : value
}

/** Index into the tone table for a linear value already multiplied by the table's scale. */
function lutIndex(scaled: number): number {
  if (!(scaled > 0)) return 0
  if (scaled >= TONE_TABLE_SIZE) return TONE_TABLE_SIZE
  return (scaled + 0.5) | 0
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
