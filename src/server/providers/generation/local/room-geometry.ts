// The room's geometry from its label map: a pinhole camera (focal length, horizon row, height above the floor)
// and the planes the redesign dresses: the floor, the ceiling, each visible wall, the vanity's front and the
// countertop. Walls are found in plan view: every column where the floor meets a wall gives a point of the
// wall's foot on the ground plane; the foot line is split into straight runs, one run a wall. Walls whose
// foot is hidden (behind a vanity, a bath) are covered by the nearest run extended, because a wall pixel takes
// the nearest wall its ray meets (the room is treated as convex, as a bathroom seen from inside almost is).
//
// Camera coordinates: x right, y down, z forward (the optical axis). The camera may look down or up (pitch) but
// is not rolled. Every plane is n·X = offset with offset > 0 (the camera is in front of it) and carries two
// axes for metric (u, v) coordinates, so a material's real-world size maps to pixels through the plane's
// homography.
import { roomFrameFromEdges } from './room-frame'
import { CLASS_CEILING, CLASS_DOOR, CLASS_FLOOR, CLASS_VANITY, CLASS_WALL, CLASS_WALL_TILE } from './surface-classes'

export type Vec3 = readonly [number, number, number]

export type PlaneKind = 'floor' | 'ceiling' | 'wall' | 'cabinet' | 'counter'

export type Plane = {
  kind: PlaneKind
  normal: Vec3
  offset: number
  /** Unit axes along the plane for its (u, v) coordinates, metres. */
  uAxis: Vec3
  vAxis: Vec3
  /** Subtracted from v, so a wall's tile courses start at the floor line. */
  vOrigin: number
}

export type RoomCamera = {
  /** Focal length as a share of the image's long side. */
  focalShare: number
  /** Horizon row as a share of the image height (0 top, 1 bottom; may lie outside). */
  horizonShare: number
  /** Camera height above the floor, metres. */
  height: number
  /** Floor to ceiling, metres. */
  ceilingHeight: number
}

export type RoomGeometry = {
  camera: RoomCamera
  floor: Plane
  ceiling: Plane
  walls: Plane[]
  cabinet: Plane
  counter: Plane
}

/** Typical field of view across the long side of a phone photo of a room (degrees). */
export const DEFAULT_FIELD_OF_VIEW = 66
export const DEFAULT_CAMERA_HEIGHT = 1.5
export const DEFAULT_CEILING_HEIGHT = 2.4
const COUNTER_HEIGHT = 0.86
/** A wall facing the camera at this distance stands in when no wall foot is visible. */
const FALLBACK_WALL_DISTANCE = 2.6
const FALLBACK_CABINET_DISTANCE = 1.8
const MIN_WALL_DISTANCE = 0.6
const MAX_WALL_DISTANCE = 7
/** Horizon rows kept within this share of the height from the image centre. */
const HORIZON_REACH = 0.35

export function focalShareForFieldOfView(degrees: number): number {
  return 0.5 / Math.tan((degrees * Math.PI) / 360)
}

/** The camera's pixel geometry at a given image size. */
export type PixelCamera = { focal: number; cx: number; cy: number; up: Vec3; forward: Vec3; height: number; ceilingHeight: number }

export function pixelCamera(camera: RoomCamera, width: number, height: number): PixelCamera {
  const focal = camera.focalShare * Math.max(width, height)
  const cx = width / 2
  const cy = height / 2
  const pitch = Math.atan((cy - camera.horizonShare * height) / focal)
  return {
    focal,
    cx,
    cy,
    up: [0, -Math.cos(pitch), -Math.sin(pitch)],
    forward: [0, -Math.sin(pitch), Math.cos(pitch)],
    height: camera.height,
    ceilingHeight: camera.ceilingHeight,
  }
}

function dot(a: Vec3, b: Vec3): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

function combine(a: Vec3, sa: number, b: Vec3, sb: number): Vec3 {
  return [a[0] * sa + b[0] * sb, a[1] * sa + b[1] * sb, a[2] * sa + b[2] * sb]
}

const RIGHT: Vec3 = [1, 0, 0]

/** Ray through the point (px, py) of the image (pixel units, continuous: pixel centres at +0.5). */
export function rayAt(camera: PixelCamera, px: number, py: number): Vec3 {
  return [(px - camera.cx) / camera.focal, (py - camera.cy) / camera.focal, 1]
}

