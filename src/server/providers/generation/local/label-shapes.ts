// A door is a rectangle in the room, so in a photo its sides are straight lines: near-vertical left and right sides
// (a level camera, little roll) and a top edge. The network's map of a door follows the photo's edges where the photo
// has one, and wanders where it has none (a white door in a white wall); once the door is redrawn in wood and the wall
// around it in paint, a wandering border is what a person sees first. `squareDoors` fits each door's sides as straight
// lines and redraws the region between them. Windows were tried too and left out: their regions take in frames,
// sills and blinds that are not one rectangle, and squaring them measured worse (development set: leak 7.1 % → 7.5 %,
// boundary F 0.579 → 0.573), while a window keeps its pixels, so its border shows less. Mirrors were tried as well
// and left out: the network's mirrors already keep close to their frames, and squaring them moved their pooled IoU
// 0.823 → 0.823 (development set), 0.803 → 0.796 and 0.767 → 0.766 (fresh seeds 15000 and 16000). Shower glass is
// squared, after it is made whole (`settleGlass`): a glass pane is kept, and its border is the one left against the
// new wall.
import { KEPT_KINDS, LABEL, WALL_KINDS } from './label-classes'
import { boxBlur } from './box-blur'
import { floodRegion, mostBorderingLabel, neighbourOf, regionBounds, rowExtents } from './label-regions'

/** A region smaller than this share of the picture is too small to fit sides to. */
const MIN_SHARE = 0.004
/** Rows (or columns) a side needs to be fitted at all. */
const MIN_SPAN = 12
/** Steepest slope a side may have: verticals lean with the camera's tilt, but not more than this (pixels a row). */
const MAX_SIDE_SLOPE = 0.3
/** Steepest a top edge may be across the picture (a door seen at an angle, near the picture's edge). */
const MAX_TOP_SLOPE = 0.6
/**
 * The fitted shape must agree with the region this much (intersection over union) to replace it: else it is not a
 * rectangle seen whole (a door half hidden by a shower curtain).
 */
const MIN_AGREEMENT = 0.85
/** A point further than this many pixels from a side's line (after the first fit) is an occluder or a stray, not the side. */
const OUTLIER_PIXELS = 2.5

type Line = { intercept: number; slope: number }

/** Least-squares line v = intercept + slope·t through (t, v), refitted without the points far from the last fit. */
export function fitLine(ts: readonly number[], vs: readonly number[], maxSlope: number): Line | null {
  if (ts.length < MIN_SPAN) return null
  const fit = (counts: (index: number) => boolean): Line | null => {
    let n = 0
    let st = 0
    let sv = 0
    let stt = 0
    let stv = 0
    for (let index = 0; index < ts.length; index++) {
      if (!counts(index)) continue
      const t = ts[index]!
      const v = vs[index]!
      n++
      st += t
      sv += v
      stt += t * t
      stv += t * v
    }
    if (n < MIN_SPAN) return null
    const denominator = n * stt - st * st
    if (denominator <= 0) return null
    const slope = (n * stv - st * sv) / denominator
    return { slope, intercept: (sv - slope * st) / n }
  }
  let line = fit(() => true)
  for (let round = 0; round < REFITS && line; round++) {
    const current = line
    const residuals = ts.map((t, index) => Math.abs(vs[index]! - (current.intercept + current.slope * t)))
    const sorted = [...residuals].sort((a, b) => a - b)
    const limit = Math.max(OUTLIER_PIXELS, 2 * sorted[sorted.length >> 1]!)
    line = fit((index) => residuals[index]! <= limit)
  }
  return line && Math.abs(line.slope) <= maxSlope ? line : null
}

/** Fits after the first, each without the points far from the one before (a stray pulls the first fit off). */
const REFITS = 3

const at = (line: Line, t: number) => line.intercept + line.slope * t

/**
 * Squares up every door in a label map, in place. For each 4-connected door region: its left
 * and right sides (the first and last pixel of each row) and its top (the first pixel of each column) are fitted as
 * straight lines; where that shape agrees with the region, pixels of the walls inside it become door and the
 * region's pixels outside it become the wall beside them (the one the region borders most where that is no wall).
 * Below the region's own lowest pixel in each column nothing changes, so a door cut off by a toilet keeps the toilet.
 */
export function squareDoors(labels: Uint8Array, width: number, height: number): void {
  const minPixels = Math.max(MIN_SPAN * MIN_SPAN, Math.round(MIN_SHARE * width * height))
  const seen = new Uint8Array(width * height)
  const members = new Int32Array(width * height)
  // Regions are found in the map as it came (a squared door's new pixels are not another door to square).
  const found = labels.slice()
  for (let start = 0; start < found.length; start++) {
    const label = found[start]!
    if (seen[start] || label !== LABEL.door) continue
    const count = floodRegion(found, width, start, seen, members)
    if (count >= minPixels) squareRegion(labels, width, height, label, members.subarray(0, count), MIN_AGREEMENT)
  }
}

