import { describe, expect, it } from 'vitest'
import { createRandom } from './random'
import { CLASS_WALL } from './surface-classes'
import { surfaceShading } from './surface-shading'

const WIDTH = 96
const HEIGHT = 72

/** A wall filling the picture, each pixel's colour from `colourAt` with a little sensor noise. */
function wall(colourAt: (x: number, y: number) => readonly [number, number, number]) {
  const random = createRandom(11)
  const rgb = new Uint8Array(WIDTH * HEIGHT * 3)
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const colour = colourAt(x, y)
      for (let channel = 0; channel < 3; channel++) rgb[(y * WIDTH + x) * 3 + channel] = Math.max(0, Math.min(255, Math.round(colour[channel]! + (random() - 0.5) * 8)))
    }
  }
  return surfaceShading(rgb, new Uint8Array(WIDTH * HEIGHT).fill(CLASS_WALL), new Int32Array(WIDTH * HEIGHT), WIDTH, HEIGHT)
}

const distinct = (albedo: Float32Array) => new Set(albedo).size

describe('surfaceShading', () => {
  it('gives two materials under one label an albedo each', () => {
    // white paint above a mint wainscot, both labelled wall
    const shading = wall((_x, y) => (y < HEIGHT * 0.6 ? [238, 238, 232] : [150, 205, 178]))
    expect(distinct(shading.albedo)).toBe(2)
    expect(shading.albedo[WIDTH * 2 + 5]).toBeGreaterThan(shading.albedo[WIDTH * (HEIGHT - 3) + 5]!)
  })

  it('keeps one material whose colour the light changes across it as one material', () => {
    // a blue wall washed out towards white by a bright window on its left: a smear of colours, not two clusters
    const shading = wall((x) => {
      const light = 1 - x / (WIDTH - 1)
      return [70 + 170 * light, 100 + 140 * light, 150 + 95 * light]
    })
    expect(distinct(shading.albedo)).toBe(1)
  })

  it('finds the light under a pattern, not the pattern: dark dots, dense on one side, leave no shade of their own', () => {
    // A white floor with dark grey dots (veins, a mosaic), one pixel in three on the left half, one in twelve on the
    // right, in even light. Grey on white has one chromaticity, so no split into two materials can take the dots away.
    const random = createRandom(5)
    const dotted = new Uint8Array(WIDTH * HEIGHT)
    for (let pixel = 0; pixel < dotted.length; pixel++) dotted[pixel] = random() < (pixel % WIDTH < WIDTH / 2 ? 1 / 3 : 1 / 12) ? 1 : 0
    const shading = wall((x, y) => (dotted[y * WIDTH + x] ? [90, 90, 88] : [235, 235, 230]))
    const lightAt = (x: number, y: number) => shading.smooth[y * WIDTH + x]!
    const left = lightAt(WIDTH * 0.25, HEIGHT / 2)
    const right = lightAt(WIDTH * 0.75, HEIGHT / 2)
    // The plain mean makes the densely dotted side about a third darker.
    expect(left / right).toBeGreaterThan(0.93)
    expect(left / right).toBeLessThan(1.07)
  })

  it('tells charcoal tiles from white ones by lightness, and keeps the pale grout between the charcoal ones charcoal', () => {
    // Charcoal and white have one chromaticity, so only their lightness tells them apart: charcoal tiles with a pale
    // grout line every 8 pixels on the left, plain white tiles on the right, all one label.
    const grout = (x: number, y: number) => x % 8 === 0 || y % 8 === 0
    const shading = wall((x, y) => (x < WIDTH / 2 ? (grout(x, y) ? [200, 200, 196] : [40, 40, 40]) : [236, 236, 232]))
    expect(distinct(shading.albedo)).toBe(2)
    const relative = (x: number, y: number) => shading.smooth[y * WIDTH + x]! / shading.albedo[y * WIDTH + x]!
    // In even light, every pixel's relative light is about 1: on a charcoal tile, on the grout between two, on white.
    for (const [x, y] of [[12, 20], [16, 20], [16, 24], [3 * WIDTH / 4, 30]] as const) {
      expect(relative(x, y)).toBeGreaterThan(0.75)
      expect(relative(x, y)).toBeLessThan(1.33)
    }
    // The grout went with the charcoal: it has the charcoal's albedo, not the white's.
    expect(shading.albedo[20 * WIDTH + 16]).toBe(shading.albedo[20 * WIDTH + 12])
  })

  it('keeps a hard shadow two stops deep as shadow, not as a darker material', () => {
    // A wall whose lower half a vanity shades to a quarter of the light: two tight clusters of one colour, 2 stops apart.
    const shading = wall((_x, y) => (y < HEIGHT / 2 ? [232, 232, 228] : [122, 122, 120]))
    expect(distinct(shading.albedo)).toBe(1)
    const lit = shading.smooth[10 * WIDTH + WIDTH / 2]!
    const shaded = shading.smooth[(HEIGHT - 10) * WIDTH + WIDTH / 2]!
    expect(shaded / lit).toBeLessThan(0.35)
  })

  it('keeps a shadow: a wall in half light on its lower third stays in half light', () => {
    const shading = wall((_x, y) => (y < HEIGHT * 0.66 ? [230, 230, 225] : [160, 160, 156]))
    const lit = shading.smooth[Math.round(HEIGHT * 0.3) * WIDTH + WIDTH / 2]!
    const shaded = shading.smooth[Math.round(HEIGHT * 0.9) * WIDTH + WIDTH / 2]!
    expect(shaded / lit).toBeGreaterThan(0.4)
    expect(shaded / lit).toBeLessThan(0.5)
  })
})
