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
})