function squareRegion(labels: Uint8Array, width: number, height: number, label: number, members: Int32Array, minAgreement: number): boolean {
  const { x0, x1, y0, y1 } = regionBounds(members, width)
  const boxWidth = x1 - x0 + 1
  const boxHeight = y1 - y0 + 1
  const { first: rowFirst, last: rowLast } = rowExtents(members, width, y0, boxHeight)
  const columnTop = new Int32Array(boxWidth).fill(height)
  const columnBottom = new Int32Array(boxWidth).fill(-1)
  const inRegion = new Uint8Array(boxWidth * boxHeight)
  for (const pixel of members) {
    const x = pixel % width
    const y = (pixel - x) / width
    inRegion[(y - y0) * boxWidth + (x - x0)] = 1
    columnTop[x - x0] = Math.min(columnTop[x - x0]!, y)
    columnBottom[x - x0] = Math.max(columnBottom[x - x0]!, y)
  }
  // A side that runs along the picture's edge is the frame's, not the door's: it stays where it is.
  const sideSamples = (values: Int32Array, frameEdge: number) => {
    const ts: number[] = []
    const vs: number[] = []
    values.forEach((value, row) => {
      if (value >= 0 && value < width && value !== frameEdge) {
        ts.push(row + y0)
        vs.push(value)
      }
    })
    return { ts, vs }
  }
  const leftSamples = sideSamples(rowFirst, 0)
  const rightSamples = sideSamples(rowLast, width - 1)
  const tops: number[] = []
  const topXs: number[] = []
  columnTop.forEach((value, column) => {
    if (value < height && value !== 0) {
      topXs.push(column + x0)
      tops.push(value)
    }
  })
  const left = leftSamples.ts.length >= boxHeight / 2 ? fitLine(leftSamples.ts, leftSamples.vs, MAX_SIDE_SLOPE) : null
  const right = rightSamples.ts.length >= boxHeight / 2 ? fitLine(rightSamples.ts, rightSamples.vs, MAX_SIDE_SLOPE) : null
  const top = tops.length >= boxWidth / 2 ? fitLine(topXs, tops, MAX_TOP_SLOPE) : null
  if (!left && !right && !top) return false

  // The shape: between the fitted sides (or the region's own extent where a side was not fitted), below the fitted
  // top, and above the region's own bottom in each column.
  const margin = Math.ceil(OUTLIER_PIXELS * 2)
  const bx0 = Math.max(0, x0 - margin)
  const bx1 = Math.min(width - 1, x1 + margin)
  const by0 = Math.max(0, y0 - margin)
  const leftOf = (x: number, y: number) => (left ? x < Math.round(at(left, y)) : x < x0)
  const rightOf = (x: number, y: number) => (right ? x > Math.round(at(right, y)) : x > x1)
  const inside = (x: number, y: number): boolean => {
    if (leftOf(x, y) || rightOf(x, y)) return false
    if (top ? y < Math.round(at(top, x)) : y < y0) return false
    const column = Math.min(boxWidth - 1, Math.max(0, x - x0))
    return y <= Math.max(columnBottom[column]!, y0)
  }
  // Bounds on both sides: the box is scanned a margin wider than the region, and past x1 the box's index runs on into
  // its next row.
  const own = (x: number, y: number) => x >= x0 && x <= x1 && y >= y0 && y <= y1 && inRegion[(y - y0) * boxWidth + (x - x0)] === 1
  let intersection = 0
  let union = 0
  for (let y = by0; y <= y1; y++) {
    for (let x = bx0; x <= bx1; x++) {
      const ownPixel = own(x, y)
      const shaped = inside(x, y)
      if (ownPixel && shaped) intersection++
      if (ownPixel || shaped) union++
    }
  }
  if (union === 0 || intersection / union < minAgreement) return false

  // A pixel the shape drops becomes the wall beside it, found by walking out of the region the way the shape left it
  // (a door's side can run down a painted wall above a tile line and a tiled one below it); where that is no wall,
  // the wall the region borders most. The walk meets only pixels the loop below has not changed: those outside the
  // shape on the same side, or not yet reached.
  const wallAround = mostBorderingLabel(labels, width, members, (neighbour) => WALL_KINDS.has(neighbour))
  const wallBeside = (x: number, y: number): number | null => {
    const [dx, dy] = leftOf(x, y) ? [-1, 0] : rightOf(x, y) ? [1, 0] : [0, -1]
    let nx = x + dx
    let ny = y + dy
    while (nx >= 0 && nx < width && ny >= 0 && own(nx, ny)) {
      nx += dx
      ny += dy
    }
    const beside = nx >= 0 && nx < width && ny >= 0 ? labels[ny * width + nx]! : null
    return beside !== null && WALL_KINDS.has(beside) ? beside : wallAround
  }
  for (let y = by0; y <= y1; y++) {
    for (let x = bx0; x <= bx1; x++) {
      const index = y * width + x
      const ownPixel = own(x, y)
      const shaped = inside(x, y)
      if (shaped && !ownPixel && WALL_KINDS.has(labels[index]!)) labels[index] = label
      else if (ownPixel && !shaped) {
        const wall = wallBeside(x, y)
        if (wall !== null) labels[index] = wall
      }
    }
  }
  return true
}

