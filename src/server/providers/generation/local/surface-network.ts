// Finds the room's surfaces with the segmentation network (scripts/segmentation/: a small U-Net trained on the
// render pipeline's labelled bathrooms, exported to ONNX): class probabilities at the network's size, upsampled
// to the analysis copy and glued to the photo's own edges with a guided filter, then the likeliest class a pixel.
// The ONNX session is loaded once per process and shared; inference runs on the CPU (onnxruntime-node).
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { availableParallelism } from 'node:os'
import type { InferenceSession } from 'onnxruntime-node'
import { boxBlur } from './box-blur'
import { greyPixels, rgbPixelsToLab } from './colour-space'
import { computeSuperpixels } from './superpixels'
import { KEPT_KINDS, LABEL, LABEL_CLASS_COUNT, WALL_KINDS } from './label-classes'
import { estimateRoomGeometry } from './room-geometry'
import { alignTileLine } from './tile-line'
import { floodRegion, mostBorderingLabel } from './label-regions'
import { dropPanesWithoutEdges, glassBetweenPosts, growKeptToEdges, paneSideEdgeShares, settleGlass, snapBordersToEdges, squareDoors } from './label-shapes'

/**
 * Long side of the picture the network sees when its surfaces.json does not say (`inference.longSide`, chosen at
 * training so that rooms appear at the scale the network learnt them); the short side follows the photo's aspect,
 * in steps of 16.
 */
export const NETWORK_LONG_SIDE = 320
/**
 * Guided filter window radius (analysis pixels) and regularisation (on 0..1 intensities). A 5 × 5 window that follows
 * faint edges (decision 0066): measured against 3 and 2e-3 on the development set and a fresh seed, boundary F rose by
 * 0.01 on both and mean IoU held.
 */
const GUIDE_RADIUS = 2
const GUIDE_EPSILON = 2e-4

const MODEL_FILE = 'surfaces.onnx'
const MODEL_META_FILE = 'surfaces.json'
/** The surface refiner (scripts/segmentation/refine.py, decision 0078): optional, beside the surface model. */
const REFINER_FILE = 'surface-refiner.onnx'

/** Where the weights are: beside the bundled server (dist/server/model) or beside this file in the source tree. */
const MODEL_FOLDERS = [path.join(import.meta.dirname, 'model')]

function modelFile(file: string): string | undefined {
  return MODEL_FOLDERS.map((folder) => path.join(folder, file)).find((candidate) => existsSync(candidate))
}

export function hasSurfaceModel(): boolean {
  return modelFile(MODEL_FILE) !== undefined
}

export function surfaceModelPath(): string {
  const found = modelFile(MODEL_FILE)
  if (!found) throw new Error(`The surface model is missing (looked in ${MODEL_FOLDERS.join(', ')})`)
  return found
}

/** An ONNX session for a model file, created once and shared; a failed load is tried again on the next call. */
function sharedSession(file: () => string): () => Promise<InferenceSession> {
  let session: Promise<InferenceSession> | null = null
  return () => {
    session ??= (async () => {
      const ort = await import('onnxruntime-node')
      return ort.InferenceSession.create(file(), {
        intraOpNumThreads: Math.max(1, Math.min(4, availableParallelism())),
        interOpNumThreads: 1,
        graphOptimizationLevel: 'all',
        executionMode: 'sequential',
        // Neither an arena nor per-shape memory plans: each photo's aspect gives the network another input size, and
        // both would keep that run's activations (tens of MB) reserved beside the engine's own buffers. Without them
        // peak RSS on a 4 MP photo is 460-470 MB instead of 503-525 MB (issue 15 §5: ≤ 500 MB), for ~5% more time.
        enableCpuMemArena: false,
        enableMemPattern: false,
      })
    })()
    session.catch(() => {
      session = null
    })
    return session
  }
}

/** The surface network's shared session, created on first use (about 0.1 s). */
export const surfaceSession = sharedSession(surfaceModelPath)

/** Whether the surface refiner's weights are there (surfaces are found without it when they are not). */
export function hasSurfaceRefiner(): boolean {
  return modelFile(REFINER_FILE) !== undefined
}

/** The surface refiner's shared session. */
export const refinerSession = sharedSession(() => modelFile(REFINER_FILE) ?? path.join(MODEL_FOLDERS[0]!, REFINER_FILE))

