// A constructed bathroom for the redesign's tests: a box room ray-cast from a known camera, with a vanity, a
// toilet, a mirror, a window, a towel rail and a towel, an old tiled wainscot and a tiled floor, lit by a
// ceiling lamp. It gives a photo, its exact label map and the true geometry (planes in camera coordinates),
// so tests can check what the engine recovers and how it redraws each surface.
import { CLASS_CEILING, CLASS_CERAMIC, CLASS_COUNTERTOP, CLASS_FABRIC, CLASS_FLOOR, CLASS_LIGHT, CLASS_METAL, CLASS_MIRROR, CLASS_VANITY, CLASS_WALL, CLASS_WALL_TILE, CLASS_WINDOW } from '../../src/server/providers/generation/local/surface-classes'

export type BoxRoomOptions = {
  width?: number
  height?: number
  /** Horizontal field of view across the long side, degrees. */
  fieldOfView?: number
  /** Camera height above the floor, metres. */
  cameraHeight?: number
  /** Downward tilt of the camera, degrees. */
  pitch?: number
  /** Turn of the camera to the right, degrees. */
  yaw?: number
  ceilingHeight?: number
  /** Distance from the camera to the back wall along the room's depth, metres. */
  depth?: number
  /** Old tile size on the floor, metres. */
  floorTile?: number
  /** Draw the objects (vanity, toilet, mirror, window, rail, towel, lamp); off for a bare room. */
  furnished?: boolean
  /** Lamp strength (0 flat light). */
  lamp?: number
}

export type TruePlane = { normal: [number, number, number]; offset: number }

export type BoxRoom = {
  width: number
  height: number
  pixels: Uint8Array
  labels: Uint8Array
  focal: number
  horizonRow: number
  cameraHeight: number
  /** Planes in camera coordinates (x right, y down, z forward), n·X = offset, offset > 0. */
  backWall: TruePlane
  leftWall: TruePlane
  rightWall: TruePlane
  floor: TruePlane
}

type Vec = [number, number, number]
type Box = { min: Vec; max: Vec; label: (normal: Vec) => number; colour: (point: Vec, normal: Vec) => Vec }

const srgbToLinear = (value: number) => {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : Math.pow((c + 0.055) / 1.055, 2.4)
}
const linearToSrgb = (value: number) => {
  const v = Math.min(1, Math.max(0, value))
  return Math.round((v <= 0.0031308 ? v * 12.92 : 1.055 * Math.pow(v, 1 / 2.4) - 0.055) * 255)
}
const hex = (code: number): Vec => [srgbToLinear((code >> 16) & 255), srgbToLinear((code >> 8) & 255), srgbToLinear(code & 255)]