/**
 * Shower glass is a pane: a tall quadrilateral standing on the tray or the bath's rim, its sides the screen's frame
 * or the glass's own edge. Through it the network sees the tiles behind, so its map of a pane is ragged (bays of wall
 * where the glass shows the wall plainly) and can come in pieces; and where it takes a patch of pale wall for glass,
 * the patch is a blob hanging in the wall. Kept as they are, a ragged pane is a torn grey shape in front of the new
 * wall and a blob a stain of the old wall in the middle of the new one. `settleGlass`, in place:
 * - in each row the wall between the glass and a frame (metal) close beside it, and in each column the wall between
 *   the glass and a frame close above it, is glass;
 * - glass is closed over the walls: bays and gaps narrower than twice GLASS_CLOSING of the picture's long side fill;
 * - pieces one above the other are one pane; a pane too small, too short, or hanging in the wall (`standingShare`;
 *   one spanning GLASS_TALL of the picture's rows stands) is not one, and becomes what it borders most;
 * - each pane left has its sides and top fitted as lines and the walls between them taken in (as `squareDoors` does
 *   for doors), where that shape agrees with it well enough.
 * Only wall and wall tile ever become glass: a tap, a plant or a mirror stays what it is.
 */
export function settleGlass(labels: Uint8Array, width: number, height: number): void {
  const pixels = width * height
  reachFrames(labels, width, height, LABEL.glass, Math.round(GLASS_FRAME_REACH * width), Math.round(GLASS_FRAME_REACH * height))
  closeOverWalls(labels, width, height, LABEL.glass, Math.max(1, Math.round(GLASS_CLOSING * Math.max(width, height))))
  const seen = new Uint8Array(pixels)
  const members = new Int32Array(pixels)
  const found = labels.slice()
  const regions: Array<{ pixels: Int32Array; x0: number; x1: number; y0: number; y1: number }> = []
  for (let start = 0; start < pixels; start++) {
    if (seen[start] || found[start] !== LABEL.glass) continue
    const count = floodRegion(found, width, start, seen, members)
    const pieces = members.slice(0, count)
    regions.push({ pixels: pieces, ...regionBounds(pieces, width) })
  }
  // Pieces of one pane, one above the other (a band where the glass showed the wall plainly split them), are one pane.
  const group = regions.map((_, index) => index)
  const root = (index: number): number => (group[index] === index ? index : (group[index] = root(group[index]!)))
  for (let i = 0; i < regions.length; i++) {
    for (let j = i + 1; j < regions.length; j++) {
      const a = regions[i]!
      const b = regions[j]!
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0) + 1
      const gap = Math.max(a.y0, b.y0) - Math.min(a.y1, b.y1)
      if (overlap >= GLASS_STACK_OVERLAP * Math.min(a.x1 - a.x0 + 1, b.x1 - b.x0 + 1) && gap <= GLASS_STACK_GAP * height) group[root(j)] = root(i)
    }
  }
  for (let i = 0; i < regions.length; i++) {
    if (root(i) !== i) continue
    const parts = regions.filter((_, j) => root(j) === i)
    const pane = new Int32Array(parts.reduce((sum, part) => sum + part.pixels.length, 0))
    let offset = 0
    for (const part of parts) {
      pane.set(part.pixels, offset)
      offset += part.pixels.length
    }
    const span = Math.max(...parts.map((part) => part.y1)) - Math.min(...parts.map((part) => part.y0)) + 1
    const isPane = pane.length >= GLASS_MIN_SHARE * pixels && span >= GLASS_MIN_HEIGHT * height && (span >= GLASS_TALL * height || standingShare(labels, width, height, pane) >= GLASS_MIN_STANDING)
    if (isPane) squareRegion(labels, width, height, LABEL.glass, pane, GLASS_MIN_AGREEMENT)
    else for (const part of parts) giveToNeighbours(labels, part.pixels, width)
  }
}

/** A pane stands on something: at least this share of its columns end on what is not wall… */
const GLASS_MIN_STANDING = 0.5
/**
 * …or it spans at least this share of the picture's rows: a pane that tall cannot hang in the wall, whatever the network
 * made of its foot (a frameless pane over tiles whose lower corner it read as tile; decision 0089).
 */
const GLASS_TALL = 0.85

/**
 * The share of a region's columns whose lowest pixel has, within a few rows below it, something other than wall (a
 * tray, a bath, the floor, a plant in front) or the picture's foot; 1 for a region that comes down near the foot (it
 * stands on what the picture cut off, or tapers down to its tray). A pane of glass stands on the tray or the bath's
 * rim; a patch of pale wall the network took for glass hangs in the wall.
 */