/** Where a ray meets a plane (null behind the camera or parallel). */
export function intersect(plane: Plane, ray: Vec3): Vec3 | null {
  const denominator = dot(plane.normal, ray)
  if (denominator <= 1e-9) return null
  const t = plane.offset / denominator
  return [ray[0] * t, ray[1] * t, ray[2] * t]
}

/** Metric (u, v) of a 3D point on a plane. */
export function planeCoordinates(plane: Plane, point: Vec3): [number, number] {
  return [dot(plane.uAxis, point), dot(plane.vAxis, point) - plane.vOrigin]
}

/** Ground-plane (plan view) coordinates of a floor point: metres right of and ahead of the camera. */
function planOf(camera: PixelCamera, point: Vec3): [number, number] {
  return [dot(RIGHT, point), dot(camera.forward, point)]
}

function floorPlane(camera: PixelCamera, axes: { across: Vec3; along: Vec3 }): Plane {
  // up·X = -height: the normal that faces away from the camera is -up.
  return { kind: 'floor', normal: combine(camera.up, -1, camera.up, 0), offset: camera.height, uAxis: axes.across, vAxis: axes.along, vOrigin: 0 }
}

function horizontalPlane(kind: 'ceiling' | 'counter', camera: PixelCamera, heightAboveFloor: number, axes: { across: Vec3; along: Vec3 }): Plane {
  const above = heightAboveFloor - camera.height
  // up·X = above. Above the camera the plane faces it from above (normal up); below, from below.
  return above >= 0
    ? { kind, normal: camera.up, offset: Math.max(1e-3, above), uAxis: axes.across, vAxis: axes.along, vOrigin: 0 }
    : { kind, normal: combine(camera.up, -1, camera.up, 0), offset: -above, uAxis: axes.across, vAxis: axes.along, vOrigin: 0 }
}

/** A vertical plane from its foot line in plan view: points p with n·p = c (n unit, in right/forward terms). */
function verticalPlane(kind: 'wall' | 'cabinet', camera: PixelCamera, normalPlan: [number, number], c: number): Plane {
  let [nr, nf] = normalPlan
  let offset = c
  if (offset < 0) {
    nr = -nr
    nf = -nf
    offset = -offset
  }
  const normal = combine(RIGHT, nr, camera.forward, nf)
  // Along the wall, left to right as the camera sees it; down the wall (v = -height above the floor).
  let ur = -nf
  let uf = nr
  if (ur < 0 || (ur === 0 && uf < 0)) {
    ur = -ur
    uf = -uf
  }
  const uAxis = combine(RIGHT, ur, camera.forward, uf)
  return { kind, normal, offset: Math.max(0.05, offset), uAxis, vAxis: combine(camera.up, -1, camera.up, 0), vOrigin: camera.height }
}

type PlanPoint = { column: number; right: number; ahead: number }

/** Fits a line (total least squares) to plan points: unit normal and offset. */
function fitLine(points: readonly PlanPoint[]): { normal: [number, number]; offset: number; residual: number } {
  let meanR = 0
  let meanF = 0
  for (const point of points) {
    meanR += point.right
    meanF += point.ahead
  }
  meanR /= points.length
  meanF /= points.length
  let srr = 0
  let sff = 0
  let srf = 0
  for (const point of points) {
    const dr = point.right - meanR
    const df = point.ahead - meanF
    srr += dr * dr
    sff += df * df
    srf += dr * df
  }
  // The normal is the eigenvector of the smaller eigenvalue of the scatter matrix.
  const angle = 0.5 * Math.atan2(2 * srf, srr - sff)
  const normal: [number, number] = [-Math.sin(angle), Math.cos(angle)]
  const offset = normal[0] * meanR + normal[1] * meanF
  let residual = 0
  for (const point of points) residual = Math.max(residual, Math.abs(normal[0] * point.right + normal[1] * point.ahead - offset))
  return { normal, offset, residual }
}