export type SurfaceLabels = {
  width: number
  height: number
  /** Label class of every pixel (label-classes.ts). */
  labels: Uint8Array
}

/** Labels as refineLabels finds them, with how sure it was of wall tile against painted wall (tile-line.ts). */
export type RefinedLabels = SurfaceLabels & {
  /** Per pixel, the tile's share of the wall and wall-tile scores (0 sure paint, 1 sure tile, 0.5 for neither). */
  tileShare: Float32Array
}

let longSides: number[] | null = null

function isLongSide(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 64 && value <= 1024 && value % 16 === 0
}

/**
 * The long sides the committed model is shown the photo at (its surfaces.json: `inference.longSide`, then any other
 * `inference.views`), else NETWORK_LONG_SIDE alone. The first sets the grid the answers are averaged on.
 */
export function networkLongSides(): readonly number[] {
  if (longSides !== null) return longSides
  longSides = [NETWORK_LONG_SIDE]
  const meta = path.join(path.dirname(surfaceModelPath()), MODEL_META_FILE)
  if (existsSync(meta)) {
    const inference = (JSON.parse(readFileSync(meta, 'utf8')) as { inference?: { longSide?: unknown; views?: unknown } }).inference
    const first = isLongSide(inference?.longSide) ? inference.longSide : NETWORK_LONG_SIDE
    const others = Array.isArray(inference?.views) ? inference.views.filter(isLongSide).filter((side) => side !== first) : []
    longSides = [first, ...new Set(others)]
  }
  return longSides
}

/** The network's input size for a photo of this aspect: long side `long` (multiple of 16), both sides multiples of 16. */
export function networkSize(width: number, height: number, long: number = NETWORK_LONG_SIDE): { width: number; height: number } {
  const scale = long / Math.max(width, height)
  const round16 = (value: number) => Math.max(16, Math.round((value * scale) / 16) * 16)
  return { width: round16(width), height: round16(height) }
}

/** The photo resized for the network: interleaved 8-bit RGB at networkSize() of one of networkLongSides(). */
export type NetworkView = { rgb: Uint8Array; width: number; height: number }

/** A view as the networks take it: three planes of 0..1 values (NCHW). */
function planarImage({ rgb, width, height }: NetworkView): Float32Array {
  const plane = width * height
  const input = new Float32Array(plane * 3)
  for (let index = 0; index < plane; index++) {
    input[index] = rgb[index * 3]! / 255
    input[plane + index] = rgb[index * 3 + 1]! / 255
    input[plane * 2 + index] = rgb[index * 3 + 2]! / 255
  }
  return input
}

/** Class probabilities of one view of the photo: the view's and its mirror image's (mirrored back), averaged. */
async function viewProbabilities(view: NetworkView): Promise<Float32Array> {
  const ort = await import('onnxruntime-node')
  const model = await surfaceSession()
  const { width: networkWidth, height: networkHeight } = view
  const plane = networkWidth * networkHeight
  const input = planarImage(view)
  const outputs = await model.run({ image: new ort.Tensor('float32', input, [1, 3, networkHeight, networkWidth]) })
  const logits = outputs.logits!.data as Float32Array
  // The room seen in a mirror is still a room: the mirrored picture's answer, mirrored back, is averaged in.
  const mirrored = await model.run({ image: new ort.Tensor('float32', mirrorPlanes(input, networkWidth), [1, 3, networkHeight, networkWidth]) })
  const back = mirrorPlanes(mirrored.logits!.data as Float32Array, networkWidth)
  for (let index = 0; index < logits.length; index++) logits[index] = (logits[index]! + back[index]!) / 2
  return softmaxPlanes(logits, LABEL_CLASS_COUNT, plane)
}

/**
 * The network's class probabilities for the photo, on the first view's grid (class-major planes): every view's,
 * mirrored and not, averaged. Void is 0: the network is never asked for it; every pixel of a photo shows something.
 */