function standingShare(labels: Uint8Array, width: number, height: number, members: Int32Array): number {
  const bottoms = new Int32Array(width).fill(-1)
  let lowest = 0
  for (const pixel of members) {
    const x = pixel % width
    bottoms[x] = Math.max(bottoms[x]!, (pixel - x) / width)
    lowest = Math.max(lowest, bottoms[x]!)
  }
  // A pane that comes down near the picture's foot stands on what the picture cut off (or tapers down to its tray).
  if (lowest >= GLASS_FOOT * height) return 1
  let columns = 0
  let standing = 0
  const label = labels[members[0]!]!
  bottoms.forEach((bottom, x) => {
    if (bottom < 0) return
    columns++
    for (let y = bottom + 1; y <= bottom + STANDING_ROWS; y++) {
      const below = y < height ? labels[y * width + x]! : -1
      if (below === label) continue
      if (below < 0 || !WALL_KINDS.has(below)) standing++
      return
    }
  })
  return columns ? standing / columns : 0
}

/** A region reaching below this share of the picture's rows stands. */
const GLASS_FOOT = 0.96
/** How far below a region's lowest pixel `standingShare` looks. */
const STANDING_ROWS = 3

/** Glass regions whose columns overlap by this share of the narrower one's… */
const GLASS_STACK_OVERLAP = 0.5
/** …with at most this share of the picture's rows between them are pieces of one pane. */
const GLASS_STACK_GAP = 0.15
/** How far (share of the picture's width, or height for the top) glass reaches across wall to meet its frame. */
const GLASS_FRAME_REACH = 0.15
/** Bays and gaps in the glass narrower than twice this share of the picture's long side are glass. */
const GLASS_CLOSING = 0.02
/** A glass region smaller than this share of the picture is not a pane. */
const GLASS_MIN_SHARE = 0.02
/** Nor one spanning fewer than this share of the picture's rows. */
const GLASS_MIN_HEIGHT = 0.25
/** A pane's fitted shape must agree this well with its region (intersection over union) to replace it. */
const GLASS_MIN_AGREEMENT = 0.6

/**
 * Morphological closing of one label's mask with a square (2·radius + 1) window, in place: only pixels of the walls
 * take the label (a tap or a plant in front of the glass stays what it is).
 */
function closeOverWalls(labels: Uint8Array, width: number, height: number, label: number, radius: number): void {
  const pixels = width * height
  const mask = new Float32Array(pixels)
  let any = false
  for (let index = 0; index < pixels; index++) {
    if (labels[index] === label) {
      mask[index] = 1
      any = true
    }
  }
  if (!any) return
  boxBlur(mask, width, height, radius)
  for (let index = 0; index < pixels; index++) mask[index] = mask[index]! > 1e-6 ? 1 : 0
  boxBlur(mask, width, height, radius)
  for (let index = 0; index < pixels; index++) if (mask[index]! > 1 - 1e-4 && WALL_KINDS.has(labels[index]!)) labels[index] = label
}

/**
 * Every pixel of a region takes the label it shares most border with, other than metal where anything else borders it
 * (left as it is when nothing else borders it). A blob of glass that is no pane sits between a screen's frame lines
 * more often than not, and metal is thin: given to the frame, it paints a stretch of wall in the style's metal finish.
 */
function giveToNeighbours(labels: Uint8Array, region: Int32Array, width: number): void {
  const best = mostBorderingLabel(labels, width, region, (neighbour) => neighbour !== LABEL.metal) ?? mostBorderingLabel(labels, width, region)
  if (best !== null) for (const pixel of region) labels[pixel] = best
}

/**
 * A pane ends at its frame: in every row, the wall between the label's first (last) pixel and a metal pixel at most
 * `reachX` to its left (right) takes the label, and in every column the wall between its first pixel and metal at most
 * `reachY` above it. In place; from the map as it came, so one pass does not feed the next.
 */
function reachFrames(labels: Uint8Array, width: number, height: number, label: number, reachX: number, reachY: number): void {
  const found = labels.slice()
  const fill = (from: number, step: number, count: number, reach: number) => {
    let index = from + step
    for (let walked = 0; walked < Math.min(reach, count); walked++, index += step) {
      const here = found[index]!
      if (here === LABEL.metal) {
        for (let back = index - step; back !== from; back -= step) labels[back] = label
        return
      }
      if (!WALL_KINDS.has(here)) return
    }
  }
  for (let y = 0; y < height; y++) {
    const row = y * width
    let first = -1
    let last = -1
    for (let x = 0; x < width; x++) {
      if (found[row + x] !== label) continue
      if (first < 0) first = x
      last = x
    }
    if (first < 0) continue
    fill(row + first, -1, first, reachX)
    fill(row + last, 1, width - 1 - last, reachX)
  }
  for (let x = 0; x < width; x++) {
    let y = 0
    while (y < height && found[y * width + x] !== label) y++
    if (y < height) fill(y * width + x, -width, y, reachY)
  }
}