/** Splits plan points, ordered by column, into straight runs (recursive split at the farthest point). */
function splitRuns(points: readonly PlanPoint[], first: number, last: number, runs: Array<[number, number]>): void {
  if (last - first < 2) {
    runs.push([first, last])
    return
  }
  const a = points[first]!
  const b = points[last]!
  const dr = b.right - a.right
  const df = b.ahead - a.ahead
  const length = Math.hypot(dr, df)
  let worst = -1
  let worstIndex = -1
  for (let index = first + 1; index < last; index++) {
    const point = points[index]!
    const distance = length > 1e-6 ? Math.abs((point.right - a.right) * df - (point.ahead - a.ahead) * dr) / length : Math.hypot(point.right - a.right, point.ahead - a.ahead)
    if (distance > worst) {
      worst = distance
      worstIndex = index
    }
  }
  const depth = Math.max(a.ahead, b.ahead, 1)
  const tolerance = 0.05 + 0.025 * depth
  if (worst <= tolerance) {
    runs.push([first, last])
    return
  }
  splitRuns(points, first, worstIndex, runs)
  splitRuns(points, worstIndex, last, runs)
}

function isWallLike(label: number): boolean {
  return label === CLASS_WALL || label === CLASS_WALL_TILE || label === CLASS_DOOR
}

/**
 * For each column, the row of the boundary where the floor meets what stands above it (of the given kind), or
 * -1. The boundary row is the floor's first row (continuous coordinate of its top edge).
 */
function footRows(labels: Uint8Array, width: number, height: number, above: (label: number) => boolean): Int32Array {
  const rows = new Int32Array(width).fill(-1)
  for (let x = 0; x < width; x++) {
    for (let y = 1; y < height; y++) {
      if (labels[y * width + x] !== CLASS_FLOOR) continue
      // Allow a pixel or two of something else (a skirting line, a label slip) between the wall and the floor.
      let found = false
      for (let step = 1; step <= 2 && y - step >= 0; step++) {
        if (above(labels[(y - step) * width + x]!)) {
          found = true
          break
        }
      }
      if (found) {
        rows[x] = y
        break
      }
    }
  }
  return rows
}

/** Horizon row estimated from columns where a wall spans from the floor to the ceiling. */
function estimateHorizon(labels: Uint8Array, width: number, height: number, cameraHeight: number, ceilingHeight: number): number | null {
  const estimates: number[] = []
  for (let x = 0; x < width; x++) {
    let y = 0
    while (y < height && labels[y * width + x] === CLASS_CEILING) y++
    if (y === 0 || y >= height) continue
    const ceilingBottom = y
    let wallRun = 0
    while (y < height && labels[y * width + x] !== CLASS_FLOOR) {
      if (isWallLike(labels[y * width + x]!)) wallRun++
      y++
    }
    if (y >= height) continue
    const floorTop = y
    // Only columns where the wall itself reaches both ends (not a vanity standing on the floor in front of it).
    if (!isWallLike(labels[(floorTop - 1) * width + x]!) || wallRun < (floorTop - ceilingBottom) * 0.5) continue
    estimates.push((floorTop * (ceilingHeight - cameraHeight) + ceilingBottom * cameraHeight) / ceilingHeight)
  }
  if (estimates.length < Math.max(3, width * 0.08)) return null
  estimates.sort((a, b) => a - b)
  return estimates[Math.floor(estimates.length / 2)]!
}

export type GeometryOptions = {
  /** Field of view across the long side, degrees; the default is a typical phone camera's. */
  fieldOfView?: number
  cameraHeight?: number
  ceilingHeight?: number
  /**
   * The photo at the label map's size (3 bytes a pixel). With it, the room's straight edges give the camera's tilt
   * and the walls' direction (`room-frame.ts`); without it, the label map alone does.
   */
  photo?: Uint8Array
}

