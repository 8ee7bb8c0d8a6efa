// The light on each surface, on the label grid: its luminance smoothed within its own mask (normalised box
// filtering, so light never bleeds from one surface into the next and the old surface's fine pattern, grout
// lines, wood grain, printed paper, is averaged away), and the surface's albedo estimate (its median luminance).
// Relative shading = smoothed luminance / albedo estimate: 1 at the surface's typical light, below in its
// shadows, above where it is lit. The redesign multiplies the new material by it.
import { boxBlur } from './box-blur'
import { floodRegion } from './label-regions'
import { SRGB8_TO_LINEAR } from './colour-space'
import { CLASS_COUNT, CLASS_DOOR, CLASS_FLOOR, CLASS_VANITY, CLASS_WALL, CLASS_WALL_TILE } from './surface-classes'

/** Pairs of classes dressed as one surface: the second's albedo is measured against the first's across their border. */
const SHARED_LIGHT: ReadonlyArray<readonly [number, number]> = [[CLASS_WALL, CLASS_WALL_TILE]]

/**
 * Median luminance ratio other / reference over pixel pairs that straddle the two classes' border (3 pixels
 * apart, vertically or horizontally): under the same light, it is the ratio of their albedos. Null when they
 * share too little border.
 */
function borderRatio(luminance: Float32Array, labels: Uint8Array, width: number, height: number, reference: number, other: number): number | null {
  const ratios: number[] = []
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x
      if (labels[pixel] !== other) continue
      for (let side = 0; side < 4; side++) {
        const dx = BORDER_STEPS_X[side]!
        const dy = BORDER_STEPS_Y[side]!
        const xx = x + dx * BORDER_REACH
        const yy = y + dy * BORDER_REACH
        if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue
        const neighbour = yy * width + xx
        if (labels[neighbour] !== reference) continue
        // Both ends must sit on their own class beyond the border pixel (no thin slivers between).
        const ownNext = (y + dy) * width + x + dx
        if (labels[ownNext] !== other && labels[ownNext] !== reference) continue
        ratios.push(luminance[pixel]! / Math.max(1e-4, luminance[neighbour]!))
      }
    }
  }
  if (ratios.length < 12) return null
  return medianOfValues(Float64Array.from(ratios))
}

/** How far apart the two ends of a pair across a border are, and the four directions (up, down, left, right). */
const BORDER_REACH = 3
const BORDER_STEPS_X = Int8Array.of(0, 0, -1, 1)
const BORDER_STEPS_Y = Int8Array.of(-1, 1, 0, 0)

/** The upper median of some numbers (sorted in place: a typed array sorts numerically, without a comparator). */
function medianOfValues(values: Float64Array): number {
  values.sort()
  return values[values.length >> 1]!
}

export type SurfaceShading = {
  width: number
  height: number
  /** Luminance (linear) of each pixel's own shading group, smoothed within the group. */
  smooth: Float32Array
  /** Per class: albedo estimate (median linear luminance over the class). */
  classLuminance: Float32Array
  /**
   * Per pixel: albedo estimate of the pixel's own material. A class is one material unless its pixels fall into two
   * clearly different colours (wood panels above a mint wainscot, both "wall"): then each colour has its own.
   */
  albedo: Float32Array
  /** Per pixel: mean colour (8-bit sRGB units) of the pixel's own label nearby, to snap full-size pixels to labels. */
  labelColour: Float32Array
}

/**
 * groups: per label-grid pixel, the shading group (a class, or a class on one wall plane), any small integers;
 * pixels of one group are smoothed together. Returns the smoothed luminance and the per-class albedo estimate.
 */