export function renderBoxRoom(options: BoxRoomOptions = {}): BoxRoom {
  const width = options.width ?? 480
  const height = options.height ?? 360
  const fov = options.fieldOfView ?? 66
  const cameraHeight = options.cameraHeight ?? 1.5
  const pitch = ((options.pitch ?? 9) * Math.PI) / 180
  const yaw = ((options.yaw ?? 10) * Math.PI) / 180
  const ceilingHeight = options.ceilingHeight ?? 2.4
  const depth = options.depth ?? 3.6
  const floorTile = options.floorTile ?? 0.3
  const furnished = options.furnished ?? true
  const lampPower = options.lamp ?? 1.6
  const focal = Math.max(width, height) / 2 / Math.tan((fov * Math.PI) / 360)
  const left = -1.3
  const right = 1.5
  const back = depth
  const front = -1

  // Camera basis in world terms (world: x right, y up, z into the room).
  const forward: Vec = [Math.sin(yaw) * Math.cos(pitch), -Math.sin(pitch), Math.cos(yaw) * Math.cos(pitch)]
  const rightAxis: Vec = [Math.cos(yaw), 0, -Math.sin(yaw)]
  const down: Vec = cross(rightAxis, forward)
  const eye: Vec = [0, cameraHeight, 0]
  const lamp: Vec = [0.1, ceilingHeight - 0.6, back - 1.4]

  const wallColour = hex(0xd9cdb4)
  const tileColour = hex(0xc8c0a4)
  const groutColour = hex(0x8a8270)
  const floorColour = hex(0x9c8f7e)
  const floorGrout = hex(0x5a5248)
  const boxes: Box[] = []
  if (furnished) {
    boxes.push({ min: [-0.7, 0, back - 0.55], max: [0.3, 0.86, back], label: (n) => (n[1] > 0.5 ? CLASS_COUNTERTOP : CLASS_VANITY), colour: (p, n) => (n[1] > 0.5 ? hex(0xe8e4dc) : woodGrain(p)) })
    boxes.push({ min: [0.7, 0, back - 0.7], max: [1.1, 0.45, back], label: () => CLASS_CERAMIC, colour: () => hex(0xf4f4f2) })
    boxes.push({ min: [-0.55, 1.1, back - 0.02], max: [0.15, 1.9, back], label: () => CLASS_MIRROR, colour: (p) => (Math.floor(p[1] * 8) % 2 === 0 ? hex(0x8fa2ad) : hex(0xa9b8c0)) })
    boxes.push({ min: [right - 0.02, 1.0, 1.2], max: [right, 2.0, 2.1], label: () => CLASS_WINDOW, colour: () => hex(0xeaf3fb) })
    boxes.push({ min: [left, 1.0, 1.0], max: [left + 0.05, 1.04, 1.8], label: () => CLASS_METAL, colour: () => hex(0xc0c4c8) })
    boxes.push({ min: [left, 0.5, 1.1], max: [left + 0.03, 1.0, 1.7], label: () => CLASS_FABRIC, colour: (p) => (Math.floor(p[2] * 12) % 2 === 0 ? hex(0xd77a8f) : hex(0xe8a0b0)) })
    boxes.push({ min: [1.12, 1.0, back - 0.06], max: [1.45, 1.04, back], label: () => CLASS_METAL, colour: () => hex(0xc0c4c8) })
    boxes.push({ min: [1.15, 0.5, back - 0.03], max: [1.42, 1.0, back], label: () => CLASS_FABRIC, colour: (p) => (Math.floor(p[0] * 14) % 2 === 0 ? hex(0xd77a8f) : hex(0xe8a0b0)) })
    boxes.push({ min: [-0.3, ceilingHeight - 0.06, back - 0.5], max: [0.5, ceilingHeight, back - 0.3], label: () => CLASS_LIGHT, colour: () => [4, 4, 3.6] })
  }

  const pixels = new Uint8Array(width * height * 3)
  const labels = new Uint8Array(width * height)
  const samples: ReadonlyArray<[number, number]> = [
    [0.25, 0.25],
    [0.75, 0.25],
    [0.25, 0.75],
    [0.75, 0.75],
  ]
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let red = 0
      let green = 0
      let blue = 0
      for (const [sx, sy] of samples) {
        const hit = trace(x + sx, y + sy)
        red += hit.colour[0] / samples.length
        green += hit.colour[1] / samples.length
        blue += hit.colour[2] / samples.length
      }
      const centre = trace(x + 0.5, y + 0.5)
      const pixel = y * width + x
      labels[pixel] = centre.label
      pixels[pixel * 3] = linearToSrgb(red)
      pixels[pixel * 3 + 1] = linearToSrgb(green)
      pixels[pixel * 3 + 2] = linearToSrgb(blue)
    }
  }

  function trace(px: number, py: number): { colour: Vec; label: number } {
    const cx = (px - width / 2) / focal
    const cy = (py - height / 2) / focal
    const direction: Vec = [forward[0] + rightAxis[0] * cx + down[0] * cy, forward[1] + rightAxis[1] * cx + down[1] * cy, forward[2] + rightAxis[2] * cx + down[2] * cy]
    // The room from inside: the nearest plane the ray leaves through.
    let t = Number.POSITIVE_INFINITY
    let normal: Vec = [0, 0, 0]
    const planes: Array<[number, number, number]> = [
      [0, left, 1],
      [0, right, -1],
      [1, 0, 1],
      [1, ceilingHeight, -1],
      [2, back, -1],
      [2, front, 1],
    ]
    for (const [axis, position, sign] of planes) {
      const d = direction[axis]!
      if (Math.abs(d) < 1e-9) continue
      const candidate = (position - eye[axis]!) / d
      if (candidate > 0 && candidate < t) {
        t = candidate
        normal = [0, 0, 0]
        normal[axis] = sign
      }
    }
    let box: Box | null = null
    for (const candidate of boxes) {
      const hit = slab(eye, direction, candidate.min, candidate.max)
      if (hit && hit.t < t - 1e-6) {
        t = hit.t
        normal = hit.normal
        box = candidate
      }
    }
    const point: Vec = [eye[0] + direction[0] * t, eye[1] + direction[1] * t, eye[2] + direction[2] * t]
    let albedo: Vec
    let label: number
    if (box) {
      albedo = box.colour(point, normal)
      label = box.label(normal)
      if (label === CLASS_LIGHT || label === CLASS_WINDOW || label === CLASS_MIRROR) return { colour: albedo, label }
    } else if (normal[1] === 1) {
      label = CLASS_FLOOR
      const gu = fraction(point[0] / floorTile)
      const gv = fraction(point[2] / floorTile)
      albedo = Math.min(gu, 1 - gu, gv, 1 - gv) * floorTile < 0.004 ? floorGrout : floorColour
    } else if (normal[1] === -1) {
      label = CLASS_CEILING
      albedo = hex(0xf2f0ea)
    } else if (point[1] < 1.2) {
      label = CLASS_WALL_TILE
      const along = normal[0] !== 0 ? point[2] : point[0]
      const gu = fraction(along / 0.15)
      const gv = fraction(point[1] / 0.15)
      albedo = Math.min(gu, 1 - gu, gv, 1 - gv) * 0.15 < 0.002 ? groutColour : tileColour
    } else {
      label = CLASS_WALL
      albedo = wallColour
    }
    const toLamp: Vec = [lamp[0] - point[0], lamp[1] - point[1], lamp[2] - point[2]]
    const distance = Math.hypot(toLamp[0], toLamp[1], toLamp[2])
    const cosine = Math.max(0, (toLamp[0] * normal[0] + toLamp[1] * normal[1] + toLamp[2] * normal[2]) / distance)
    const light = 0.35 + (lampPower * cosine) / (distance * distance)
    return { colour: [albedo[0] * light, albedo[1] * light, albedo[2] * light], label }
  }

  // True planes in camera coordinates: a world plane n·P = c becomes (R n)·X = c - n·eye in the camera frame.
  const toCamera = (n: Vec, c: number): TruePlane => {
    const normal: [number, number, number] = [dot(n, rightAxis), dot(n, down), dot(n, forward)]
    let offset = c - dot(n, eye)
    if (offset < 0) {
      normal[0] = -normal[0]
      normal[1] = -normal[1]
      normal[2] = -normal[2]
      offset = -offset
    }
    return { normal, offset }
  }
  return {
    width,
    height,
    pixels,
    labels,
    focal,
    horizonRow: height / 2 - focal * Math.tan(pitch),
    cameraHeight,
    backWall: toCamera([0, 0, 1], back),
    leftWall: toCamera([1, 0, 0], left),
    rightWall: toCamera([1, 0, 0], right),
    floor: toCamera([0, 1, 0], 0),
  }
}