/** The room's camera and planes from its label map. */
export function estimateRoomGeometry(labels: Uint8Array, width: number, height: number, options: GeometryOptions = {}): RoomGeometry {
  const cameraHeight = options.cameraHeight ?? DEFAULT_CAMERA_HEIGHT
  const ceilingHeight = options.ceilingHeight ?? DEFAULT_CEILING_HEIGHT
  const focalShare = focalShareForFieldOfView(options.fieldOfView ?? DEFAULT_FIELD_OF_VIEW)

  // Horizon: from the floor/ceiling split where a wall spans both, else a level camera (the image centre).
  const labelHorizon = estimateHorizon(labels, width, height, cameraHeight, ceilingHeight)
  // The horizon stays within HORIZON_REACH of the middle, whatever gave it.
  const withinReach = (row: number) => Math.min(height * (0.5 + HORIZON_REACH), Math.max(height * (0.5 - HORIZON_REACH), row))
  let horizon = withinReach(labelHorizon ?? height / 2)
  // The floor lies below the horizon and the ceiling above it, whatever the estimate said.
  let floorTop = height
  let ceilingBottom = 0
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const label = labels[y * width + x]
      if (label === CLASS_FLOOR && y < floorTop) floorTop = y
      if (label === CLASS_CEILING && y + 1 > ceilingBottom) ceilingBottom = y + 1
    }
  }
  // The room's straight edges: their level lines give the direction its walls run, and its verticals the camera's
  // tilt, which sets the horizon where no wall spans floor to ceiling (where one does, its split is the surer guide:
  // a bare room's two corners are too few verticals to read a tilt by).
  const frame = options.photo ? roomFrameFromEdges(options.photo, labels, width, height, pixelCamera({ focalShare, horizonShare: horizon / height, height: cameraHeight, ceilingHeight }, width, height)) : null
  if (labelHorizon === null && frame?.tilt != null) {
    const focal = focalShare * Math.max(width, height)
    horizon = withinReach(height / 2 - focal * Math.tan(frame.tilt))
  }
  if (floorTop < height && horizon > floorTop - 2) horizon = floorTop - 2
  if (ceilingBottom > 0 && horizon < ceilingBottom + 2 && ceilingBottom + 2 < floorTop - 2) horizon = ceilingBottom + 2

  const wallFeet: WallLines = { feet: footRows(labels, width, height, isWallLike), tops: wallTopRows(labels, width, height) }
  const camera: RoomCamera = {
    focalShare: options.fieldOfView === undefined ? (squareCornerFocal(wallFeet, width, height, horizon / height, cameraHeight, ceilingHeight) ?? focalShare) : focalShare,
    horizonShare: horizon / height,
    height: cameraHeight,
    ceilingHeight,
  }
  const pixel = pixelCamera(camera, width, height)

  const walls = findWalls(labels, wallFeet, width, height, pixel, frame?.angle ?? null)
  // Floor and ceiling axes follow the widest wall, so tiles and planks run square to the room.
  const main = walls.reduce<{ plane: Plane; span: number } | null>((best, wall) => (best && best.span >= wall.span ? best : wall), null)
  const facing = frame?.angle ?? 0
  const mainPlane = main?.plane ?? verticalPlane('wall', pixel, [Math.sin(facing), Math.cos(facing)], FALLBACK_WALL_DISTANCE)
  const axes = { across: mainPlane.uAxis, along: mainPlane.normal }
  const wallPlanes = walls.length > 0 ? walls.map((wall) => wall.plane) : [mainPlane]

  return {
    camera,
    floor: floorPlane(pixel, axes),
    ceiling: horizontalPlane('ceiling', pixel, ceilingHeight, axes),
    walls: wallPlanes,
    cabinet: findCabinet(labels, width, height, pixel, mainPlane),
    counter: horizontalPlane('counter', pixel, COUNTER_HEIGHT, axes),
  }
}

/** For each column, the row just below the lowest ceiling pixel that has a wall beneath it, or -1. */
function wallTopRows(labels: Uint8Array, width: number, height: number): Int32Array {
  const rows = new Int32Array(width).fill(-1)
  for (let x = 0; x < width; x++) {
    for (let y = height - 2; y >= 0; y--) {
      if (labels[y * width + x] !== CLASS_CEILING) continue
      for (let step = 1; step <= 2 && y + step < height; step++) {
        if (isWallLike(labels[(y + step) * width + x]!)) {
          rows[x] = y + 1
          break
        }
      }
      break
    }
  }
  return rows
}

function footPoints(rows: Int32Array, camera: PixelCamera, floor: Plane): PlanPoint[] {
  const points: PlanPoint[] = []
  for (let x = 0; x < rows.length; x++) {
    const y = rows[x]!
    if (y < 0) continue
    const point = intersect(floor, rayAt(camera, x + 0.5, y))
    if (!point) continue
    const [right, ahead] = planOf(camera, point)
    if (ahead <= 0.2 || ahead > 30) continue
    points.push({ column: x, right, ahead })
  }
  return points
}