export function surfaceShading(rgb: Uint8Array, labels: Uint8Array, groups: Int32Array, width: number, height: number): SurfaceShading {
  const count = width * height
  const luminance = new Float32Array(count)
  for (let pixel = 0; pixel < count; pixel++) {
    const offset = pixel * 3
    luminance[pixel] = 0.2126 * SRGB8_TO_LINEAR[rgb[offset]!]! + 0.7152 * SRGB8_TO_LINEAR[rgb[offset + 1]!]! + 0.0722 * SRGB8_TO_LINEAR[rgb[offset + 2]!]!
  }

  // Albedo estimate per class: the median luminance (a histogram over 1024 bins in lightness-like steps).
  const bins = 1024
  const histogram = new Uint32Array(CLASS_COUNT * bins)
  const totals = new Uint32Array(CLASS_COUNT)
  for (let pixel = 0; pixel < count; pixel++) {
    const label = labels[pixel]!
    histogram[label * bins + Math.min(bins - 1, Math.floor(Math.sqrt(luminance[pixel]!) * bins))]!++
    totals[label]!++
  }
  const classLuminance = new Float32Array(CLASS_COUNT)
  for (let label = 0; label < CLASS_COUNT; label++) {
    const half = totals[label]! / 2
    let seen = 0
    let bin = 0
    for (; bin < bins; bin++) {
      seen += histogram[label * bins + bin]!
      if (seen >= half) break
    }
    const root = (bin + 0.5) / bins
    classLuminance[label] = Math.max(0.004, root * root)
  }

  // Surfaces that meet under the same light (a painted wall above a tiled wainscot) are measured against one
  // another across their border, so the new material, laid over both, shows no step where the old ones met.
  for (const [reference, other] of SHARED_LIGHT) {
    const ratio = borderRatio(luminance, labels, width, height, reference, other)
    if (ratio !== null) classLuminance[other] = classLuminance[reference]! * ratio
  }

  const albedo = new Float32Array(count)
  for (let pixel = 0; pixel < count; pixel++) albedo[pixel] = classLuminance[labels[pixel]!]!
  const material = new Uint8Array(count)
  const stray = new Uint8Array(count)
  for (const label of SPLIT_CLASSES) splitMaterials(rgb, luminance, labels, width, height, label, material, stray, albedo, classLuminance[label]!)
  const grouped = new Int32Array(count)
  for (let pixel = 0; pixel < count; pixel++) grouped[pixel] = groups[pixel]! * 2 + material[pixel]!
  const smooth = smoothWithinGroups(luminance, grouped, stray, width, height, Math.max(2, Math.round(Math.max(width, height) * 0.012)))
  return { width, height, smooth, classLuminance, albedo, labelColour: labelColours(rgb, labels, width, height) }
}

/** Classes whose pixels may hold two materials under one label. */
const SPLIT_CLASSES = [CLASS_WALL, CLASS_WALL_TILE, CLASS_FLOOR, CLASS_VANITY, CLASS_DOOR]
/** Least chromaticity distance between two materials' centres, and least share of the smaller one. */
const MIN_MATERIAL_SEPARATION = 0.035
const MIN_MATERIAL_SHARE = 0.06
/** Least clusterContrast of two materials: below it the class is one material in changing light. */
const MIN_MATERIAL_CONTRAST = 2

/**
 * How far apart two clusters of feature vectors (`dims` numbers a member) are for their spread: along the line
 * through both centres, the distance between the centres over the sum of the clusters' standard deviations. Two
 * materials (a mint wainscot under white paint) make two tight clusters with a gap between them (well above 2); one
 * material under light that changes its colour from one side to the other (a bright window washing a blue wall out)
 * makes a continuous smear, which any split cuts into two halves about 1.3-1.7 apart.
 */
function clusterContrast(features: Float32Array, dims: number, assignment: Uint8Array, centres: Float64Array): number {
  const axis = Array.from({ length: dims }, (_, dim) => centres[dims + dim]! - centres[dim]!)
  const length = Math.hypot(...axis)
  if (length === 0) return 0
  // The centres are the means of the clusters `assignment` holds (2-means ends by recomputing them from it), so each
  // cluster's spread is its root mean square distance from its centre.
  const squares = [0, 0]
  const counts = [0, 0]
  for (let index = 0; index < assignment.length; index++) {
    const cluster = assignment[index]!
    let along = 0
    for (let dim = 0; dim < dims; dim++) along += (features[index * dims + dim]! - centres[cluster * dims + dim]!) * axis[dim]!
    along /= length
    squares[cluster]! += along * along
    counts[cluster]!++
  }
  const spread = (cluster: number) => Math.sqrt(squares[cluster]! / counts[cluster]!)
  return length / Math.max(1e-6, spread(0) + spread(1))
}

/**
 * 2-means over feature vectors (`dims` numbers a member), from the given two starting centres. Returns each member's
 * cluster, the centres (the means of the clusters the assignment holds), or null when a cluster empties.
 */
