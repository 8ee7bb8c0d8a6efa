// Measures for the engine-accuracy bench: how well a redesign's surfaces match labelled ground truth, and
// whether its colour changes stay inside the right surfaces. Label maps are class ids, one byte per pixel
// (src/server/providers/generation/local/label-classes.ts); colours are CIELAB, interleaved (rgbPixelsToLab).
import { CHANGED_SURFACES, KEPT_SURFACES, LABEL, LABEL_CLASS_COUNT } from '../../src/server/providers/generation/local/label-classes'
import { deltaE2000Components } from '../../src/server/providers/generation/local/colour-space'
import { CLASS_GROUP, type ChangeGroup } from '../../src/server/providers/generation/local/surface-classes'

/** ΔE2000 above which a kept pixel (window, mirror, glass, light, plant) counts as repainted. */
export const LEAK_DELTA_E = 10
/** ΔE2000 between a pixel's change and its surface's median change above which the pixel is a patch or blotch. */
export const PATCH_DELTA_E = 15
/** Boundary tolerance in pixels at 512 px on the long side (scaled with the image). */
export const BOUNDARY_TOLERANCE_AT_512 = 2
/** Surfaces smaller than this share of the labelled pixels are too small to judge for patchiness. */
export const MIN_SURFACE_SHARE = 0.005

export type ClassCounts = { intersection: Float64Array; union: Float64Array; truth: Float64Array }

/** Pixels of each true class (row) the prediction took for each class (column), row-major id × LABEL_CLASS_COUNT + id; void in the truth is left out. */
export function classConfusion(truth: Uint8Array, predicted: Uint8Array): Float64Array {
  if (truth.length !== predicted.length) throw new Error(`label maps differ in size: ${truth.length} and ${predicted.length}`)
  const confusion = new Float64Array(LABEL_CLASS_COUNT * LABEL_CLASS_COUNT)
  for (let pixel = 0; pixel < truth.length; pixel++) {
    const t = truth[pixel]!
    if (t !== LABEL.void) confusion[t * LABEL_CLASS_COUNT + predicted[pixel]!]!++
  }
  return confusion
}

/** Per-class intersection and union from a confusion matrix (classConfusion). */
function countsOfConfusion(confusion: Float64Array): ClassCounts {
  const intersection = new Float64Array(LABEL_CLASS_COUNT)
  const truthCount = new Float64Array(LABEL_CLASS_COUNT)
  const predictedCount = new Float64Array(LABEL_CLASS_COUNT)
  for (let t = 0; t < LABEL_CLASS_COUNT; t++) {
    intersection[t] = confusion[t * LABEL_CLASS_COUNT + t]!
    for (let p = 0; p < LABEL_CLASS_COUNT; p++) {
      truthCount[t]! += confusion[t * LABEL_CLASS_COUNT + p]!
      predictedCount[p]! += confusion[t * LABEL_CLASS_COUNT + p]!
    }
  }
  const union = truthCount.map((count, id) => count + predictedCount[id]! - intersection[id]!)
  return { intersection, union, truth: truthCount }
}

/** Per-class intersection and union of a prediction with the truth, over the pixels the truth labels (void is ignored). */
export function classCounts(truth: Uint8Array, predicted: Uint8Array): ClassCounts {
  return countsOfConfusion(classConfusion(truth, predicted))
}

/** IoU per class id; NaN where neither the truth nor the prediction has the class. */
export function classIoU(counts: ClassCounts): number[] {
  return Array.from(counts.union, (union, id) => (union === 0 ? Number.NaN : counts.intersection[id]! / union))
}

/**
 * Mean IoU over the surfaces a redesign changes that the scene's truth contains; NaN when it has none of them. With
 * `minShare`, a surface counts only when it covers at least that share of the labelled pixels (the bench's target
 * counts every surface with a pixel; a sliver of floor at the picture's foot then weighs as much as the walls).
 */
export function changedSurfaceIoU(counts: ClassCounts, minShare = 0): number {
  const ious = classIoU(counts)
  const labelled = counts.truth.reduce((sum, value) => sum + value, 0)
  const present = CHANGED_SURFACES.filter((id) => counts.truth[id]! > 0 && counts.truth[id]! >= minShare * labelled)
  if (present.length === 0) return Number.NaN
  return present.reduce<number>((sum, id) => sum + ious[id]!, 0) / present.length
}