export async function averagedProbabilities(views: readonly NetworkView[]): Promise<Float32Array> {
  const { width: networkWidth, height: networkHeight } = views[0]!
  const plane = networkWidth * networkHeight
  const probabilities = await viewProbabilities(views[0]!)
  const resampled = new Float32Array(plane)
  for (const view of views.slice(1)) {
    const other = await viewProbabilities(view)
    for (let c = 0; c < LABEL_CLASS_COUNT; c++) {
      resamplePlane(other, c * view.width * view.height, view.width, view.height, resampled, networkWidth, networkHeight)
      for (let index = 0; index < plane; index++) probabilities[c * plane + index]! += resampled[index]!
    }
  }
  if (views.length > 1) for (let index = 0; index < probabilities.length; index++) probabilities[index]! /= views.length
  probabilities.fill(0, 0, plane)
  return probabilities
}

/**
 * The surface network's answer read again as a whole by the surface refiner (scripts/segmentation/refine.py, decision
 * 0078), when its weights are there: the same planes on the same grid (`view` is the first view, whose grid they
 * are on), each class's probability moved where the rest of the room says the network was wrong, except that what
 * the network saw of a thing a redesign keeps stays at least as likely (holdKeptClasses). Without the refiner's
 * weights the answer is returned as it was.
 */
export async function refineProbabilities(probabilities: Float32Array, view: NetworkView): Promise<Float32Array> {
  if (!hasSurfaceRefiner()) return probabilities
  const ort = await import('onnxruntime-node')
  const model = await refinerSession()
  const { width, height } = view
  const outputs = await model.run({
    probabilities: new ort.Tensor('float32', probabilities, [1, LABEL_CLASS_COUNT, height, width]),
    image: new ort.Tensor('float32', planarImage(view), [1, 3, height, width]),
  })
  const refined = outputs.refined!.data as Float32Array
  holdKeptClasses(refined, probabilities, width * height)
  return refined
}

/**
 * A window, mirror, shower glass, light or prop the network saw keeps at least the probability it gave it (then
 * every pixel's classes are scaled to sum to one again, void at 0): the refiner judges at a coarser grain, and a
 * light it folds into the ceiling or a mirror's edge it rounds off would be repainted (decision 0078: leak).
 */
export function holdKeptClasses(refined: Float32Array, network: Float32Array, plane: number): void {
  refined.fill(0, 0, plane)
  for (let pixel = 0; pixel < plane; pixel++) {
    let sum = 0
    for (let c = 1; c < LABEL_CLASS_COUNT; c++) {
      const at = c * plane + pixel
      if (KEPT_KINDS.has(c) && network[at]! > refined[at]!) refined[at] = network[at]!
      sum += refined[at]!
    }
    if (sum > 0) for (let c = 1; c < LABEL_CLASS_COUNT; c++) refined[c * plane + pixel]! /= sum
  }
}

/**
 * Labels an analysis copy (interleaved 8-bit RGB). `views` are the same photo already resized for the network at
 * each of networkLongSides() (sharp does that better and faster than JavaScript): the network's class probabilities
 * for each, mirrored and not, are averaged on the first view's grid, so a surface it reads one way at one scale and
 * another way at the next gets the answer most views give (decision 0053 has the sizes tried and their figures),
 * and the surface refiner reads that answer as a whole (refineProbabilities). `favoured` weighs some classes' probabilities before the likeliest is taken (class id →
 * factor; favourClasses): a pixel the network is unsure about goes to them.
 */