function twoMeans(features: Float32Array, dims: number, start: Float64Array): { assignment: Uint8Array; centres: Float64Array } | null {
  const count = features.length / dims
  const centres = Float64Array.from(start)
  const assignment = new Uint8Array(count)
  for (let iteration = 0; iteration < 8; iteration++) {
    const sums = new Float64Array(2 * dims)
    const counts = [0, 0]
    for (let index = 0; index < count; index++) {
      let first = 0
      let second = 0
      for (let dim = 0; dim < dims; dim++) {
        const value = features[index * dims + dim]!
        first += (value - centres[dim]!) ** 2
        second += (value - centres[dims + dim]!) ** 2
      }
      const cluster = second < first ? 1 : 0
      assignment[index] = cluster
      for (let dim = 0; dim < dims; dim++) sums[cluster * dims + dim]! += features[index * dims + dim]!
      counts[cluster]!++
    }
    for (let cluster = 0; cluster < 2; cluster++) {
      if (counts[cluster]! === 0) return null
      for (let dim = 0; dim < dims; dim++) centres[cluster * dims + dim] = sums[cluster * dims + dim]! / counts[cluster]!
    }
  }
  return { assignment, centres }
}

/** Whether a 2-means split is two materials: its smaller part big enough, its centres far enough apart and clearly separate. */
function isTwoMaterials(features: Float32Array, dims: number, split: { assignment: Uint8Array; centres: Float64Array }, minSeparation: number): boolean {
  const { assignment, centres } = split
  let secondCount = 0
  for (let index = 0; index < assignment.length; index++) secondCount += assignment[index]!
  const smaller = Math.min(secondCount, assignment.length - secondCount) / assignment.length
  const separation = Math.hypot(...Array.from({ length: dims }, (_, dim) => centres[dims + dim]! - centres[dim]!))
  return separation >= minSeparation && smaller >= MIN_MATERIAL_SHARE && clusterContrast(features, dims, assignment, centres) >= MIN_MATERIAL_CONTRAST
}

/**
 * Splits a class into two materials, each with its own median luminance as its albedo. First by chromaticity
 * (2-means on r/(r+g+b), g/(r+g+b): a change of light keeps a surface's chromaticity, a change of material usually
 * does not). Where that finds one material, by lightness (2-means on log luminance): navy tiles beside white ones are
 * near-neutral both, but a room's light does not make one surface a gap of LUMINANCE_SPLIT_STOPS between two tight
 * clusters. Either split is kept only where the two are far enough apart, both big enough and clearly separate
 * (clusterContrast). Marks the second material's pixels in `material` and writes both albedos into `albedo`.
 */
function splitMaterials(rgb: Uint8Array, luminance: Float32Array, labels: Uint8Array, width: number, height: number, label: number, material: Uint8Array, stray: Uint8Array, albedo: Float32Array, classAlbedo: number): void {
  let memberCount = 0
  for (let pixel = 0; pixel < labels.length; pixel++) if (labels[pixel] === label) memberCount++
  if (memberCount < 200) return
  const members = new Int32Array(memberCount)
  for (let pixel = 0, index = 0; pixel < labels.length; pixel++) if (labels[pixel] === label) members[index++] = pixel
  const chroma = new Float32Array(members.length * 2)
  members.forEach((pixel, index) => {
    const sum = rgb[pixel * 3]! + rgb[pixel * 3 + 1]! + rgb[pixel * 3 + 2]! + 30
    chroma[index * 2] = (rgb[pixel * 3]! + 10) / sum
    chroma[index * 2 + 1] = (rgb[pixel * 3 + 1]! + 10) / sum
  })
  let meanR = 0
  let meanG = 0
  for (let index = 0; index < members.length; index++) {
    meanR += chroma[index * 2]!
    meanG += chroma[index * 2 + 1]!
  }
  meanR /= members.length
  meanG /= members.length
  // Start from the mean and the member farthest from it.
  let far = 0
  let farDistance = -1
  for (let index = 0; index < members.length; index++) {
    const distance = (chroma[index * 2]! - meanR) ** 2 + (chroma[index * 2 + 1]! - meanG) ** 2
    if (distance > farDistance) {
      farDistance = distance
      far = index
    }
  }
  let split = twoMeans(chroma, 2, Float64Array.of(meanR, meanG, chroma[far * 2]!, chroma[far * 2 + 1]!))
  if (!split || !isTwoMaterials(chroma, 2, split, MIN_MATERIAL_SEPARATION)) {
    // In stops (log2), from the quartiles.
    const stops = new Float32Array(members.length)
    for (let index = 0; index < members.length; index++) stops[index] = Math.log2(Math.max(1e-4, luminance[members[index]!]!))
    const sorted = stops.slice().sort()
    split = twoMeans(stops, 1, Float64Array.of(sorted[members.length >> 2]!, sorted[(3 * members.length) >> 2]!))
    if (!split || !isTwoMaterials(stops, 1, split, LUMINANCE_SPLIT_STOPS)) return
  }
  const marked = materialRegions(members, split.assignment, width, height, stray)
  for (const pixel of members) material[pixel] = marked[pixel]!
  const medianOf = (which: number) => {
    const values = new Float64Array(members.length)
    let count = 0
    for (const pixel of members) if (marked[pixel] === which) values[count++] = luminance[pixel]!
    return Math.max(0.004, count > 0 ? medianOfValues(values.subarray(0, count)) : classAlbedo)
  }
  const first = medianOf(0)
  // Each material by its own median: two materials under one label often meet at a corner, in different light.
  const second = medianOf(1)
  for (const pixel of members) albedo[pixel] = marked[pixel] === 1 ? second : first
}