export type ConfusionGains = {
  /** Pixels of true class a (row) the engine took for class b (column), row-major a × LABEL_CLASS_COUNT + b; void left out. */
  confusion: Float64Array
  /**
   * What each confusion costs the scene: for every pair a ≠ b, how much its mean IoU over the changed surfaces
   * (changedSurfaceIoU) would rise if the pixels of a taken for b were given a, the rest unchanged. Same layout;
   * 0 on the diagonal and for pairs that do not occur; all NaN when the scene has no changed surface.
   */
  gains: Float64Array
}

/** The confusion matrix of a prediction against the truth, and what mending each confusion alone would be worth. */
export function confusionGains(truth: Uint8Array, predicted: Uint8Array): ConfusionGains {
  const classes = LABEL_CLASS_COUNT
  const confusion = classConfusion(truth, predicted)
  const counts = countsOfConfusion(confusion)
  const base = changedSurfaceIoU(counts)
  const gains = new Float64Array(classes * classes).fill(Number.isNaN(base) ? Number.NaN : 0)
  if (Number.isNaN(base)) return { confusion, gains }
  for (let a = 0; a < classes; a++) {
    for (let b = 0; b < classes; b++) {
      const moved = confusion[a * classes + b]!
      if (a === b || moved === 0) continue
      // Given back to a, those pixels join a's intersection (a's union stays: they were in it as truth) and leave b's union.
      const intersection = counts.intersection.slice()
      const union = counts.union.slice()
      intersection[a]! += moved
      union[b]! -= moved
      gains[a * classes + b] = changedSurfaceIoU({ intersection, union, truth: counts.truth }) - base
    }
  }
  return { confusion, gains }
}

/** Pixels on a border between two labels (a right or lower neighbour differs). */
export function boundaryPixels(labels: Uint8Array, width: number, height: number): Uint8Array {
  const edge = new Uint8Array(labels.length)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x
      const label = labels[pixel]!
      if ((x + 1 < width && labels[pixel + 1] !== label) || (y + 1 < height && labels[pixel + width] !== label)) {
        edge[pixel] = 1
        if (x + 1 < width && labels[pixel + 1] !== label) edge[pixel + 1] = 1
        if (y + 1 < height && labels[pixel + width] !== label) edge[pixel + width] = 1
      }
    }
  }
  return edge
}

/** Marks every pixel within `radius` (Euclidean) of a marked pixel. */
function dilate(mask: Uint8Array, width: number, height: number, radius: number): Uint8Array {
  const out = new Uint8Array(mask.length)
  const r = Math.ceil(radius)
  const offsets: Array<[number, number]> = []
  for (let dy = -r; dy <= r; dy++) for (let dx = -r; dx <= r; dx++) if (dx * dx + dy * dy <= radius * radius + 1e-9) offsets.push([dx, dy])
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (!mask[y * width + x]) continue
      for (const [dx, dy] of offsets) {
        const nx = x + dx
        const ny = y + dy
        if (nx >= 0 && nx < width && ny >= 0 && ny < height) out[ny * width + nx] = 1
      }
    }
  }
  return out
}

export type BoundaryScore = { precision: number; recall: number; f: number }

/**
 * Boundary F-score: precision is the share of predicted border pixels within the tolerance of a true border,
 * recall the share of true border pixels within the tolerance of a predicted one. The tolerance is
 * BOUNDARY_TOLERANCE_AT_512 px at 512 px on the long side, scaled with the image.
 */
export function boundaryF(truth: Uint8Array, predicted: Uint8Array, width: number, height: number): BoundaryScore {
  const tolerance = (BOUNDARY_TOLERANCE_AT_512 * Math.max(width, height)) / 512
  const trueEdges = boundaryPixels(truth, width, height)
  const predictedEdges = boundaryPixels(predicted, width, height)
  const nearTrue = dilate(trueEdges, width, height, tolerance)
  const nearPredicted = dilate(predictedEdges, width, height, tolerance)
  let predictedTotal = 0
  let predictedHit = 0
  let trueTotal = 0
  let trueHit = 0
  for (let pixel = 0; pixel < truth.length; pixel++) {
    if (predictedEdges[pixel]) {
      predictedTotal++
      if (nearTrue[pixel]) predictedHit++
    }
    if (trueEdges[pixel]) {
      trueTotal++
      if (nearPredicted[pixel]) trueHit++
    }
  }
  if (trueTotal === 0 && predictedTotal === 0) return { precision: 1, recall: 1, f: 1 }
  const precision = predictedTotal === 0 ? 0 : predictedHit / predictedTotal
  const recall = trueTotal === 0 ? 0 : trueHit / trueTotal
  const f = precision + recall === 0 ? 0 : (2 * precision * recall) / (precision + recall)
  return { precision, recall, f }
}