export async function predictSurfaces(views: readonly NetworkView[], analysisRgb: Uint8Array, width: number, height: number, favoured: ReadonlyMap<number, number> = new Map()): Promise<SurfaceLabels> {
  const { width: networkWidth, height: networkHeight } = views[0]!
  const plane = networkWidth * networkHeight
  const probabilities = await refineProbabilities(await averagedProbabilities(views), views[0]!)
  favourClasses(probabilities, plane, favoured)
  shiftTowardsTile(probabilities, plane, TILE_CALIBRATION)
  const refined = refineLabels(probabilities, networkWidth, networkHeight, analysisRgb, width, height)
  splitWallsAtSceneThreshold(refined.labels, refined.tileShare)
  removeSpeckles(refined.labels, width, height, Math.round(SPECKLE_SHARE * width * height))
  // Painted wall against wall tile is the network's least sure call, and a wrong patch of one inside the other is the
  // most visible mistake a redesign can make (a blotch of tile in a painted wall): a patch of either smaller than
  // WALL_PATCH_SHARE of the picture, bordered mostly by the other, becomes the other.
  removeSpeckles(refined.labels, width, height, Math.round(WALL_PATCH_SHARE * width * height), WALL_KINDS)
  squareDoors(refined.labels, width, height)
  // Shower glass made whole: panes squared, blobs of wall taken for glass given back (label-shapes.ts, decision 0061).
  settleGlass(refined.labels, width, height)
  // A pane the network was nowhere sure of is pale tile it half took for glass: it takes the network's next answer.
  dropDoubtfulGlass(refined.labels, width, height, probabilities, networkWidth, networkHeight, analysisRgb)
  // A clear pane between the two posts of its frame is glass, however sure the network was of the tiles behind it.
  glassBetweenPosts(refined.labels, width, height)
  // A pane whose sides lie on no edge in the photo is dark tile or plain wall taken for glass (decision 0087).
  dropPanesWithoutEdges(refined.labels, width, height, analysisRgb)
  // Then wall tile ends at a level line on each wall, fitted to the answer in the room's perspective (tile-line.ts).
  alignTileLine(refined.labels, width, height, estimateRoomGeometry(refined.labels, width, height, { photo: analysisRgb }), refined.tileShare)
  // Borders between surfaces redrawn differently move onto the photo's own edges (label-shapes.ts, decision 0086).
  snapBordersToEdges(refined.labels, width, height, analysisRgb)
  // Last, what keeps its pixels reaches out to the photo's own edge (label-shapes.ts, decision 0082).
  growKeptToEdges(refined.labels, width, height, analysisRgb)
  return { width, height, labels: refined.labels }
}

/** A pixel of a pane is sure glass where the network gives glass at least this… */
export const SURE_GLASS = 0.85
/** …and a pane keeps its glass when at least this share of its pixels are sure (decision 0079)… */
export const MIN_SURE_GLASS_SHARE = 0.3
/** …or when it covers less than this share of the picture: only a large pane must show a sure core… */
export const DOUBTFUL_PANE_SHARE = 0.2
/**
 * …or when a side of it lies on an edge in the photo in at least this share of its rows (`paneSideEdgeShares`), at
 * least EDGED_PANE_SURE_SHARE of its pixels are sure and it covers at most EDGED_PANE_MAX_SHARE of the picture: a
 * frameless pane's polished edge (decision 0089).
 */
export const EDGED_PANE_EDGE_ROWS = 0.8
export const EDGED_PANE_SURE_SHARE = 0.1
export const EDGED_PANE_MAX_SHARE = 0.5

/**
 * Glass regions of the final labels (analysis size, width × height) that cover at least DOUBTFUL_PANE_SHARE of the
 * picture and of which fewer than MIN_SURE_GLASS_SHARE of the pixels had a glass probability of SURE_GLASS or more
 * (class-major `probabilities` on the network's grid, read at the nearest cell) become, whole, the class the network
 * gave most probability over the region after glass. A pane that fills much of the photo shows the network enough of
 * its glass (tint, edges, reflections) for a core it is sure of; a wall of pale plain tile it half takes for glass
 * is doubtful everywhere. A small pane may be doubtful and real (seen edge-on, or half hidden): it stays. So does a
 * doubtful pane of at most half the picture with a side on an edge of the photo (`rgb`, interleaved 8-bit RGB at the
 * labels' size) in EDGED_PANE_EDGE_ROWS of its rows and EDGED_PANE_SURE_SHARE of it sure: a frameless pane with a
 * streak of reflection across it is doubtful in the streak, but its polished edge is there from top to foot, where
 * pale tile taken for glass has at most a grout line here and there. A wall of tile taken for glass whole may end at
 * the room's corner, an edge from top to foot too; it covers most of the picture (decision 0089). Decision 0079 has
 * the figures. In place.
 */