/** A post of a screen's frame: an upright line of metal spanning at least this share of the picture's rows… */
const POST_MIN_SPAN = 0.35
/** …at most this share of the picture's width thick in any row it is seen in… */
const POST_MAX_THICKNESS = 0.03
/** …followed from row to row while it moves at most this many pixels a row (a leaning camera leans it)… */
const POST_STEP = 1.5
/** …across gaps (a tap, a handle, the network losing it) of at most this share of the picture's rows… */
const POST_MAX_GAP = 0.04
/** …and seen in at least this share of the rows it spans, */
const POST_MIN_FILL = 0.4
/** …in pieces of at least this many rows, each lying at most POST_JOIN_PIXELS (on average) off the longest one's line. */
const POST_MIN_PIECE = 4
const POST_JOIN_PIXELS = 3
/** A post is straight: at least this share of its rows lie within OUTLIER_PIXELS of its fitted line. */
const POST_MIN_STRAIGHT = 0.9
/** Two posts frame a pane when the rows they span overlap by at least this share of the shorter one's… */
const FRAME_MIN_OVERLAP = 0.6
/** …and this share of the longer one's (two posts of one frame are about as tall)… */
const FRAME_MIN_OVERLAP_OF_LONGER = 0.5
/** …they stand at least this share of the picture's width apart… */
const FRAME_MIN_WIDTH = 0.06
/** …and at least this share of what lies between them is wall or glass (a plant or a tap may stand in front). */
const FRAME_MIN_WALL = 0.6
/** Below the posts' feet, the pane goes on down through rows at least this share wall or glass between the lines. */
const PANE_ROW_MIN_WALL = 0.5

const isWallOrGlass = (label: number) => WALL_KINDS.has(label) || label === LABEL.glass

type Post = { line: Line; y0: number; y1: number; thickness: number }

/**
 * Upright lines of metal: the thin runs of metal in each row, linked from row to row into tracks, and each track long
 * and full enough fitted as a line (x as a function of y). Only runs at most POST_MAX_THICKNESS of the width count,
 * so a frame's top bar or a towel rail breaks a track for a row or two rather than joining it.
 */
export function findPosts(labels: Uint8Array, width: number, height: number): Post[] {
  const maxThickness = Math.max(2, Math.round(POST_MAX_THICKNESS * width))
  const maxGap = Math.max(2, Math.round(POST_MAX_GAP * height))
  type Track = { ys: number[]; xs: number[]; thickness: number[]; lastY: number; lastX: number }
  const open: Track[] = []
  const done: Track[] = []
  for (let y = 0; y < height; y++) {
    const row = y * width
    const centres: Array<{ x: number; thickness: number }> = []
    for (let x = 0; x < width; ) {
      if (labels[row + x] !== LABEL.metal) {
        x++
        continue
      }
      const start = x
      while (x < width && labels[row + x] === LABEL.metal) x++
      if (x - start <= maxThickness) centres.push({ x: (start + x - 1) / 2, thickness: x - start })
    }
    for (let index = open.length - 1; index >= 0; index--) {
      if (y - open[index]!.lastY > maxGap + 1) done.push(...open.splice(index, 1))
    }
    const taken = new Set<Track>()
    for (const centre of centres) {
      let best: Track | null = null
      for (const track of open) {
        if (taken.has(track)) continue
        const reach = POST_STEP * (y - track.lastY) + 1
        if (Math.abs(track.lastX - centre.x) <= reach && (!best || Math.abs(track.lastX - centre.x) < Math.abs(best.lastX - centre.x))) best = track
      }
      const track = best ?? { ys: [], xs: [], thickness: [], lastY: y, lastX: centre.x }
      if (!best) open.push(track)
      track.ys.push(y)
      track.xs.push(centre.x)
      track.thickness.push(centre.thickness)
      track.lastY = y
      track.lastX = centre.x
      taken.add(track)
    }
  }
  done.push(...open)
  // A post the network lost for a stretch comes as pieces on one line: the longest piece's line takes in every other
  // piece lying along it.
  const pieces = done.filter((track) => track.ys.length >= POST_MIN_PIECE).sort((a, b) => b.ys.length - a.ys.length)
  const joined = new Set<Track>()
  const posts: Post[] = []
  for (const piece of pieces) {
    if (joined.has(piece)) continue
    const first = fitLine(piece.ys, piece.xs, MAX_SIDE_SLOPE)
    if (!first) continue
    const ys = [...piece.ys]
    const xs = [...piece.xs]
    const thickness = [...piece.thickness]
    for (const other of pieces) {
      if (other === piece || joined.has(other)) continue
      const off = other.ys.reduce((sum, y, index) => sum + Math.abs(other.xs[index]! - at(first, y)), 0) / other.ys.length
      if (off > POST_JOIN_PIXELS) continue
      joined.add(other)
      ys.push(...other.ys)
      xs.push(...other.xs)
      thickness.push(...other.thickness)
    }
    const y0 = Math.min(...ys)
    const y1 = Math.max(...ys)
    const span = y1 - y0 + 1
    if (span < POST_MIN_SPAN * height || new Set(ys).size < POST_MIN_FILL * span) continue
    const line = fitLine(ys, xs, MAX_SIDE_SLOPE)
    if (!line) continue
    // a post is straight; the curve of a round mirror's frame is not
    const onLine = ys.filter((y, index) => Math.abs(xs[index]! - at(line, y)) <= OUTLIER_PIXELS).length
    if (onLine >= POST_MIN_STRAIGHT * ys.length) posts.push({ line, y0, y1, thickness: thickness.sort((a, b) => a - b)[thickness.length >> 1]! })
  }
  return posts.sort((a, b) => at(a.line, (a.y0 + a.y1) / 2) - at(b.line, (b.y0 + b.y1) / 2))
}