/**
 * A material is a stretch of surface, not a scatter of pixels: each member of the class takes the material most of
 * the class's pixels around it have (a window MATERIAL_REGION_RADIUS each way), so the old grout between navy tiles,
 * as pale as the white tiles beside them, stays part of the navy wall. Such a pixel, the other material's colour
 * inside this one's stretch, is pattern, not light: it is marked in `stray`, and the light is found without it.
 * Returns per pixel the material (0 for the larger, 1 for the other) and 255 off the class.
 */
function materialRegions(members: Int32Array, assignment: Uint8Array, width: number, height: number, stray: Uint8Array): Uint8Array {
  let secondCount = 0
  for (let index = 0; index < members.length; index++) secondCount += assignment[index]!
  // The larger material keeps index 0.
  const flip = secondCount > members.length / 2 ? 1 : 0
  const inClass = new Float32Array(width * height)
  const second = new Float32Array(width * height)
  members.forEach((pixel, index) => {
    inClass[pixel] = 1
    second[pixel] = assignment[index]! ^ flip
  })
  const radius = Math.max(2, Math.round(MATERIAL_REGION_RADIUS * Math.max(width, height)))
  boxBlur(inClass, width, height, radius)
  boxBlur(second, width, height, radius)
  const marked = new Uint8Array(width * height).fill(255)
  for (const pixel of members) marked[pixel] = second[pixel]! > 0.5 * inClass[pixel]! ? 1 : 0
  // A stretch of a material smaller than MIN_MATERIAL_REGION of the class (grout dense where the light catches the
  // tiles) is part of the material around it.
  const seen = new Uint8Array(width * height)
  const region = new Int32Array(members.length)
  for (const start of members) {
    if (seen[start]) continue
    const count = floodRegion(marked, width, start, seen, region)
    if (count >= MIN_MATERIAL_REGION * members.length) continue
    const other = marked[start]! ^ 1
    for (let index = 0; index < count; index++) marked[region[index]!] = other
  }
  members.forEach((pixel, index) => {
    if (marked[pixel] !== (assignment[index]! ^ flip)) stray[pixel] = 1
  })
  return marked
}

/** Half the side of the window `materialRegions` takes a pixel's material from, as a share of the grid's long side. */
const MATERIAL_REGION_RADIUS = 0.005
/** A stretch of one material covering less than this share of its class is part of the other. */
const MIN_MATERIAL_REGION = 0.01

/**
 * Least gap between two lightness clusters, in stops (factors of 2), for them to be two materials: light across one
 * surface of a room (a window beside it, a shaded corner) spreads it smoothly over a stop or two; 2.5 stops is 5.7×.
 */
const LUMINANCE_SPLIT_STOPS = 2.5

