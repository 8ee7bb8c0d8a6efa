import { describe, expect, it } from 'vitest'
import { renderBoxRoom, type BoxRoomOptions } from '../../../../../tests/support/box-room'
import { roomFrameFromEdges } from './room-frame'
import { estimateRoomGeometry, pixelCamera } from './room-geometry'
import { CLASS_CEILING, CLASS_FLOOR, CLASS_WALL } from './surface-classes'

const degrees = (radians: number) => (radians * 180) / Math.PI
/** Distance between two frame angles, degrees: walls at a and at a + 90° are one frame. */
const frameError = (a: number, b: number) => {
  const difference = (((a - b) % 90) + 90) % 90
  return Math.min(difference, 90 - difference)
}
/** The plan angle of a vertical plane's normal in camera coordinates (x right, y down, z forward), degrees. */
const planAngle = (normal: readonly number[]) => degrees(Math.atan2(normal[0]!, Math.sign(normal[2]!) * Math.hypot(normal[1]!, normal[2]!)))

/**
 * The constructed room at 480 × 360, ray-cast at twice the size and averaged down as a camera's pixels average its
 * light: cast at one ray a pixel, a nearly vertical line is a staircase of exactly vertical steps, which no photo has.
 */
function photographedRoom(options: BoxRoomOptions) {
  const room = renderBoxRoom({ ...options, width: 960, height: 720 })
  const width = 480
  const height = 360
  const pixels = new Uint8Array(width * height * 3)
  const labels = new Uint8Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      labels[y * width + x] = room.labels[2 * y * room.width + 2 * x]!
      for (let channel = 0; channel < 3; channel++) {
        let sum = 0
        for (const [dx, dy] of [[0, 0], [1, 0], [0, 1], [1, 1]] as const) sum += room.pixels[((2 * y + dy) * room.width + 2 * x + dx) * 3 + channel]!
        pixels[(y * width + x) * 3 + channel] = Math.round(sum / 4)
      }
    }
  }
  return { pixels, labels, width, height, focal: room.focal / 2, backWall: room.backWall }
}

describe('roomFrameFromEdges', () => {
  for (const [yaw, pitch] of [
    [-25, 8],
    [20, 8],
    [33, 10],
  ] as const) {
    it(`finds which way the walls run and how the camera tilts (yaw ${yaw}°, pitch ${pitch}°)`, () => {
      const room = photographedRoom({ fieldOfView: 66, pitch, yaw })
      // The camera the label map gives with no horizon to go on: level, at the image's middle.
      const level = pixelCamera({ focalShare: room.focal / room.width, horizonShare: 0.5, height: 1.5, ceilingHeight: 2.4 }, room.width, room.height)
      const frame = roomFrameFromEdges(room.pixels, room.labels, room.width, room.height, level)
      expect(frame).not.toBeNull()
      expect(frameError(degrees(frame!.angle), planAngle(room.backWall.normal))).toBeLessThan(3)
      // The tilt comes out a little low (decision 0084), but nearer than the level guess.
      expect(Math.abs(degrees(frame!.tilt!) - pitch)).toBeLessThan(3)
    })
  }

  it('reads a level camera square to a bare room as level and square, though its few verticals fit many tilts', () => {
    // Two corners are its only verticals; with their vanishing point far off, tilts a few degrees either side fit them
    // almost as well, and only the one they fit best may win.
    const bare = renderBoxRoom({ width: 480, height: 360, furnished: false, yaw: 0, pitch: 0, fieldOfView: 66, lamp: 0, depth: 2.8 })
    const level = pixelCamera({ focalShare: bare.focal / bare.width, horizonShare: 0.5, height: 1.5, ceilingHeight: 2.4 }, bare.width, bare.height)
    const frame = roomFrameFromEdges(bare.pixels, bare.labels, bare.width, bare.height, level)!
    expect(Math.abs(degrees(frame.angle))).toBeLessThan(1)
    expect(Math.abs(degrees(frame.tilt!))).toBeLessThan(1)
  })

  it('gives no frame where nothing has an edge', () => {
    const pixels = new Uint8Array(96 * 72 * 3).fill(200)
    expect(roomFrameFromEdges(pixels, new Uint8Array(96 * 72).fill(CLASS_WALL), 96, 72, pixelCamera({ focalShare: 0.75, horizonShare: 0.5, height: 1.5, ceilingHeight: 2.4 }, 96, 72))).toBeNull()
  })
})

describe('estimateRoomGeometry with the photo', () => {
  it('turns the wall of a room whose floor and ceiling are hidden the way its edges run, where the labels alone stand it square to the camera', () => {
    const room = photographedRoom({ fieldOfView: 66, pitch: 4, yaw: 28 })
    // With no foot line and no top line the label map has nothing to turn a wall by.
    const labels = room.labels.map((label) => (label === CLASS_FLOOR || label === CLASS_CEILING ? CLASS_WALL : label))
    const truth = planAngle(room.backWall.normal)
    const alone = estimateRoomGeometry(labels, room.width, room.height, { fieldOfView: 66 })
    const withPhoto = estimateRoomGeometry(labels, room.width, room.height, { fieldOfView: 66, photo: room.pixels })
    expect(frameError(planAngle(alone.walls[0]!.normal), truth)).toBeGreaterThan(20)
    for (const wall of withPhoto.walls) expect(frameError(planAngle(wall.normal), truth)).toBeLessThan(5)
  })
})
