// Which way the room's walls run, from the photo's own straight edges. A bathroom is a box: its level edges (grout
// courses, the tops of tiles and vanities, window and door frames, the lines where walls meet floor and ceiling) run
// in two directions at right angles, and each direction's edges converge on one vanishing point on the horizon.
// Every edge pixel votes for the frame angles whose vanishing points its edge points at; the best-voted angle is the
// room's frame. It needs no foot line, so it also turns rooms whose floor is hidden (behind a bath, out of frame)
// whose walls would otherwise be taken to face the camera square.
import { boxBlur } from './box-blur'
import { greyPixels } from './colour-space'
import type { PixelCamera } from './room-geometry'
import { CLASS_CEILING, CLASS_DOOR, CLASS_FLOOR, CLASS_MIRROR, CLASS_VANITY, CLASS_WALL, CLASS_WALL_TILE, CLASS_WINDOW } from './surface-classes'

/** Classes whose edges are mostly the room's own straight lines (not a basin's curve or a plant's leaves). */
const BOXY_CLASSES = new Set<number>([CLASS_WALL, CLASS_WALL_TILE, CLASS_FLOOR, CLASS_CEILING, CLASS_DOOR, CLASS_WINDOW, CLASS_VANITY, CLASS_MIRROR])
/** Frame angles tried, degrees: a frame and the same turned by 90° are one. */
const STEP_DEGREES = 1
/** An edge points at a vanishing point when its direction is within this of the line to it. */
const AGREEMENT = Math.sin((3.5 * Math.PI) / 180)
/** Edges steeper than this are taken for the room's verticals and do not vote. */
const STEEPEST = Math.cos((22 * Math.PI) / 180)
/** Least gradient (8-bit grey levels a pixel) for a pixel to be an edge. */
const MIN_GRADIENT = 6
/** Window of the structure tensor (pixels each side), and the least coherence of an edge: 1 for a perfect line. */
const TENSOR_RADIUS = 3
const MIN_COHERENCE = 0.7
/** Fewest voting edges for an answer. Any clear peak is then taken: on 120 labelled scenes, demanding the winner
 * stand 1.3-2 times above the mean vote left more rooms to the label map's guess and raised the error (decision 0084). */
const MIN_EDGES = 50
/** Tilts tried, degrees (positive looking down). */
const TILT_LOW = -15
const TILT_STEP = 0.5
const TILT_STEPS = 81

export type RoomFrame = {
  /** The camera's tilt down (radians, as PixelCamera's forward: positive looking down), or null where the room's verticals do not show it. */
  tilt: number | null
  /** Plan angle of the walls' normals (radians, in [-π/4, π/4)), 0 for walls square to the camera's view. */
  angle: number
}

/**
 * The frame angle best supported by the photo's level edges, and the tilt by its verticals; null where too few
 * edges vote. rgb is the analysis copy (3 bytes a pixel), labels its label grid, camera the room camera at that size.
 */