/**
 * Rounds of re-weighting after the plain smoothing. Light changes slowly and moves every pixel of a neighbourhood
 * together; a pattern (purple hexagons on a white floor, dark veins in marble) is a minority of pixels far from the
 * rest. Weighed down, it no longer leaves blotches of its density in the light the new material is multiplied by.
 */
const ROBUST_ROUNDS = 2
/** Log ratio to the neighbourhood's light at which a pixel counts half. */
const ROBUST_SCALE = 0.3

function robustWeight(value: number, light: number): number {
  const ratio = Math.log(Math.max(1e-5, value) / Math.max(1e-5, light)) / ROBUST_SCALE
  return 1 / (1 + ratio * ratio)
}

/**
 * Normalised box smoothing (two passes) within each group's pixels, over each group's bounding box, then
 * ROBUST_ROUNDS of the same with each pixel weighed by how near it is to the light the last round found.
 */
function smoothWithinGroups(values: Float32Array, groups: Int32Array, stray: Uint8Array, width: number, height: number, radius: number): Float32Array {
  const result = new Float32Array(values.length)
  const boxes = new Map<number, { left: number; right: number; top: number; bottom: number }>()
  for (let pixel = 0; pixel < groups.length; pixel++) {
    const group = groups[pixel]!
    const x = pixel % width
    const y = (pixel - x) / width
    const box = boxes.get(group)
    if (!box) boxes.set(group, { left: x, right: x, top: y, bottom: y })
    else {
      if (x < box.left) box.left = x
      if (x > box.right) box.right = x
      if (y < box.top) box.top = y
      if (y > box.bottom) box.bottom = y
    }
  }
  for (const [group, box] of boxes) {
    const left = Math.max(0, box.left - radius)
    const top = Math.max(0, box.top - radius)
    const boxWidth = Math.min(width - 1, box.right + radius) - left + 1
    const boxHeight = Math.min(height - 1, box.bottom + radius) - top + 1
    const sums = new Float32Array(boxWidth * boxHeight)
    const weights = new Float32Array(boxWidth * boxHeight)
    for (let round = 0; round <= ROBUST_ROUNDS; round++) {
      for (let y = 0; y < boxHeight; y++) {
        const row = (top + y) * width + left
        for (let x = 0; x < boxWidth; x++) {
          const cell = y * boxWidth + x
          if (groups[row + x] !== group) {
            sums[cell] = 0
            weights[cell] = 0
            continue
          }
          const value = values[row + x]!
          // First round: every pixel counts the same. Then a pixel far from the light its neighbourhood had counts
          // less (a Cauchy weight on the log ratio), so a dark pattern on a pale floor does not shade it.
          const weight = stray[row + x] ? 0 : round === 0 ? 1 : robustWeight(value, result[row + x]!)
          sums[cell] = value * weight
          weights[cell] = weight
        }
      }
      for (let pass = 0; pass < 2; pass++) {
        boxBlur(sums, boxWidth, boxHeight, radius)
        boxBlur(weights, boxWidth, boxHeight, radius)
      }
      for (let y = 0; y < boxHeight; y++) {
        const row = (top + y) * width + left
        for (let x = 0; x < boxWidth; x++) {
          if (groups[row + x] !== group) continue
          const weight = weights[y * boxWidth + x]!
          result[row + x] = weight > 1e-6 ? sums[y * boxWidth + x]! / weight : values[row + x]!
        }
      }
    }
  }
  return result
}

/** Mean colour of each pixel's own label over its 5 × 5 neighbourhood. */
function labelColours(rgb: Uint8Array, labels: Uint8Array, width: number, height: number): Float32Array {
  const result = new Float32Array(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x
      const label = labels[pixel]
      let red = 0
      let green = 0
      let blue = 0
      let count = 0
      for (let dy = -2; dy <= 2; dy++) {
        const yy = y + dy
        if (yy < 0 || yy >= height) continue
        for (let dx = -2; dx <= 2; dx++) {
          const xx = x + dx
          if (xx < 0 || xx >= width) continue
          const other = yy * width + xx
          if (labels[other] !== label) continue
          red += rgb[other * 3]!
          green += rgb[other * 3 + 1]!
          blue += rgb[other * 3 + 2]!
          count++
        }
      }
      result[pixel * 3] = red / count
      result[pixel * 3 + 1] = green / count
      result[pixel * 3 + 2] = blue / count
    }
  }
  return result
}