export function dropDoubtfulGlass(labels: Uint8Array, width: number, height: number, probabilities: Float32Array, gridWidth: number, gridHeight: number, rgb: Uint8Array): void {
  const plane = gridWidth * gridHeight
  const gridOf = (pixel: number) => {
    const x = pixel % width
    const y = (pixel - x) / width
    return Math.min(gridHeight - 1, Math.floor((y * gridHeight) / height)) * gridWidth + Math.min(gridWidth - 1, Math.floor((x * gridWidth) / width))
  }
  const seen = new Uint8Array(labels.length)
  const members = new Int32Array(labels.length)
  const totals = new Float64Array(LABEL_CLASS_COUNT)
  for (let start = 0; start < labels.length; start++) {
    if (seen[start] || labels[start] !== LABEL.glass) continue
    const count = floodRegion(labels, width, start, seen, members)
    if (count < DOUBTFUL_PANE_SHARE * labels.length) continue
    let sure = 0
    totals.fill(0)
    for (let index = 0; index < count; index++) {
      const cell = gridOf(members[index]!)
      if (probabilities[LABEL.glass * plane + cell]! >= SURE_GLASS) sure++
      for (let c = 1; c < LABEL_CLASS_COUNT; c++) totals[c]! += probabilities[c * plane + cell]!
    }
    if (sure >= MIN_SURE_GLASS_SHARE * count) continue
    const mayBeFrameless = count <= EDGED_PANE_MAX_SHARE * labels.length && sure >= EDGED_PANE_SURE_SHARE * count
    if (mayBeFrameless && Math.max(0, ...paneSideEdgeShares(members.subarray(0, count), width, rgb)) >= EDGED_PANE_EDGE_ROWS) continue
    let next = LABEL['wall-tile'] as number
    for (let c = 1; c < LABEL_CLASS_COUNT; c++) if (c !== LABEL.glass && totals[c]! > totals[next]!) next = c
    for (let index = 0; index < count; index++) labels[members[index]!] = next
  }
}

/** Share of the wall pixels' tile-share variance two groups must explain before the picture gets a threshold of its own. */
export const WALL_SPLIT_SEPARATION = 0.7
/** The picture's own threshold stays within this of the even split. */
export const WALL_SPLIT_REACH = 0.2

/** Otsu's threshold on values in 0..1 (50 bins) and the share of their variance it explains. */
export function otsuThreshold(values: ArrayLike<number>, count: number): { threshold: number; separation: number } {
  const bins = 50
  const histogram = new Float64Array(bins)
  for (let index = 0; index < count; index++) histogram[Math.min(bins - 1, Math.max(0, Math.floor(values[index]! * bins)))]!++
  let total = 0
  let mean = 0
  for (let bin = 0; bin < bins; bin++) {
    total += histogram[bin]!
    mean += histogram[bin]! * (bin + 0.5) / bins
  }
  if (total === 0) return { threshold: 0.5, separation: 0 }
  mean /= total
  let variance = 0
  for (let bin = 0; bin < bins; bin++) variance += (histogram[bin]! / total) * ((bin + 0.5) / bins - mean) ** 2
  let weight = 0
  let partial = 0
  let best = { threshold: 0.5, between: 0 }
  for (let bin = 0; bin < bins - 1; bin++) {
    weight += histogram[bin]! / total
    partial += (histogram[bin]! / total) * (bin + 0.5) / bins
    if (weight < 1e-3 || weight > 1 - 1e-3) continue
    const between = (mean * weight - partial) ** 2 / (weight * (1 - weight))
    if (between > best.between) best = { threshold: (bin + 1) / bins, between }
  }
  return { threshold: best.threshold, separation: variance > 0 ? best.between / variance : 0 }
}

/**
 * How sure the network is of tile against paint drifts from one picture to the next: in one room every wall pixel
 * leans a little toward tile, the painted wall beside a shower's tiles at 0.7 and the tiles at 0.95. When the wall
 * pixels' tile shares fall into two clear groups, the picture's own threshold between them (Otsu's, kept within
 * WALL_SPLIT_REACH of 0.5) decides, not 0.5; the shares are remapped so that threshold reads as 0.5 for what follows.
 */
export function splitWallsAtSceneThreshold(labels: Uint8Array, tileShare: Float32Array): number {
  const shares = new Float32Array(labels.length)
  let count = 0
  for (let pixel = 0; pixel < labels.length; pixel++) if (WALL_KINDS.has(labels[pixel]!)) shares[count++] = tileShare[pixel]!
  const { threshold, separation } = otsuThreshold(shares, count)
  if (count === 0 || separation <= WALL_SPLIT_SEPARATION) return 0.5
  const split = Math.min(0.5 + WALL_SPLIT_REACH, Math.max(0.5 - WALL_SPLIT_REACH, threshold))
  for (let pixel = 0; pixel < labels.length; pixel++) {
    if (!WALL_KINDS.has(labels[pixel]!)) continue
    const share = tileShare[pixel]!
    const remapped = share <= split ? (0.5 * share) / split : 0.5 + (0.5 * (share - split)) / (1 - split)
    tileShare[pixel] = remapped
    labels[pixel] = remapped > 0.5 ? LABEL['wall-tile'] : LABEL.wall
  }
  return split
}