export function roomFrameFromEdges(rgb: Uint8Array, labels: Uint8Array, width: number, height: number, camera: PixelCamera): RoomFrame | null {
  const grey = greyPixels(rgb, width * height)
  // Edge directions from the structure tensor over a 7 × 7 window: one pixel's gradient points a few degrees off,
  // the tensor of a straight edge's neighbourhood within a degree.
  const count = width * height
  const xx = new Float32Array(count)
  const yy = new Float32Array(count)
  const xy = new Float32Array(count)
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const pixel = y * width + x
      const gx = (grey[pixel - width + 1]! + 2 * grey[pixel + 1]! + grey[pixel + width + 1]! - grey[pixel - width - 1]! - 2 * grey[pixel - 1]! - grey[pixel + width - 1]!) / 4
      const gy = (grey[pixel + width - 1]! + 2 * grey[pixel + width]! + grey[pixel + width + 1]! - grey[pixel - width - 1]! - 2 * grey[pixel - width]! - grey[pixel - width + 1]!) / 4
      xx[pixel] = gx * gx
      yy[pixel] = gy * gy
      xy[pixel] = gx * gy
    }
  }
  boxBlur(xx, width, height, TENSOR_RADIUS)
  boxBlur(yy, width, height, TENSOR_RADIUS)
  boxBlur(xy, width, height, TENSOR_RADIUS)
  // The edges that vote: position, direction, strength.
  const edgeX: number[] = []
  const edgeY: number[] = []
  const edgeDx: number[] = []
  const edgeDy: number[] = []
  const edgeWeight: number[] = []
  // Floor and ceiling hold no verticals, and their level lines running into the picture look steep: they vote only
  // for the frame.
  const edgeLevelOnly: boolean[] = []
  for (let y = 2; y < height - 2; y++) {
    for (let x = 2; x < width - 2; x++) {
      const pixel = y * width + x
      if (!BOXY_CLASSES.has(labels[pixel]!)) continue
      const a = xx[pixel]!
      const b = yy[pixel]!
      const c = xy[pixel]!
      const trace = a + b
      if (trace < MIN_GRADIENT * MIN_GRADIENT) continue
      const spread = Math.sqrt((a - b) * (a - b) + 4 * c * c)
      if (spread / trace < MIN_COHERENCE) continue
      // The gradient's direction is the tensor's main axis; the edge runs across it.
      const gradientAngle = 0.5 * Math.atan2(2 * c, a - b)
      edgeX.push(x + 0.5)
      edgeY.push(y + 0.5)
      edgeDx.push(-Math.sin(gradientAngle))
      edgeDy.push(Math.cos(gradientAngle))
      edgeWeight.push(Math.sqrt(trace))
      edgeLevelOnly.push(labels[pixel] === CLASS_FLOOR || labels[pixel] === CLASS_CEILING)
    }
  }
  /** Votes of the edges (steep ones or level ones) for each of a list of vanishing points (homogeneous). */
  const vote = (points: ReadonlyArray<readonly [number, number, number]>, steep: boolean, votes: Float64Array) => {
    let voters = 0
    for (let edge = 0; edge < edgeX.length; edge++) {
      const ex = edgeDx[edge]!
      const ey = edgeDy[edge]!
      if (Math.abs(ey) > STEEPEST !== steep || (steep && edgeLevelOnly[edge])) continue
      voters++
      const px = edgeX[edge]!
      const py = edgeY[edge]!
      for (let index = 0; index < points.length; index++) {
        const [vx, vy, vz] = points[index]!
        const wx = vx - px * vz
        const wy = vy - py * vz
        const length = Math.sqrt(wx * wx + wy * wy)
        if (length < 1e-9) continue
        // A soft vote, more the closer the edge points: where many candidates lie within the tolerance (a far
        // vanishing point), the one it points at best wins, not the first of them.
        const off = Math.abs(ex * wy - ey * wx) / length
        if (off < AGREEMENT) votes[index % votes.length]! += edgeWeight[edge]! * (1 - off / AGREEMENT)
      }
    }
    return voters
  }
  const toImage = (direction: readonly [number, number, number]): [number, number, number] => [camera.focal * direction[0] + camera.cx * direction[2], camera.focal * direction[1] + camera.cy * direction[2], direction[2]]

  // The camera's tilt, from the room's verticals: they meet at the vanishing point of the up direction.
  const tilts: Array<[number, number, number]> = []
  for (let step = 0; step < TILT_STEPS; step++) {
    const tilt = ((TILT_LOW + step * TILT_STEP) * Math.PI) / 180
    tilts.push(toImage([0, -Math.cos(tilt), -Math.sin(tilt)]))
  }
  const tiltVotes = new Float64Array(TILT_STEPS)
  const steepEdges = vote(tilts, true, tiltVotes)
  const tiltBest = peak(tiltVotes)
  const tilt = steepEdges >= MIN_EDGES && tiltBest !== null ? ((TILT_LOW + tiltBest * TILT_STEP) * Math.PI) / 180 : null
  const viewTilt = tilt ?? Math.atan2(-camera.forward[1], camera.forward[2])
  const forwardY = -Math.sin(viewTilt)
  const forwardZ = Math.cos(viewTilt)

  // Vanishing points of the two level directions of the frame at each angle: along walls whose normal is at that
  // angle, and along their normal (the walls square to them); the second set of points follows the first.
  const steps = Math.round(90 / STEP_DEGREES)
  const points: Array<[number, number, number]> = []
  for (let step = 0; step < steps; step++) {
    const angle = ((step * STEP_DEGREES - 45) * Math.PI) / 180
    points.push(toImage([Math.cos(angle), -Math.sin(angle) * forwardY, -Math.sin(angle) * forwardZ]))
  }
  for (let step = 0; step < steps; step++) {
    const angle = ((step * STEP_DEGREES - 45) * Math.PI) / 180
    points.push(toImage([Math.sin(angle), Math.cos(angle) * forwardY, Math.cos(angle) * forwardZ]))
  }
  const votes = new Float64Array(steps)
  const edges = vote(points, false, votes)
  const best = peak(votes)
  if (edges < MIN_EDGES || best === null) return null
  return { angle: ((best * STEP_DEGREES - 45) * Math.PI) / 180, tilt }
}

/** Index of the most-voted bin, or null when no bin has more votes than another (no edge agreed with any). */
function peak(votes: Float64Array): number | null {
  let best = 0
  let least = votes[0]!
  for (let index = 1; index < votes.length; index++) {
    if (votes[index]! > votes[best]!) best = index
    if (votes[index]! < least) least = votes[index]!
  }
  return votes[best]! > least ? best : null
}
