import { describe, expect, it } from 'vitest'
import { segmentScene } from './segmentation'
import { createRandom } from './random'

const WIDTH = 320
const HEIGHT = 240

/** A plain wall over a floor, with a busy pale picture hung on the wall and a bar of bulbs above it. */
function roomWithPicture(): Uint8Array {
  const random = createRandom(11)
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const pixel = (y * WIDTH + x) * 3
      let colour = y < HEIGHT * 0.72 ? [226, 218, 204] : [150, 112, 80]
      // The picture: the wall's own pale colour under dark brush strokes, as a light abstract canvas is.
      if (x >= 110 && x < 210 && y >= 50 && y < 110) colour = random() < 0.35 ? [90 + random() * 60, 90 + random() * 50, 100 + random() * 60] : [222, 214, 200]
      // A long, thin bar of bright bulbs: a light fixture, not a picture.
      if (x >= 100 && x < 220 && y >= 20 && y < 30) colour = (x >> 3) % 2 === 0 ? [255, 255, 250] : [70, 70, 72]
      rgb.set(colour.map(Math.round), pixel)
    }
  }
  return rgb
}

function share(values: unknown[], area: { x0: number; x1: number; y0: number; y1: number }, wanted: unknown): number {
  let hits = 0
  let total = 0
  for (let y = area.y0; y < area.y1; y++) {
    for (let x = area.x0; x < area.x1; x++) {
      total += 1
      if (values[y * WIDTH + x] === wanted) hits += 1
    }
  }
  return hits / total
}

describe('segmentScene', () => {
  it('A busy picture on a wall is kept whole, as one region, even where its colours match the wall; a bar of bulbs is not part of it', () => {
    const scene = segmentScene(roomWithPicture(), WIDTH, HEIGHT)
    const regions = Array.from(scene.regionOf)
    const roles = regions.map((region) => scene.regions[region]!.role)
    const picture = scene.regionOf[80 * WIDTH + 160]!
    expect(scene.regions[picture]!.role).toBe('art')
    // The inside of the picture (a margin in from its frame: borders are soft at analysis scale) is that one region.
    expect(share(regions, { x0: 114, x1: 206, y0: 54, y1: 106 }, picture)).toBeGreaterThan(0.97)
    // The wall around it is still wall, and the bulbs are not part of the picture.
    expect(share(roles, { x0: 20, x1: 90, y0: 60, y1: 150 }, 'walls')).toBeGreaterThan(0.95)
    expect(share(regions, { x0: 100, x1: 220, y0: 20, y1: 30 }, picture)).toBe(0)
    // No region is left empty.
    for (const region of scene.regions) expect(region.pixelCount).toBeGreaterThan(0)
  })
})