function woodGrain(point: Vec): Vec {
  const ring = 0.5 + 0.5 * Math.sin(point[1] * 90 + Math.sin(point[0] * 7) * 3)
  return hex(ring > 0.6 ? 0x8a5a32 : 0x9e6b3d)
}

function fraction(value: number): number {
  return value - Math.floor(value)
}

function dot(a: Vec, b: Vec): number {
  return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]
}

function cross(a: Vec, b: Vec): Vec {
  return [a[1] * b[2] - a[2] * b[1], a[2] * b[0] - a[0] * b[2], a[0] * b[1] - a[1] * b[0]]
}

function slab(origin: Vec, direction: Vec, min: Vec, max: Vec): { t: number; normal: Vec } | null {
  let near = Number.NEGATIVE_INFINITY
  let far = Number.POSITIVE_INFINITY
  let normal: Vec = [0, 0, 0]
  for (let axis = 0; axis < 3; axis++) {
    const d = direction[axis]!
    if (Math.abs(d) < 1e-12) {
      if (origin[axis]! < min[axis]! || origin[axis]! > max[axis]!) return null
      continue
    }
    let t1 = (min[axis]! - origin[axis]!) / d
    let t2 = (max[axis]! - origin[axis]!) / d
    let sign = -1
    if (t1 > t2) {
      ;[t1, t2] = [t2, t1]
      sign = 1
    }
    if (t1 > near) {
      near = t1
      normal = [0, 0, 0]
      normal[axis] = sign
    }
    far = Math.min(far, t2)
    if (near > far) return null
  }
  return near > 0 ? { t: near, normal } : null
}