/**
 * Weighs the favoured classes (class id → factor) in class-probability planes, in place, so that a pixel goes to one
 * of them when their weighted probability *together* beats any other class's: the question the weighting answers is
 * "is this part of what was left out?", and a pixel the network splits between the vanity, the countertop and a door
 * is likely part of the cabinetry even when wall is likelier than each alone. The likeliest favoured class carries
 * the group's weighted sum; the others keep their order below it.
 */
export function favourClasses(probabilities: Float32Array, plane: number, favoured: ReadonlyMap<number, number>): void {
  const labels = [...favoured.keys()]
  const weights = [...favoured.values()]
  if (labels.length === 0) return
  for (let index = 0; index < plane; index++) {
    let sum = 0
    let max = 0
    for (let k = 0; k < labels.length; k++) {
      const value = probabilities[labels[k]! * plane + index]! * weights[k]!
      sum += value
      if (value > max) max = value
    }
    const scale = max > 0 ? sum / max : 1
    for (let k = 0; k < labels.length; k++) probabilities[labels[k]! * plane + index]! *= weights[k]! * scale
  }
}

/**
 * How much likelier wall tile is, against painted wall, than the network says. It calls tile paint far more often than
 * paint tile: of the pixels that are tile, 24.5 % (development set), 13.3 % and 15.5 % (fresh seeds 15000 and 16000)
 * come out as wall; of those that are wall, 6.0 %, 6.9 % and 7.9 % as tile. Large pale tiles with fine grout look
 * like paint at the size the network sees them. Decision 0062.
 */
export const TILE_CALIBRATION = 1.5

/**
 * Moves probability between painted wall and wall tile, in place, so that tile's odds against paint are `factor`
 * times the network's; their sum stays, so every other class keeps its chances (a pane or a mirror is not given
 * away to the walls).
 */
export function shiftTowardsTile(probabilities: Float32Array, plane: number, factor: number): void {
  const wallAt = LABEL.wall * plane
  const tileAt = LABEL['wall-tile'] * plane
  for (let index = 0; index < plane; index++) {
    const wall = probabilities[wallAt + index]!
    const tile = probabilities[tileAt + index]!
    const weighted = wall + tile * factor
    if (weighted <= 0) continue
    const sum = wall + tile
    probabilities[wallAt + index] = (sum * wall) / weighted
    probabilities[tileAt + index] = (sum * tile * factor) / weighted
  }
}

/**
 * Islands smaller than this share of the picture are the network's noise, not things in the room (at 512 × 384 that
 * is about 60 pixels; a tap or a bottle is several times that, a tap's handle or a hook about this): they join their
 * surroundings.
 */
export const SPECKLE_SHARE = 0.0003
/** Patches of wall or wall tile smaller than this share of the picture are taken for the one around them. */
export const WALL_PATCH_SHARE = 0.015

/**
 * Gives every 4-connected island of one label smaller than `minPixels` the label it shares most border with, in
 * place: a few wall pixels amid the tiles would otherwise be painted as a wall, a torn patch in the redesign. With
 * `among`, only islands of those labels are looked at, and only one bordered mostly by another of them changes.
 */
export function removeSpeckles(labels: Uint8Array, width: number, height: number, minPixels: number, among?: ReadonlySet<number>): void {
  const pixels = width * height
  const seen = new Uint8Array(pixels)
  const members = new Int32Array(pixels)
  for (let start = 0; start < pixels; start++) {
    if (seen[start]) continue
    const label = labels[start]!
    const count = floodRegion(labels, width, start, seen, members)
    if (count >= minPixels || (among && !among.has(label))) continue
    const best = mostBorderingLabel(labels, width, members.subarray(0, count))
    if (best === null || (among && !among.has(best))) continue
    for (let index = 0; index < count; index++) labels[members[index]!] = best
  }
}