/** Rows [0, rows) are measured; the rest (the caption band the engine draws) is left out of colour measures. */
export type ColourMeasureOptions = { rows?: number }

function measuredPixels(width: number, height: number, options: ColourMeasureOptions): number {
  return width * Math.min(height, options.rows ?? height)
}

/**
 * Leak: the share of kept pixels (window, mirror, shower glass, light fixture, plant/prop) whose colour the redesign
 * changed by ΔE2000 > LEAK_DELTA_E. NaN when the scene has none.
 */
export function leakShare(truth: Uint8Array, before: Float32Array, after: Float32Array, width: number, height: number, options: ColourMeasureOptions = {}): number {
  const kept = new Uint8Array(LABEL_CLASS_COUNT)
  for (const id of KEPT_SURFACES) kept[id] = 1
  const count = measuredPixels(width, height, options)
  let total = 0
  let changed = 0
  for (let pixel = 0; pixel < count; pixel++) {
    if (!kept[truth[pixel]!]) continue
    total++
    const o = pixel * 3
    if (deltaE2000Components(before[o]!, before[o + 1]!, before[o + 2]!, after[o]!, after[o + 1]!, after[o + 2]!) > LEAK_DELTA_E) changed++
  }
  return total === 0 ? Number.NaN : changed / total
}

/** Decision 0045: the mean change of the surfaces a person asked to keep is at most this (ΔE2000, averaged). */
export const UNCHOSEN_DELTA_E_TARGET = 2

export type UnchosenChange = {
  /** Mean ΔE2000 between photo and redesign over the pixels whose true class is in a group left unchosen; NaN when none. */
  meanDeltaE: number
  /** Share of those pixels changed by ΔE2000 > LEAK_DELTA_E (visibly repainted). */
  repaintedShare: number
  pixels: number
}

/**
 * What a redesign did to the surfaces it was told to keep: over the pixels whose labelled class belongs to a group
 * left out of `chosen` (surface-classes.ts CLASS_GROUP: the ceiling goes with the walls, doors with the cabinetry,
 * fabrics with the fixtures), the mean ΔE2000 between photo and output, and the share visibly repainted. With
 * `within`, only the kept pixels at most that many pixels from a chosen surface count: the border
 * where a kept surface meets a redrawn one, which is where the new colour could bleed in.
 */
export function unchosenChange(truth: Uint8Array, before: Float32Array, after: Float32Array, width: number, height: number, chosen: readonly ChangeGroup[], options: ColourMeasureOptions & { within?: number } = {}): UnchosenChange {
  const unchosen = new Uint8Array(LABEL_CLASS_COUNT)
  const isChosen = new Uint8Array(LABEL_CLASS_COUNT)
  for (let id = 0; id < LABEL_CLASS_COUNT; id++) {
    const group = CLASS_GROUP[id]
    if (group && !chosen.includes(group)) unchosen[id] = 1
    if (group && chosen.includes(group)) isChosen[id] = 1
  }
  const count = measuredPixels(width, height, options)
  const near = options.within === undefined ? null : dilate(truth.subarray(0, count).map((label) => isChosen[label]!), width, count / width, options.within)
  let total = 0
  let sum = 0
  let repainted = 0
  for (let pixel = 0; pixel < count; pixel++) {
    if (!unchosen[truth[pixel]!] || (near && !near[pixel])) continue
    total++
    const o = pixel * 3
    const delta = deltaE2000Components(before[o]!, before[o + 1]!, before[o + 2]!, after[o]!, after[o + 1]!, after[o + 2]!)
    sum += delta
    if (delta > LEAK_DELTA_E) repainted++
  }
  return { meanDeltaE: total === 0 ? Number.NaN : sum / total, repaintedShare: total === 0 ? Number.NaN : repainted / total, pixels: total }
}