/**
 * A framed shower screen is two upright posts of metal with the glass between them. Through the glass the network
 * sees the tiles behind and calls them tile, so it misses a clear pane whole while it finds the frame's posts, which
 * are opaque and plain. Where two neighbouring posts (`findPosts`) span much the same rows, stand apart, and have
 * mostly wall or glass between them, every wall pixel between their fitted lines, from the higher top to the lower
 * foot and on down while the rows between are mostly wall, becomes glass: the pane is kept as the photo has it. A
 * mirror, window or door between posts is not wall and stays what it is. In place.
 */
export function glassBetweenPosts(labels: Uint8Array, width: number, height: number): void {
  const posts = findPosts(labels, width, height)
  for (let index = 0; index + 1 < posts.length; index++) {
    const left = posts[index]!
    const right = posts[index + 1]!
    const overlap = Math.min(left.y1, right.y1) - Math.max(left.y0, right.y0) + 1
    const spans = [left.y1 - left.y0 + 1, right.y1 - right.y0 + 1]
    if (overlap < FRAME_MIN_OVERLAP * Math.min(...spans) || overlap < FRAME_MIN_OVERLAP_OF_LONGER * Math.max(...spans)) continue
    const middle = (Math.max(left.y0, right.y0) + Math.min(left.y1, right.y1)) / 2
    if (at(right.line, middle) - at(left.line, middle) < FRAME_MIN_WIDTH * width) continue
    const top = Math.min(left.y0, right.y0)
    const foot = Math.max(left.y1, right.y1)
    const between = (y: number): [number, number] => [
      Math.max(0, Math.ceil(at(left.line, y) + left.thickness / 2)),
      Math.min(width - 1, Math.floor(at(right.line, y) - right.thickness / 2)),
    ]
    let inside = 0
    let wall = 0
    for (let y = top; y <= foot; y++) {
      const [x0, x1] = between(y)
      for (let x = x0; x <= x1; x++) {
        inside++
        if (isWallOrGlass(labels[y * width + x]!)) wall++
      }
    }
    if (inside === 0 || wall < FRAME_MIN_WALL * inside) continue
    // a pane comes down to its tray, the bath or the floor: where the network lost the posts' feet (a plant, a
    // towel, the shadow low in the shower), the pane goes on down while the rows between the lines are mostly wall
    let bottom = foot
    for (let y = foot + 1; y < height; y++) {
      const [x0, x1] = between(y)
      let rowWall = 0
      for (let x = x0; x <= x1; x++) if (isWallOrGlass(labels[y * width + x]!)) rowWall++
      if (x1 < x0 || rowWall < PANE_ROW_MIN_WALL * (x1 - x0 + 1)) break
      bottom = y
    }
    for (let y = top; y <= bottom; y++) {
      const [x0, x1] = between(y)
      for (let x = x0; x <= x1; x++) if (WALL_KINDS.has(labels[y * width + x]!)) labels[y * width + x] = LABEL.glass
    }
  }
}

/** Squared distance between two pixels' colours in interleaved 8-bit RGB. */
function colourDistance(rgb: Uint8Array, a: number, b: number): number {
  return (rgb[a * 3]! - rgb[b * 3]!) ** 2 + (rgb[a * 3 + 1]! - rgb[b * 3 + 1]!) ** 2 + (rgb[a * 3 + 2]! - rgb[b * 3 + 2]!) ** 2
}

/** Passes of `growKeptToEdges`: each moves a kept surface's border out by at most a pixel (decision 0082). */
export const KEPT_GROWTH_PASSES = 2

/**
 * How far past a pixel, away from its kept neighbour, `growKeptToEdges` looks for what lies beyond. Two pixels took
 * in more of the rim and moved more borders off the photo's edge (decision 0082: leak 0.2-0.4 points lower, boundary
 * F 0.003-0.004 lower again).
 */
