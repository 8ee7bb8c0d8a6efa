// Where wall tile stops and painted wall begins. Tile in a bathroom runs from the floor up to a line level on
// its wall: a wainscot at a metre or so, a splashback above the counter, full height in a shower. The network
// tells wall from wall tile pixel by pixel and is least sure of exactly that, so its answer comes out in
// patches: a blob of tile in the paint, a tongue of paint in the tiles. This fits the room's own tile line to
// that answer: per image column a height on the wall (metres above the floor, through the room's planes, so a
// level line on a receding wall is drawn in perspective), the same height from one column to the next unless a
// change of height explains enough of the answer to pay for itself (a shower's tiles beside a wainscot, a
// splashback ending). Every wall pixel below the line is tile and every one above it paint.
import { nearestWall, pixelCamera, planeProjector, projectPixel, type PlaneProjector, type RoomGeometry } from './room-geometry'
import { CLASS_WALL, CLASS_WALL_TILE } from './surface-classes'

/** Height steps of the tile line, metres. */
const STEP = 0.025
/** A change of height between neighbouring columns costs this share of the picture's height in pixels. */
export const TILE_LINE_JUMP = 0.15
/** Runs of columns at one level narrower than this share of the picture's width take a neighbour's level. */
export const TILE_LINE_MIN_RUN = 0.15

/**
 * Relabels the wall and wall-tile pixels of a label map in place: tile below the fitted line, wall above it.
 * Returns the line (metres above the floor per column; Infinity for a column tiled to the top), for tests.
 */
export function alignTileLine(labels: Uint8Array, width: number, height: number, geometry: RoomGeometry, tileShare?: Float32Array): Float64Array {
  const camera = pixelCamera(geometry.camera, width, height)
  const walls = geometry.walls.map((wall) => planeProjector(wall, camera))
  // Levels 0..top: tile where v < level × STEP; the top level means the whole column is tile.
  const top = Math.ceil(geometry.camera.ceilingHeight / STEP) + 1
  const levels = top + 1
  const bins = new Int32Array(width * height).fill(-1)
  // Per column, per bin: wall pixels and tile pixels whose height falls in it.
  const wallCount = new Float64Array(levels)
  const tileCount = new Float64Array(levels)
  const cost = new Float64Array(width * levels)
  for (let x = 0; x < width; x++) {
    wallCount.fill(0)
    tileCount.fill(0)
    for (let y = 0; y < height; y++) {
      const pixel = y * width + x
      const label = labels[pixel]
      if (label !== CLASS_WALL && label !== CLASS_WALL_TILE) continue
      const v = wallHeight(walls, x + 0.5, y + 0.5)
      const bin = Math.max(0, Math.min(top - 1, Math.floor(v / STEP)))
      bins[pixel] = bin
      // A label the clean-up before changed (a speck of tile the network preferred, turned wall) counts as unsure.
      const sure = tileShare ? tileShare[pixel]! : label === CLASS_WALL_TILE ? 1 : 0
      const share = label === CLASS_WALL_TILE ? Math.max(0.5, sure) : Math.min(0.5, sure)
      wallCount[bin]! += 1 - share
      tileCount[bin]! += share
    }
    // cost(level) = wall pixels below the line + tile pixels above it.
    let tileAbove = 0
    for (let bin = 0; bin < levels; bin++) tileAbove += tileCount[bin]!
    let wallBelow = 0
    for (let level = 0; level < levels; level++) {
      cost[x * levels + level] = wallBelow + tileAbove
      wallBelow += wallCount[level]!
      tileAbove -= tileCount[level]!
    }
  }

  // Potts dynamic programme over the columns: total disagreement plus JUMP per change of level.
  const jump = TILE_LINE_JUMP * height
  const total = new Float64Array(levels)
  const from = new Int32Array(width * levels)
  for (let level = 0; level < levels; level++) total[level] = cost[level]!
  for (let x = 1; x < width; x++) {
    let bestLevel = 0
    for (let level = 1; level < levels; level++) if (total[level]! < total[bestLevel]!) bestLevel = level
    const switched = total[bestLevel]! + jump
    for (let level = 0; level < levels; level++) {
      const stay = total[level]!
      if (stay <= switched) {
        from[x * levels + level] = level
        total[level] = stay + cost[x * levels + level]!
      } else {
        from[x * levels + level] = bestLevel
        total[level] = switched + cost[x * levels + level]!
      }
    }
  }
  const chosen = new Int32Array(width)
  let level = 0
  for (let candidate = 1; candidate < levels; candidate++) if (total[candidate]! < total[level]!) level = candidate
  for (let x = width - 1; x >= 0; x--) {
    chosen[x] = level
    level = from[x * levels + level]!
  }

  mergeNarrowRuns(chosen, cost, levels, Math.round(TILE_LINE_MIN_RUN * width))

  const line = new Float64Array(width)
  for (let x = 0; x < width; x++) line[x] = chosen[x] === top ? Number.POSITIVE_INFINITY : chosen[x]! * STEP
  for (let pixel = 0; pixel < labels.length; pixel++) {
    const bin = bins[pixel]!
    if (bin < 0) continue
    labels[pixel] = bin < chosen[pixel % width]! ? CLASS_WALL_TILE : CLASS_WALL
  }
  return line
}

/**
 * Gives each run of columns at one level narrower than `minRun` (not counting runs at the picture's edges, which may
 * be cut off) the level of the neighbouring run that fits its columns better, narrowest first: a run that narrow
 * is a patch of the network's answer, not a shower or a splashback, and a line that jumps up and back for it draws
 * a stripe of tile up the painted wall.
 */
function mergeNarrowRuns(chosen: Int32Array, cost: Float64Array, levels: number, minRun: number): void {
  const width = chosen.length
  for (;;) {
    let narrowest: [number, number] | null = null
    for (let start = 0; start < width; ) {
      let end = start
      while (end + 1 < width && chosen[end + 1] === chosen[start]) end++
      const inside = start > 0 && end < width - 1
      if (inside && end - start + 1 < minRun && (!narrowest || end - start < narrowest[1] - narrowest[0])) narrowest = [start, end]
      start = end + 1
    }
    if (!narrowest) return
    const [start, end] = narrowest
    const fit = (level: number) => {
      let sum = 0
      for (let x = start; x <= end; x++) sum += cost[x * levels + level]!
      return sum
    }
    const left = chosen[start - 1]!
    const right = chosen[end + 1]!
    const level = fit(left) <= fit(right) ? left : right
    for (let x = start; x <= end; x++) chosen[x] = level
  }
}

/** Height above the floor (metres) of a pixel on the wall its ray meets first. */
function wallHeight(walls: readonly PlaneProjector[], x: number, y: number): number {
  const wall = walls[nearestWall(walls, x, y)]
  const coordinates = wall ? projectPixel(wall, x, y) : null
  // A wall's v runs down it from the floor line (room-geometry.ts): height is its negative.
  return coordinates ? -coordinates[1] : 0
}