function median(values: Float32Array, length: number): number {
  const sorted = values.slice(0, length).sort()
  if (length === 0) return 0
  const middle = length >> 1
  return length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

export type Patchiness = {
  /** Deviating pixels over all judged surfaces' pixels. */
  share: number
  /** Per class id judged: its own share. */
  bySurface: Map<number, number>
}

/**
 * Patchiness: for each labelled surface (a non-void class covering at least MIN_SURFACE_SHARE of the labelled
 * pixels), its median change (ΔL*, Δa*, Δb*) is what a consistent redesign does to it; a pixel whose output differs
 * by ΔE2000 > PATCH_DELTA_E from "its input plus that median change" is a torn patch or a blotch of the old colour.
 */
export function patchiness(truth: Uint8Array, before: Float32Array, after: Float32Array, width: number, height: number, options: ColourMeasureOptions = {}): Patchiness {
  const count = measuredPixels(width, height, options)
  const pixelsOf = new Map<number, number[]>()
  let labelled = 0
  for (let pixel = 0; pixel < count; pixel++) {
    const id = truth[pixel]!
    if (id === LABEL.void) continue
    labelled++
    let list = pixelsOf.get(id)
    if (!list) pixelsOf.set(id, (list = []))
    list.push(pixel)
  }
  const bySurface = new Map<number, number>()
  let judged = 0
  let deviating = 0
  for (const [id, pixels] of pixelsOf) {
    if (pixels.length < MIN_SURFACE_SHARE * labelled || pixels.length < 16) continue
    const deltas = [new Float32Array(pixels.length), new Float32Array(pixels.length), new Float32Array(pixels.length)]
    pixels.forEach((pixel, index) => {
      for (let channel = 0; channel < 3; channel++) deltas[channel]![index] = after[pixel * 3 + channel]! - before[pixel * 3 + channel]!
    })
    const medianDelta = deltas.map((values) => median(values, pixels.length))
    let off = 0
    for (const pixel of pixels) {
      const o = pixel * 3
      const expected = [before[o]! + medianDelta[0]!, before[o + 1]! + medianDelta[1]!, before[o + 2]! + medianDelta[2]!]
      if (deltaE2000Components(expected[0]!, expected[1]!, expected[2]!, after[o]!, after[o + 1]!, after[o + 2]!) > PATCH_DELTA_E) off++
    }
    bySurface.set(id, off / pixels.length)
    judged += pixels.length
    deviating += off
  }
  return { share: judged === 0 ? 0 : deviating / judged, bySurface }
}

/** Nearest-neighbour resize of a label map (the engine works on a copy of at most 512 px). */
export function resizeLabels(labels: Uint8Array, width: number, height: number, toWidth: number, toHeight: number): Uint8Array {
  if (width === toWidth && height === toHeight) return labels
  const out = new Uint8Array(toWidth * toHeight)
  for (let y = 0; y < toHeight; y++) {
    const sy = Math.min(height - 1, Math.floor(((y + 0.5) * height) / toHeight))
    for (let x = 0; x < toWidth; x++) {
      const sx = Math.min(width - 1, Math.floor(((x + 0.5) * width) / toWidth))
      out[y * toWidth + x] = labels[sy * width + sx]!
    }
  }
  return out
}

/** A vertical plane as the engine's geometry gives it: its unit normal in camera coordinates (x right, y down, z forward). */
export type WallNormal = readonly [number, number, number]

/** The plan angle of a vertical plane's normal, degrees: 0 for a wall square to the camera's view, positive turned right. */
export function wallPlanAngle(normal: WallNormal): number {
  // The same wall whichever way its normal points: turn it to face away from the camera.
  const facing = normal[2] < 0 ? -1 : 1
  return (Math.atan2(facing * normal[0], Math.hypot(normal[1], normal[2])) * 180) / Math.PI
}

/**
 * How far the engine turned the walls from the room's own (decision 0084): the labelled renders are box rooms, so
 * every wall runs at the camera's yaw or square to it. Over the pixels `wallOf` puts on a wall (its index into
 * `normals`, or -1 for none), the mean angle in degrees between that wall's plan angle and the nearest of the room's
 * directions (0 to 45). NaN when no pixel is on a wall.
 */
export function wallOrientationError(wallOf: Int32Array, normals: readonly WallNormal[], yawDegrees: number): number {
  const errors = normals.map((normal) => {
    const turned = (((wallPlanAngle(normal) - yawDegrees) % 90) + 90) % 90
    return Math.min(turned, 90 - turned)
  })
  let sum = 0
  let count = 0
  for (const wall of wallOf) {
    if (wall < 0) continue
    sum += errors[wall]!
    count++
  }
  return count === 0 ? Number.NaN : sum / count
}
