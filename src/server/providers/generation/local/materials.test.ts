import { describe, expect, it } from 'vitest'
import { TEXTURE_SIZE, materialTexture, type TextureKind, type TextureLevel } from './materials'

const KINDS: readonly TextureKind[] = [
  'subway-tile', 'zellige', 'marble', 'wood', 'concrete', 'terrazzo', 'shiplap', 'wallpaper-floral', 'wallpaper-stripes',
  'wallpaper-dots', 'hex-tile', 'checkerboard', 'stone', 'large-tile', 'herringbone', 'beadboard', 'brick', 'plaster', 'limewash',
]

/** Mean absolute difference of tone and second colour between texels a and b, over pairs (a, b). */
function meanStep(level: TextureLevel, pairs: Iterable<[number, number]>): number {
  let total = 0
  let count = 0
  for (const [a, b] of pairs) {
    total += Math.abs(level.tone[a]! - level.tone[b]!) + Math.abs(level.second[a]! - level.second[b]!)
    count++
  }
  return total / count
}

function* columnPairs(size: number, from: number, to: number): Generator<[number, number]> {
  for (let row = 0; row < size; row++) yield [row * size + from, row * size + to]
}

function* rowPairs(size: number, from: number, to: number): Generator<[number, number]> {
  for (let column = 0; column < size; column++) yield [from * size + column, to * size + column]
}

describe('material tiles', () => {
  it.each(KINDS)('%s has a full mip pyramid whose levels average the level above', (kind) => {
    const texture = materialTexture(kind)
    expect(texture.levels[0]!.size).toBe(TEXTURE_SIZE)
    expect(texture.levels.at(-1)!.size).toBe(4)
    for (let index = 1; index < texture.levels.length; index++) {
      const upper = texture.levels[index - 1]!
      const level = texture.levels[index]!
      expect(level.size).toBe(upper.size / 2)
      // A texel of a level is the mean of its four texels above (to rounding of the byte encoding).
      for (const texel of [0, level.size + 1, level.size * level.size - 1]) {
        const row = Math.floor(texel / level.size)
        const column = texel % level.size
        const above = row * 2 * upper.size + column * 2
        const mean = (upper.second[above]! + upper.second[above + 1]! + upper.second[above + upper.size]! + upper.second[above + upper.size + 1]!) / 4
        expect(Math.abs(level.second[texel]! - mean)).toBeLessThanOrEqual(1.5)
      }
    }
    expect(texture.periodMetres[0]).toBeGreaterThan(0.1)
    expect(texture.periodMetres[1]).toBeGreaterThan(0.1)
  })

  it.each(KINDS)('%s is seamless: crossing the tile repeat is no bigger a step than the biggest step inside the tile', (kind) => {
    // Inside a tile the biggest steps are grout, plank and stripe edges; a seam where the pattern does not continue
    // (noise that is not periodic, a grid whose period does not divide the tile) would stand out above them.
    const level = materialTexture(kind).levels[0]!
    const size = level.size
    let biggestColumnStep = 0
    let biggestRowStep = 0
    for (let line = 0; line < size - 1; line++) {
      biggestColumnStep = Math.max(biggestColumnStep, meanStep(level, columnPairs(size, line, line + 1)))
      biggestRowStep = Math.max(biggestRowStep, meanStep(level, rowPairs(size, line, line + 1)))
    }
    expect(meanStep(level, columnPairs(size, size - 1, 0))).toBeLessThanOrEqual(biggestColumnStep + 1)
    expect(meanStep(level, rowPairs(size, size - 1, 0))).toBeLessThanOrEqual(biggestRowStep + 1)
  })

  it('is built once per kind and shared', () => {
    expect(materialTexture('marble')).toBe(materialTexture('marble'))
  })

  it('lays subway tiles at their real size: 7.5 cm courses, grout between them', () => {
    const texture = materialTexture('subway-tile')
    const level = texture.levels[0]!
    const size = level.size
    const groutOfRow = (row: number) => {
      let total = 0
      for (let column = 0; column < size; column++) total += level.second[row * size + column]!
      return total / size / 255
    }
    const courseMetres = 0.075
    const rowsPerCourse = (courseMetres / texture.periodMetres[1]) * size
    expect(rowsPerCourse).toBe(64)
    for (let course = 0; course < size / rowsPerCourse; course++) {
      // A grout line runs along every course boundary and none runs through the middle of a course.
      expect(groutOfRow(course * rowsPerCourse)).toBeGreaterThan(0.5)
      expect(groutOfRow(course * rowsPerCourse + rowsPerCourse / 2)).toBeLessThan(0.2)
    }
  })

  it('gives the tile grout of every tiled material and no grout to paint finishes', () => {
    const groutShare = (kind: TextureKind) => {
      const level = materialTexture(kind).levels[0]!
      let grout = 0
      for (const value of level.second) if (value > 128) grout++
      return grout / level.second.length
    }
    for (const kind of ['subway-tile', 'hex-tile', 'large-tile', 'zellige', 'brick'] as const) {
      expect(groutShare(kind)).toBeGreaterThan(0.01)
      expect(groutShare(kind)).toBeLessThan(0.25)
    }
    expect(groutShare('plaster')).toBe(0)
    expect(groutShare('limewash')).toBe(0)
  })
})