type Run = { points: PlanPoint[]; normal: [number, number]; offset: number }

/** The foot line's straight runs in plan view, neighbouring runs on one line merged. */
/** Per column, the row where a wall meets the floor (its foot) and where it meets the ceiling (its top), or -1. */
type WallLines = { feet: Int32Array; tops: Int32Array }

function wallRuns(lines: WallLines, width: number, camera: PixelCamera): Run[] {
  const axes = { across: RIGHT, along: camera.forward }
  // A wall's foot where it is visible; where a bath or a vanity hides it, the wall's top line under the ceiling,
  // which is rarely hidden (both lines project onto the plan through their own horizontal plane).
  const feet = footPoints(lines.feet, camera, floorPlane(camera, axes))
  const seen = new Uint8Array(width)
  for (const point of feet) seen[point.column] = 1
  const tops = new Int32Array(width).fill(-1)
  for (let x = 0; x < width; x++) if (!seen[x]) tops[x] = lines.tops[x]!
  const points = [...feet, ...footPoints(tops, camera, horizontalPlane('ceiling', camera, camera.ceilingHeight, axes))].sort((a, b) => a.column - b.column)
  if (points.length < 3) return []
  const runs: Array<[number, number]> = []
  splitRuns(points, 0, points.length - 1, runs)
  const minimum = Math.max(4, Math.round(width * 0.03))
  const fitted: Run[] = []
  for (const [first, last] of runs) {
    // Runs share their split point; the corner belongs to both.
    const members = points.slice(first, last + 1)
    if (members.length < minimum) continue
    const line = fitLine(members)
    const previous = fitted[fitted.length - 1]
    if (previous) {
      // Neighbouring runs on (almost) one line are one wall, split by noise or a gap.
      const cosine = Math.abs(previous.normal[0] * line.normal[0] + previous.normal[1] * line.normal[1])
      const merged = [...previous.points, ...members]
      const together = fitLine(merged)
      if (cosine > Math.cos((12 * Math.PI) / 180) && together.residual < 0.08 + 0.02 * Math.max(1, ...merged.map((p) => p.ahead))) {
        fitted[fitted.length - 1] = { points: merged, normal: together.normal, offset: together.offset }
        continue
      }
    }
    fitted.push({ points: members, normal: line.normal, offset: line.offset })
  }
  return fitted
}

/**
 * The focal length (as a share of the long side) under which the walls meeting at the visible corners stand
 * square, searched over fields of view from 45° to 90°; null when fewer than two long walls meet in view, or
 * when no field of view squares them well.
 */
function squareCornerFocal(wallFeet: WallLines, width: number, height: number, horizonShare: number, cameraHeight: number, ceilingHeight: number): number | null {
  let best: number | null = null
  let bestError = Number.POSITIVE_INFINITY
  for (let degrees = 45; degrees <= 90; degrees += 1) {
    const focalShare = focalShareForFieldOfView(degrees)
    const camera = pixelCamera({ focalShare, horizonShare, height: cameraHeight, ceilingHeight }, width, height)
    const runs = wallRuns(wallFeet, width, camera).filter((run) => run.points.length >= width * 0.08)
    if (runs.length < 2) return null
    let error = 0
    for (let index = 1; index < runs.length; index++) {
      const a = runs[index - 1]!
      const b = runs[index]!
      error += Math.abs(a.normal[0] * b.normal[0] + a.normal[1] * b.normal[1])
    }
    error /= runs.length - 1
    if (error < bestError) {
      bestError = error
      best = focalShare
    }
  }
  // Within about 6° of square: the corners agree on one camera.
  return bestError < 0.1 ? best : null
}

/** A run further than this from the room's square frame is left as fitted (a wall built at an angle). */
const MAX_SQUARING = (30 * Math.PI) / 180

/**
 * A bathroom's walls stand square to one another, while each foot run alone gives its wall's direction only as well
 * as its few columns of labels allow (a run of 20 columns a pixel off at one end turns its wall by 20° or more).
 * The room's frame is the runs' common direction modulo 90° (each run's angle, times four, averaged on the circle
 * and weighted by its length); each run is turned to the nearest of the frame's four directions, unless it is
 * further than MAX_SQUARING from all of them, and its offset refitted through its points. Neighbouring runs that
 * end up one wall are merged.
 */