/** Rows `width` long (planes of any height, back to back) mirrored left to right, as a copy. */
export function mirrorPlanes(planes: Float32Array, width: number): Float32Array {
  const out = new Float32Array(planes.length)
  for (let row = 0; row < planes.length / width; row++) {
    const start = row * width
    for (let x = 0; x < width; x++) out[start + x] = planes[start + width - 1 - x]!
  }
  return out
}

/**
 * e^-x for x ≥ 0 in steps of 1/EXP_STEPS up to EXP_RANGE (below e^-40 a class's share is nothing): softmaxPlanes
 * reads it and the series to its cubic term for the rest of the step, within 3e-9 of Math.exp (finer than a float32
 * holds) at a third of its time. The network's answers take millions of these a photo.
 */
const EXP_STEPS = 64
const EXP_RANGE = 40
const EXP_TABLE = Float64Array.from({ length: EXP_STEPS * EXP_RANGE + 1 }, (_, step) => Math.exp(-step / EXP_STEPS))

/** e^value for value ≤ 0 (a logit less the pixel's largest), through EXP_TABLE. */
function expBelowZero(value: number): number {
  const scaled = -value * EXP_STEPS
  if (!(scaled < EXP_STEPS * EXP_RANGE)) return 0
  const step = scaled | 0
  const rest = (scaled - step) / EXP_STEPS
  return EXP_TABLE[step]! * (1 - rest * (1 - rest * (0.5 - rest / 6)))
}

/**
 * Per-pixel softmax over class planes (NCHW with N = 1), into a copy. Walked plane by plane, each in memory order,
 * with a running maximum and sum per pixel, rather than pixel by pixel across planes a plane apart.
 */
export function softmaxPlanes(logits: Float32Array, classes: number, plane: number): Float32Array {
  const out = new Float32Array(classes * plane)
  const max = new Float64Array(plane).fill(-Infinity)
  for (let c = 0; c < classes; c++) {
    const offset = c * plane
    for (let index = 0; index < plane; index++) {
      const value = logits[offset + index]!
      if (value > max[index]!) max[index] = value
    }
  }
  const sum = new Float64Array(plane)
  for (let c = 0; c < classes; c++) {
    const offset = c * plane
    for (let index = 0; index < plane; index++) {
      const value = expBelowZero(logits[offset + index]! - max[index]!)
      out[offset + index] = value
      sum[index]! += value
    }
  }
  for (let c = 0; c < classes; c++) {
    const offset = c * plane
    for (let index = 0; index < plane; index++) out[offset + index]! /= sum[index]!
  }
  return out
}

/**
 * Upsamples class probabilities to the analysis copy (bilinear), filters each class with the photo as guide
 * (He et al.'s guided filter, so a border follows the photo's edge rather than the network's coarse grid), pools
 * each class over SLIC superpixels of the photo (patches that end at the photo's own edges) and takes, at every
 * pixel, the class likeliest by the mean of its own filtered value and its superpixel's.
 */