const BEYOND = 1
/** The four neighbours `growKeptToEdges` looks at: left, right, above, below. */
const SIDES: ReadonlyArray<readonly [number, number]> = [[-1, 0], [1, 0], [0, -1], [0, 1]]

/**
 * A window, mirror, pane, light or prop keeps its pixels, so its border is where the repainted room begins. The labels
 * come from the network's coarser grid, and where their border falls a pixel or two inside the object, that rim of it
 * is repainted in the wall's new colour. Each pass, a pixel of another class beside a kept one (left, right, above or
 * below) takes the kept label when its colour (`rgb`, interleaved 8-bit RGB at the labels' size) is nearer that
 * neighbour's than the colour of the pixel on its other side: it looks like the object, not like what lies beyond.
 * Where the photo shows the edge, the border stays on it. In place.
 */
export function growKeptToEdges(labels: Uint8Array, width: number, height: number, rgb: Uint8Array, passes = KEPT_GROWTH_PASSES): void {
  const distance = (a: number, b: number) => colourDistance(rgb, a, b)
  for (let pass = 0; pass < passes; pass++) {
    const found = labels.slice()
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const pixel = y * width + x
        if (IS_KEPT[found[pixel]!]) continue
        // Most pixels have no kept neighbour: nothing to do.
        const left = x > 0 ? IS_KEPT[found[pixel - 1]!]! : 0
        const right = x < width - 1 ? IS_KEPT[found[pixel + 1]!]! : 0
        const up = y > 0 ? IS_KEPT[found[pixel - width]!]! : 0
        const down = y < height - 1 ? IS_KEPT[found[pixel + width]!]! : 0
        if (left + right + up + down === 0) continue
        for (const [dx, dy] of SIDES) {
          const nx = x + dx
          const ny = y + dy
          if (nx < 0 || ny < 0 || nx >= width || ny >= height) continue
          const neighbour = ny * width + nx
          if (!IS_KEPT[found[neighbour]!]) continue
          // the pixel past this one on the other side, if the picture has it
          const bx = x - BEYOND * dx
          const by = y - BEYOND * dy
          if (bx >= 0 && by >= 0 && bx < width && by < height && distance(pixel, neighbour) >= distance(pixel, by * width + bx)) continue
          labels[pixel] = found[neighbour]!
          break
        }
      }
    }
  }
}

/** KEPT_KINDS as a table by label (1: kept), for the per-pixel loops below. */
const IS_KEPT = Uint8Array.from({ length: 256 }, (_, label) => (KEPT_KINDS.has(label) ? 1 : 0))

/** Passes of `snapBordersToEdges`: each moves a border by at most a pixel. */
export const BORDER_SNAP_PASSES = 3
/** How far each way from a border pixel `snapBordersToEdges` looks for the two surfaces' own colours. */
const BORDER_REACH = 3
/** A border moves only across a step in the photo at least this large (squared distance in 8-bit RGB)… */
const BORDER_MIN_STEP = 3 * 8 * 8
/** …and onto a pixel that looks at least this much nearer (squared-distance ratio) the far side than its own. */
const BORDER_NEARER = 0.8

/**
 * The border between two surfaces the redesign redraws differently (a wall and the metal frame on it, a wall and a
 * towel, a floor and a vanity) sits where the network's coarser grid put it, a pixel or a few off the photo's edge;
 * redrawn, the off pixels are a rim of the frame's new black on the wall, or of the wall's new colour on the frame.
 * Each pass, a pixel beside one of another redrawn class (left, right, above or below) takes that class when, BORDER_REACH
 * pixels away on each side, the two classes' own pixels differ clearly (BORDER_MIN_STEP) and the pixel's colour (`rgb`,
 * interleaved 8-bit RGB at the labels' size) is clearly nearer the far side's than its own side's (BORDER_NEARER).
 * Kept surfaces are left to `growKeptToEdges`, and paint against tile to the tile line. In place.
 */