function squareToRoom(runs: readonly Run[], frameAngle: number | null = null): Run[] {
  if (runs.length === 0) return []
  const frame = frameAngle ?? runsFrame(runs)
  if (frame === null) return [...runs]
  const squared: Run[] = []
  for (const run of runs) {
    const angle = Math.atan2(run.normal[0], run.normal[1])
    const quarter = Math.round((angle - frame) / (Math.PI / 2))
    const target = frame + quarter * (Math.PI / 2)
    if (Math.abs(angle - target) > MAX_SQUARING) {
      squared.push(run)
      continue
    }
    const normal: [number, number] = [Math.sin(target), Math.cos(target)]
    const offsetOf = (points: readonly PlanPoint[]) => points.reduce((sum, point) => sum + normal[0] * point.right + normal[1] * point.ahead, 0) / points.length
    const previous = squared[squared.length - 1]
    if (previous && Math.abs(previous.normal[0] * normal[0] + previous.normal[1] * normal[1]) > 0.999) {
      const points = [...previous.points, ...run.points]
      const offset = offsetOf(points)
      const depth = Math.max(1, ...points.map((point) => point.ahead))
      if (points.every((point) => Math.abs(normal[0] * point.right + normal[1] * point.ahead - offset) < 0.08 + 0.02 * depth)) {
        squared[squared.length - 1] = { points, normal, offset }
        continue
      }
    }
    squared.push({ points: run.points, normal, offset: offsetOf(run.points) })
  }
  return squared
}

/** The runs' common direction modulo 90° (radians), or null where their directions cancel out. */
function runsFrame(runs: readonly Run[]): number | null {
  let cosine = 0
  let sine = 0
  for (const run of runs) {
    const angle = Math.atan2(run.normal[0], run.normal[1])
    cosine += run.points.length * Math.cos(4 * angle)
    sine += run.points.length * Math.sin(4 * angle)
  }
  return Math.hypot(cosine, sine) < 1e-9 ? null : Math.atan2(sine, cosine) / 4
}

function findWalls(labels: Uint8Array, wallFeet: WallLines, width: number, height: number, camera: PixelCamera, frameAngle: number | null): Array<{ plane: Plane; span: number }> {
  const fitted = squareToRoom(wallRuns(wallFeet, width, camera), frameAngle)
  // A wall nearer than MIN_WALL_DISTANCE or beyond MAX_WALL_DISTANCE is a mislabelled foot line, not a bathroom wall.
  const plausible = fitted.filter((run) => Math.abs(run.offset) >= MIN_WALL_DISTANCE && Math.abs(run.offset) <= MAX_WALL_DISTANCE)
  const walls = plausible.map((run) => ({ plane: verticalPlane('wall', camera, run.normal, run.offset), span: run.points.length, run }))
  if (walls.length === 0) return []
  // Wall seen beyond the ends of the visible foot line, with no foot of its own (hidden behind a bath, a vanity,
  // or out of frame below): the room's next wall, square to the end run and through its end: a box room's corner.
  const wallColumns = new Uint32Array(width)
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) if (isWallLike(labels[y * width + x]!)) wallColumns[x]!++
  const addCorner = (end: PlanPoint, run: { normal: [number, number] }, side: -1 | 1) => {
    let beyond = 0
    for (let x = side < 0 ? 0 : end.column + 1; side < 0 ? x < end.column : x < width; x++) beyond += wallColumns[x]!
    const columns = side < 0 ? end.column : width - 1 - end.column
    // Only where the end run faces the camera (a back wall), and a good share of wall lies beyond it.
    if (columns < width * 0.06 || beyond < columns * height * 0.1 || Math.abs(run.normal[1]) < 0.7) return
    const normal: [number, number] = [run.normal[1], -run.normal[0]]
    const offset = normal[0] * end.right + normal[1] * end.ahead
    if (Math.abs(offset) < MIN_WALL_DISTANCE * 0.6) return
    walls.push({ plane: verticalPlane('wall', camera, normal, offset), span: 0, run: { points: [end], normal, offset } })
  }
  const first = walls.reduce((best, wall) => (wall.run.points[0]!.column < best.run.points[0]!.column ? wall : best))
  const last = walls.reduce((best, wall) => (wall.run.points[wall.run.points.length - 1]!.column > best.run.points[best.run.points.length - 1]!.column ? wall : best))
  addCorner(first.run.points[0]!, first.run, -1)
  addCorner(last.run.points[last.run.points.length - 1]!, last.run, 1)
  return walls.map(({ plane, span }) => ({ plane, span }))
}

