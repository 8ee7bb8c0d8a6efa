import { describe, expect, it } from 'vitest'
import { renderBoxRoom, type TruePlane } from '../../../../../tests/support/box-room'
import { estimateRoomGeometry, focalShareForFieldOfView, pixelCamera, planeProjector, projectPixel, type Plane, type RoomGeometry } from './room-geometry'

function angleDegrees(a: readonly number[], b: readonly number[]): number {
  const cosine = (a[0]! * b[0]! + a[1]! * b[1]! + a[2]! * b[2]!) / (Math.hypot(a[0]!, a[1]!, a[2]!) * Math.hypot(b[0]!, b[1]!, b[2]!))
  return (Math.acos(Math.min(1, Math.max(-1, cosine))) * 180) / Math.PI
}

/** The estimated wall closest in orientation to a true plane. */
function matching(geometry: RoomGeometry, truth: TruePlane): Plane {
  return geometry.walls.reduce((best, wall) => (angleDegrees(wall.normal, truth.normal) < angleDegrees(best.normal, truth.normal) ? wall : best))
}

describe('estimateRoomGeometry', () => {
  it('recovers the horizon and the back and side walls of a constructed room', () => {
    const room = renderBoxRoom({ width: 480, height: 360, fieldOfView: 66, pitch: 9, yaw: 10 })
    const geometry = estimateRoomGeometry(room.labels, room.width, room.height, { fieldOfView: 66 })
    expect(Math.abs(geometry.camera.horizonShare * room.height - room.horizonRow)).toBeLessThan(room.height * 0.03)
    const back = matching(geometry, room.backWall)
    expect(angleDegrees(back.normal, room.backWall.normal)).toBeLessThan(4)
    expect(Math.abs(back.offset - room.backWall.offset) / room.backWall.offset).toBeLessThan(0.08)
    const left = matching(geometry, room.leftWall)
    expect(angleDegrees(left.normal, room.leftWall.normal)).toBeLessThan(4)
    expect(Math.abs(left.offset - room.leftWall.offset) / room.leftWall.offset).toBeLessThan(0.1)
    const right = matching(geometry, room.rightWall)
    expect(angleDegrees(right.normal, room.rightWall.normal)).toBeLessThan(4)
    expect(Math.abs(right.offset - room.rightWall.offset) / room.rightWall.offset).toBeLessThan(0.1)
    expect(angleDegrees(geometry.floor.normal, room.floor.normal)).toBeLessThan(2)
  })

  it('finds the focal length from the corners where walls meet square', () => {
    const room = renderBoxRoom({ width: 480, height: 360, fieldOfView: 78, pitch: 5, yaw: 14, depth: 3.2 })
    const geometry = estimateRoomGeometry(room.labels, room.width, room.height)
    const truth = room.focal / Math.max(room.width, room.height)
    expect(Math.abs(geometry.camera.focalShare - truth) / truth).toBeLessThan(0.08)
    // The default field of view (66°) would be 17% off.
    expect(Math.abs(focalShareForFieldOfView(66) - truth) / truth).toBeGreaterThan(0.15)
  })

  it('stands a wall in front of the camera when no wall foot is visible', () => {
    const labels = new Uint8Array(64 * 48).fill(1)
    const geometry = estimateRoomGeometry(labels, 64, 48)
    expect(geometry.walls).toHaveLength(1)
    expect(geometry.walls[0]!.offset).toBeGreaterThan(1)
  })
})

describe('plane projection', () => {
  const width = 1200
  const height = 900
  const camera = pixelCamera({ focalShare: 0.8, horizonShare: 0.5, height: 1.5, ceilingHeight: 2.4 }, width, height)

  it('draws a 30 cm tile f × 0.3 / d pixels wide on a frontal wall d metres away', () => {
    for (const distance of [1.5, 2.5, 4]) {
      const wall: Plane = { kind: 'wall', normal: [0, 0, 1], offset: distance, uAxis: [1, 0, 0], vAxis: [0, 1, 0], vOrigin: 0 }
      const projector = planeProjector(wall, camera)
      const expected = (camera.focal * 0.3) / distance
      const [u0, v0] = projectPixel(projector, 300, 450)!
      const [u1] = projectPixel(projector, 300 + expected, 450)!
      const [, v1] = projectPixel(projector, 300, 450 + expected)!
      expect(u1 - u0).toBeCloseTo(0.3, 6)
      expect(v1 - v0).toBeCloseTo(0.3, 6)
    }
  })

  it('makes floor grout lines that run away from the camera converge on the horizon', () => {
    const floor: Plane = { kind: 'floor', normal: [0, 1, 0], offset: 1.5, uAxis: [1, 0, 0], vAxis: [0, 0, 1], vOrigin: 0 }
    const projector = planeProjector(floor, camera)
    const vanishingX = width / 2
    const horizon = height / 2
    // Every image line through the vanishing point is one grout line: u stays put along it while v runs off.
    for (const slope of [-1.5, -0.4, 0.3, 1.2]) {
      const samples = [horizon + 40, horizon + 150, horizon + 400].map((y) => projectPixel(projector, vanishingX - 0.5 + slope * (y - horizon), y - 0.5)!)
      const [first, middle, last] = samples as [[number, number], [number, number], [number, number]]
      expect(middle[0]).toBeCloseTo(first[0], 6)
      expect(last[0]).toBeCloseTo(first[0], 6)
      expect(first[1]).toBeGreaterThan(middle[1])
      expect(middle[1]).toBeGreaterThan(last[1])
    }
    // Rows are lines of equal depth: v is constant along a row, u grows linearly across it.
    const [leftU, leftV] = projectPixel(projector, 100, 700)!
    const [rightU, rightV] = projectPixel(projector, 1100, 700)!
    expect(rightV).toBeCloseTo(leftV, 6)
    expect(rightU - leftU).toBeCloseTo((1000 * 1.5) / 250.5, 6)
  })

  it('does not project pixels above the horizon onto the floor', () => {
    const floor: Plane = { kind: 'floor', normal: [0, 1, 0], offset: 1.5, uAxis: [1, 0, 0], vAxis: [0, 0, 1], vOrigin: 0 }
    expect(projectPixel(planeProjector(floor, camera), 600, 300)).toBeNull()
  })
})