export function snapBordersToEdges(labels: Uint8Array, width: number, height: number, rgb: Uint8Array, passes = BORDER_SNAP_PASSES): void {
  const distance = (a: number, b: number) => colourDistance(rgb, a, b)
  const inside = (x: number, y: number) => x >= 0 && y >= 0 && x < width && y < height
  for (let pass = 0; pass < passes; pass++) {
    const found = labels.slice()
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const pixel = y * width + x
        const own = found[pixel]!
        if (own === LABEL.void || IS_KEPT[own]) continue
        // Inside a surface (its four neighbours its own, or past the picture) there is no border to move.
        if ((x === 0 || found[pixel - 1] === own) && (x === width - 1 || found[pixel + 1] === own) && (y === 0 || found[pixel - width] === own) && (y === height - 1 || found[pixel + width] === own)) continue
        for (const [dx, dy] of SIDES) {
          if (!inside(x + dx, y + dy)) continue
          const other = found[(y + dy) * width + x + dx]!
          if (other === own || other === LABEL.void || IS_KEPT[other]) continue
          // Paint against tile is the tile line, already drawn level in the room (tile-line.ts).
          if (WALL_KINDS.has(own) && WALL_KINDS.has(other)) continue
          const fx = x + BORDER_REACH * dx
          const fy = y + BORDER_REACH * dy
          const ox = x - BORDER_REACH * dx
          const oy = y - BORDER_REACH * dy
          if (!inside(fx, fy) || !inside(ox, oy)) continue
          const far = fy * width + fx
          const near = oy * width + ox
          if (found[far] !== other || found[near] !== own) continue
          if (distance(far, near) < BORDER_MIN_STEP) continue
          if (distance(pixel, far) > BORDER_NEARER * distance(pixel, near)) continue
          labels[pixel] = other
          break
        }
      }
    }
    // A pixel that moved alone (fewer than two of its four neighbours hold what it took) was noise, not an edge.
    const moved = labels.slice()
    for (let pixel = 0; pixel < moved.length; pixel++) {
      const label = moved[pixel]!
      if (label === found[pixel]) continue
      let alike = 0
      for (let side = 0; side < 4; side++) if (moved[neighbourOf(pixel, side, width, moved.length)] === label) alike++
      if (alike < 2) labels[pixel] = found[pixel]!
    }
  }
}

/** How far either side of a pane's border `sideEdgeShare` compares the photo (pixels at the analysis size). */
const PANE_EDGE_REACH = 2
/** A row shows the pane's side where the photo steps, or has a thin line, by at least this (RGB distance)… */
const PANE_EDGE_STEP = 14
/** …and a pane is one when, on a side of it that is not the picture's edge, at least this share of its rows do. */
const PANE_MIN_EDGE_ROWS = 0.35

/**
 * Shower glass is seen by its edges: a clear pane shows the tiles behind it, but its sides are a frame, a polished
 * edge catching the light, or the step where its tint begins. A region of glass whose left and right borders, in the
 * rows where they are not the picture's edge, lie on no edge in the photo (`rgb`, interleaved 8-bit RGB at the labels'
 * size) is dark tile or plain wall the network took for glass; kept, it is a rectangle of the old wall in the new one.
 * It becomes what borders it most (decision 0087). A region with no side inside the picture is left as it is. In place.
 */
export function dropPanesWithoutEdges(labels: Uint8Array, width: number, height: number, rgb: Uint8Array): void {
  const pixels = width * height
  const seen = new Uint8Array(pixels)
  const members = new Int32Array(pixels)
  const found = labels.slice()
  for (let start = 0; start < pixels; start++) {
    if (seen[start] || found[start] !== LABEL.glass) continue
    const count = floodRegion(found, width, start, seen, members)
    const region = members.slice(0, count)
    const shares = paneSideEdgeShares(region, width, rgb)
    if (shares.length && Math.max(...shares) < PANE_MIN_EDGE_ROWS) giveToNeighbours(labels, region, width)
  }
}

/**
 * The share of rows in which a region's left and right sides lie on an edge in the photo (`sideEdgeShare`), for each
 * side that lies inside the picture somewhere (none, one or two values).
 */
export function paneSideEdgeShares(region: Int32Array, width: number, rgb: Uint8Array): number[] {
  const { y0, y1 } = regionBounds(region, width)
  const { first, last } = rowExtents(region, width, y0, y1 - y0 + 1)
  return [sideEdgeShare(rgb, width, y0, first, -1), sideEdgeShare(rgb, width, y0, last, 1)].filter((share) => !Number.isNaN(share))
}

/**
 * Over the rows where a region's border on one side (`side` -1 left, 1 right; `border[row]` its outermost x in row
 * y0 + row) lies inside the picture, the share in which the photo has an edge at that border, within a pixel: a step
 * between PANE_EDGE_REACH pixels out and in, or a thin line against both. NaN when no row's border is inside.
 */
function sideEdgeShare(rgb: Uint8Array, width: number, y0: number, border: Int32Array, side: number): number {
  let rows = 0
  let edged = 0
  for (let row = 0; row < border.length; row++) {
    const x = border[row]!
    if (x < 0 || x >= width) continue
    const outside = x + side
    if (outside - PANE_EDGE_REACH - 1 < 0 || outside + PANE_EDGE_REACH + 1 >= width) continue
    rows++
    const y = y0 + row
    for (let dx = -1; dx <= 1; dx++) {
      const centre = y * width + outside + dx
      const before = centre - PANE_EDGE_REACH
      const after = centre + PANE_EDGE_REACH
      const step = colourDistance(rgb, before, after)
      let line = 0
      for (let channel = 0; channel < 3; channel++) line += (rgb[centre * 3 + channel]! - (rgb[before * 3 + channel]! + rgb[after * 3 + channel]!) / 2) ** 2
      if (Math.max(step, line) >= PANE_EDGE_STEP * PANE_EDGE_STEP) {
        edged++
        break
      }
    }
  }
  return rows === 0 ? Number.NaN : edged / rows
}