function findCabinet(labels: Uint8Array, width: number, height: number, camera: PixelCamera, mainWall: Plane): Plane {
  const floor = floorPlane(camera, { across: RIGHT, along: camera.forward })
  const points = footPoints(
    footRows(labels, width, height, (label) => label === CLASS_VANITY),
    camera,
    floor,
  )
  const wallNormal: [number, number] = [dot(mainWall.normal, RIGHT), dot(mainWall.normal, camera.forward)]
  if (points.length >= Math.max(4, width * 0.02)) {
    const line = fitLine(points)
    // A vanity's front is nearly parallel to some wall; a short, noisy foot line is trusted for its distance only.
    if (points.length < width * 0.08) {
      let offset = 0
      for (const point of points) offset += wallNormal[0] * point.right + wallNormal[1] * point.ahead
      return verticalPlane('cabinet', camera, wallNormal, offset / points.length)
    }
    return verticalPlane('cabinet', camera, line.normal, line.offset)
  }
  return verticalPlane('cabinet', camera, wallNormal, Math.min(FALLBACK_CABINET_DISTANCE, mainWall.offset * 0.75))
}

/**
 * Per-pixel (u, v) of a plane as two homographies sharing a denominator, for the full-size pass:
 * u = (ua·x + ub·y + uc) / (da·x + db·y + dc), likewise v; the denominator is positive where the plane is in view.
 * Also q = denominator / offset: the wall a ray meets first has the largest q.
 */
export type PlaneProjector = {
  ua: number
  ub: number
  uc: number
  va: number
  vb: number
  vc: number
  da: number
  db: number
  dc: number
  /** q coefficients (denominator over offset). */
  qa: number
  qb: number
  qc: number
  /** Squared length factor: |r|² = ((x-cx)² + (y-cy)²)/f² + 1, for the footprint. */
  focal: number
  cx: number
  cy: number
}

export function planeProjector(plane: Plane, camera: PixelCamera): PlaneProjector {
  const f = camera.focal
  const { cx, cy } = camera
  // n·r with r = ((x - cx)/f, (y - cy)/f, 1), pixel centres at x + 0.5.
  const line = (axis: Vec3): [number, number, number] => [axis[0] / f, axis[1] / f, axis[2] - (axis[0] * (cx - 0.5)) / f - (axis[1] * (cy - 0.5)) / f]
  const [da, db, dc] = line(plane.normal)
  const [ua, ub, uc] = line(plane.uAxis)
  const [va, vb, vc] = line(plane.vAxis)
  const o = plane.offset
  // v - vOrigin folds into the numerator: (va·x + vb·y + vc)·o - vOrigin·(da·x + db·y + dc).
  const s = plane.vOrigin
  return { ua: ua * o, ub: ub * o, uc: uc * o, va: va * o - s * da, vb: vb * o - s * db, vc: vc * o - s * dc, da, db, dc, qa: da / o, qb: db / o, qc: dc / o, focal: f, cx, cy }
}

/** Index of the wall a ray meets first (largest q), or 0. */
export function nearestWall(walls: readonly PlaneProjector[], x: number, y: number): number {
  let best = 0
  let bestQ = Number.NEGATIVE_INFINITY
  for (let index = 0; index < walls.length; index++) {
    const wall = walls[index]!
    const q = wall.qa * x + wall.qb * y + wall.qc
    if (q > bestQ) {
      bestQ = q
      best = index
    }
  }
  return best
}

/** (u, v) of pixel (x, y) on a plane, or null where the plane is not in view. */
export function projectPixel(projector: PlaneProjector, x: number, y: number): [number, number] | null {
  const denominator = projector.da * x + projector.db * y + projector.dc
  if (denominator <= 1e-9) return null
  return [(projector.ua * x + projector.ub * y + projector.uc) / denominator, (projector.va * x + projector.vb * y + projector.vc) / denominator]
}