export function refineLabels(probabilities: Float32Array, sourceWidth: number, sourceHeight: number, rgb: Uint8Array, width: number, height: number): RefinedLabels {
  const classes = probabilities.length / (sourceWidth * sourceHeight)
  const pixels = width * height
  const guide = greyPixels(rgb, pixels, 255)
  const guideMean = guide.slice()
  boxBlur(guideMean, width, height, GUIDE_RADIUS)
  const guideVariance = new Float32Array(pixels)
  for (let index = 0; index < pixels; index++) guideVariance[index] = guide[index]! * guide[index]!
  boxBlur(guideVariance, width, height, GUIDE_RADIUS)
  for (let index = 0; index < pixels; index++) guideVariance[index] = Math.max(0, guideVariance[index]! - guideMean[index]! * guideMean[index]!)

  const patches = computeSuperpixels(rgbPixelsToLab(rgb, 3), width, height, { target: Math.round(pixels / SUPERPIXEL_AREA), compactness: 10, iterations: 5 })
  const patchSize = new Float32Array(patches.count)
  for (let index = 0; index < pixels; index++) patchSize[patches.labels[index]!]!++

  const planes: Array<Float32Array | null> = []
  const patchMeans: Array<Float32Array | null> = []
  const p = new Float32Array(pixels)
  const product = new Float32Array(pixels)
  const pMean = new Float32Array(pixels)
  const a = new Float32Array(pixels)
  const b = new Float32Array(pixels)
  for (let c = 0; c < classes; c++) {
    resamplePlane(probabilities, c * sourceWidth * sourceHeight, sourceWidth, sourceHeight, p, width, height)
    let any = false
    for (let index = 0; index < pixels; index++) if (p[index]! > 0.02) any = true
    if (!any) {
      planes.push(null)
      patchMeans.push(null)
      continue
    }
    for (let index = 0; index < pixels; index++) product[index] = guide[index]! * p[index]!
    pMean.set(p)
    boxBlur(pMean, width, height, GUIDE_RADIUS)
    boxBlur(product, width, height, GUIDE_RADIUS)
    // a, b of the local linear model p ≈ a·I + b, then averaged over the windows covering each pixel.
    for (let index = 0; index < pixels; index++) {
      const covariance = product[index]! - guideMean[index]! * pMean[index]!
      a[index] = covariance / (guideVariance[index]! + GUIDE_EPSILON)
      b[index] = pMean[index]! - a[index]! * guideMean[index]!
    }
    boxBlur(a, width, height, GUIDE_RADIUS)
    boxBlur(b, width, height, GUIDE_RADIUS)
    const filtered = new Float32Array(pixels)
    const means = new Float32Array(patches.count)
    for (let index = 0; index < pixels; index++) {
      filtered[index] = a[index]! * guide[index]! + b[index]!
      means[patches.labels[index]!]! += filtered[index]!
    }
    for (let patch = 0; patch < patches.count; patch++) means[patch]! /= Math.max(1, patchSize[patch]!)
    planes.push(filtered)
    patchMeans.push(means)
  }

  const labels = new Uint8Array(pixels)
  const tileShare = new Float32Array(pixels)
  for (let index = 0; index < pixels; index++) {
    const patch = patches.labels[index]!
    let best = -Infinity
    let wall = 0
    let tile = 0
    for (let c = 0; c < classes; c++) {
      const plane = planes[c]
      if (!plane) continue
      const value = (1 - PATCH_WEIGHT) * plane[index]! + PATCH_WEIGHT * patchMeans[c]![patch]!
      if (c === LABEL.wall) wall = Math.max(0, value)
      else if (c === LABEL['wall-tile']) tile = Math.max(0, value)
      if (value > best) {
        best = value
        labels[index] = c
      }
    }
    tileShare[index] = wall + tile > 0 ? tile / (wall + tile) : 0.5
  }
  return { width, height, labels, tileShare }
}

/** Mean superpixel area (analysis pixels) and how much a pixel's class follows its superpixel's rather than its own. */
const SUPERPIXEL_AREA = 160
const PATCH_WEIGHT = 0.5

/** Bilinear resample of one plane (at offset in source) onto a width × height grid, pixel centres aligned (up, or down by less than half: each answer is smooth). */
function resamplePlane(source: Float32Array, offset: number, sourceWidth: number, sourceHeight: number, out: Float32Array, width: number, height: number): void {
  // Each column's two source columns and weight, worked out once rather than on every row.
  const sx = sourceWidth / width
  const sy = sourceHeight / height
  const x0s = new Int32Array(width)
  const x1s = new Int32Array(width)
  const wxs = new Float64Array(width)
  for (let x = 0; x < width; x++) {
    const fx = Math.min(sourceWidth - 1, Math.max(0, (x + 0.5) * sx - 0.5))
    x0s[x] = Math.floor(fx)
    x1s[x] = Math.min(sourceWidth - 1, x0s[x]! + 1)
    wxs[x] = fx - x0s[x]!
  }
  for (let y = 0; y < height; y++) {
    const fy = Math.min(sourceHeight - 1, Math.max(0, (y + 0.5) * sy - 0.5))
    const y0 = Math.floor(fy)
    const y1 = Math.min(sourceHeight - 1, y0 + 1)
    const wy = fy - y0
    const upper = offset + y0 * sourceWidth
    const lower = offset + y1 * sourceWidth
    const row = y * width
    for (let x = 0; x < width; x++) {
      const x0 = x0s[x]!
      const x1 = x1s[x]!
      const wx = wxs[x]!
      const top = source[upper + x0]! * (1 - wx) + source[upper + x1]! * wx
      const bottom = source[lower + x0]! * (1 - wx) + source[lower + x1]! * wx
      out[row + x] = top + (bottom - top) * wy
    }
  }
}
