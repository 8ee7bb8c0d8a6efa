import { describe, expect, it } from 'vitest'
import { renderBoxRoom } from '../../../../../tests/support/box-room'
import { createRandom } from './random'
import { estimateRoomGeometry } from './room-geometry'
import { CLASS_WALL, CLASS_WALL_TILE } from './surface-classes'
import { alignTileLine } from './tile-line'

const isWallKind = (label: number) => label === CLASS_WALL || label === CLASS_WALL_TILE

/** Share of the wall and wall-tile pixels of `truth` that `labels` gets right. */
function wallAgreement(truth: Uint8Array, labels: Uint8Array): number {
  let wall = 0
  let right = 0
  for (let pixel = 0; pixel < truth.length; pixel++) {
    if (!isWallKind(truth[pixel]!)) continue
    wall++
    if (labels[pixel] === truth[pixel]) right++
  }
  return right / wall
}

/**
 * In each column from `left` to `right` (shares of the width), flips the pixels of `label` whose place in the
 * column's run of that label (0 its top, 1 its bottom) lies between `from` and `to` to the other wall kind.
 */
function flipWithinRuns(labels: Uint8Array, width: number, height: number, label: number, [left, right]: readonly [number, number], [from, to]: readonly [number, number]): void {
  for (let x = Math.round(left * width); x < Math.round(right * width); x++) {
    const rows: number[] = []
    for (let y = 0; y < height; y++) if (labels[y * width + x] === label) rows.push(y)
    rows.forEach((y, index) => {
      const place = index / Math.max(1, rows.length - 1)
      if (place >= from && place <= to) labels[y * width + x] = label === CLASS_WALL ? CLASS_WALL_TILE : CLASS_WALL
    })
  }
}

describe('alignTileLine', () => {
  // The constructed room is tiled to 1.2 m on every wall, painted above.
  const room = renderBoxRoom({ width: 320, height: 240, pitch: 8, yaw: 12 })
  const geometry = estimateRoomGeometry(room.labels, room.width, room.height)

  it('puts back a level tile line the network broke into patches, in perspective on every wall', () => {
    const labels = room.labels.slice()
    // A blob of tile in the paint, a patch of paint amid the tiles, and scattered single-pixel slips.
    flipWithinRuns(labels, room.width, room.height, CLASS_WALL, [0.1, 0.3], [0.2, 0.45])
    flipWithinRuns(labels, room.width, room.height, CLASS_WALL_TILE, [0.6, 0.7], [0.3, 0.6])
    const random = createRandom(3)
    for (let pixel = 0; pixel < labels.length; pixel++) {
      if (isWallKind(labels[pixel]!) && random() < 0.15) labels[pixel] = labels[pixel] === CLASS_WALL ? CLASS_WALL_TILE : CLASS_WALL
    }
    expect(wallAgreement(room.labels, labels)).toBeLessThan(0.85)

    const line = alignTileLine(labels, room.width, room.height, geometry)
    expect(wallAgreement(room.labels, labels)).toBeGreaterThan(0.98)
    const heights = [...line].filter((height) => Number.isFinite(height) && height > 0)
    expect(heights.length).toBeGreaterThan(room.width * 0.9)
    for (const height of heights) expect(Math.abs(height - 1.2)).toBeLessThan(0.12)
    // Only wall and tile change: every other label is as it was.
    for (let pixel = 0; pixel < labels.length; pixel++) if (!isWallKind(room.labels[pixel]!)) expect(labels[pixel]).toBe(room.labels[pixel])
  })

  it('keeps a full-height shower beside the wainscot, and a room with no tile painted', () => {
    const shower = room.labels.slice()
    const from = Math.round(room.width * 0.7)
    for (let pixel = 0; pixel < shower.length; pixel++) if (pixel % room.width >= from && shower[pixel] === CLASS_WALL) shower[pixel] = CLASS_WALL_TILE
    const labels = shower.slice()
    const line = alignTileLine(labels, room.width, room.height, geometry)
    expect(wallAgreement(shower, labels)).toBeGreaterThan(0.99)
    expect(line[room.width - 1]).toBeGreaterThan(2.2)
    expect(Math.abs(line[Math.round(room.width * 0.3)]! - 1.2)).toBeLessThan(0.12)

    const painted = room.labels.map((label) => (label === CLASS_WALL_TILE ? CLASS_WALL : label))
    const paintedLabels = painted.slice()
    for (let pixel = 0; pixel < paintedLabels.length; pixel += 23) if (paintedLabels[pixel] === CLASS_WALL) paintedLabels[pixel] = CLASS_WALL_TILE
    alignTileLine(paintedLabels, room.width, room.height, geometry)
    expect(wallAgreement(painted, paintedLabels)).toBe(1)
  })

  it('weighs each pixel by how sure the network was', () => {
    // The upper half of the painted wall read as tile, but barely (the network could not say): with the pixels
    // weighed, the sure paint below it decides; counted as plain labels, the unsure tile would win.
    const labels = room.labels.slice()
    flipWithinRuns(labels, room.width, room.height, CLASS_WALL, [0, 1], [0, 0.6])
    const share = Float32Array.from(labels, (label, pixel) => (label === CLASS_WALL_TILE ? (room.labels[pixel] === CLASS_WALL ? 0.5 : 0.9) : 0.1))
    const counted = labels.slice()
    alignTileLine(counted, room.width, room.height, geometry)
    expect(wallAgreement(room.labels, counted)).toBeLessThan(0.9)
    alignTileLine(labels, room.width, room.height, geometry, share)
    expect(wallAgreement(room.labels, labels)).toBeGreaterThan(0.98)
  })
})
