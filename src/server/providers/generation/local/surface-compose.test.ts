import { describe, expect, it } from 'vitest'
import { renderBoxRoom, type BoxRoom } from '../../../../../tests/support/box-room'
import { findPalette, type NamedPaletteId } from '../../../../shared/catalogue/palettes'
import { findStyleRecipe } from '../../../catalogue/style-recipes'
import { findStyle, type StyleId } from '../../../../shared/catalogue/styles'
import { SRGB8_TO_LINEAR, deltaE2000Components, srgb8ToLab } from './colour-space'
import { CLASS_CEILING, CLASS_FABRIC, CLASS_FLOOR, CLASS_LIGHT, CLASS_METAL, CLASS_MIRROR, CLASS_VANITY, CLASS_WALL, CLASS_WALL_TILE, CLASS_WINDOW, type Changes } from './surface-classes'
import { classFinishes } from './surface-finishes'
import { redesignFromSurfaces } from './surface-compose'

function redesign(room: BoxRoom, styleId: StyleId, paletteId: NamedPaletteId, options: { seed?: number; changes?: Partial<Changes> } = {}) {
  const style = findStyle(styleId)!
  return redesignFromSurfaces({
    pixels: room.pixels,
    width: room.width,
    height: room.height,
    labels: room.labels,
    labelWidth: room.width,
    labelHeight: room.height,
    look: style.look,
    palette: findPalette(paletteId)!.colors,
    recipe: findStyleRecipe(styleId),
    seed: options.seed ?? 5,
    changes: options.changes,
  })
}

/** Pixels of a class at least `margin` pixels from any other class. */
function interior(room: BoxRoom, label: number, margin = 2): number[] {
  const result: number[] = []
  for (let y = margin; y < room.height - margin; y++) {
    for (let x = margin; x < room.width - margin; x++) {
      let inside = true
      for (let dy = -margin; dy <= margin && inside; dy++) for (let dx = -margin; dx <= margin && inside; dx++) inside = room.labels[(y + dy) * room.width + x + dx] === label
      if (inside) result.push(y * room.width + x)
    }
  }
  return result
}

function changeOf(before: Uint8Array, after: Uint8Array, pixel: number): number {
  const [l1, a1, b1] = srgb8ToLab(before[pixel * 3]!, before[pixel * 3 + 1]!, before[pixel * 3 + 2]!)
  const [l2, a2, b2] = srgb8ToLab(after[pixel * 3]!, after[pixel * 3 + 1]!, after[pixel * 3 + 2]!)
  return deltaE2000Components(l1, a1, b1, l2, a2, b2)
}

/** Share of a class's pixels whose change differs from the class's median change by ΔE2000 > 15. */
function patchiness(room: BoxRoom, output: Uint8Array, label: number): number {
  const changes: number[] = []
  for (let pixel = 0; pixel < room.labels.length; pixel++) if (room.labels[pixel] === label) changes.push(changeOf(room.pixels, output, pixel))
  const sorted = [...changes].sort((a, b) => a - b)
  const median = sorted[Math.floor(sorted.length / 2)]!
  return changes.filter((change) => Math.abs(change - median) > 15).length / changes.length
}

const room = renderBoxRoom({ width: 320, height: 240 })

describe('redesignFromSurfaces', () => {
  it('leaves windows, mirrors and lights exactly as they were', () => {
    const { pixels } = redesign(room, 'glam', 'jewel-tones')
    for (const label of [CLASS_WINDOW, CLASS_MIRROR, CLASS_LIGHT]) {
      const inside = interior(room, label, 1)
      expect(inside.length).toBeGreaterThan(20)
      for (const pixel of inside) expect([pixels[pixel * 3], pixels[pixel * 3 + 1], pixels[pixel * 3 + 2]]).toEqual([room.pixels[pixel * 3], room.pixels[pixel * 3 + 1], room.pixels[pixel * 3 + 2]])
    }
  })

  it('changes every dressed surface, and each one uniformly (patchiness ≤ 5%)', () => {
    for (const [styleId, paletteId] of [
      ['industrial', 'dark-moody'],
      ['farmhouse', 'warm-neutrals'],
      ['glam', 'jewel-tones'],
      ['coastal', 'spa-blues'],
    ] as const) {
      const { pixels } = redesign(room, styleId, paletteId)
      for (const label of [CLASS_WALL, CLASS_WALL_TILE, CLASS_FLOOR, CLASS_CEILING, CLASS_VANITY, CLASS_FABRIC]) {
        expect(patchiness(room, pixels, label), `${styleId} class ${label}`).toBeLessThanOrEqual(0.05)
      }
      const wallChange = interior(room, CLASS_WALL).map((pixel) => changeOf(room.pixels, pixels, pixel))
      expect(wallChange.reduce((sum, value) => sum + value, 0) / wallChange.length, styleId).toBeGreaterThan(8)
    }
  })

  it('leaves the groups it was told not to change exactly as they were', () => {
    const { pixels } = redesign(room, 'industrial', 'dark-moody', { changes: { walls: false, fixtures: false } })
    for (const label of [CLASS_WALL, CLASS_WALL_TILE, CLASS_CEILING, CLASS_FABRIC, CLASS_METAL]) {
      for (const pixel of interior(room, label, 1)) expect(pixels[pixel * 3 + 1], `class ${label}`).toBe(room.pixels[pixel * 3 + 1])
    }
    const floor = interior(room, CLASS_FLOOR)
    expect(floor.filter((pixel) => changeOf(room.pixels, pixels, pixel) > 5).length / floor.length).toBeGreaterThan(0.9)
  })

  it('keeps the light on a surface but not its old pattern', () => {
    // Scandinavian walls are flat paint: the output over the old tiled wainscot must show its light, not its grout.
    const lit = renderBoxRoom({ width: 320, height: 240, furnished: false })
    const { pixels } = redesign(lit, 'scandinavian', 'monochromatic-whites')
    const grey = (data: Uint8Array, pixel: number) => 0.2126 * data[pixel * 3]! + 0.7152 * data[pixel * 3 + 1]! + 0.0722 * data[pixel * 3 + 2]!
    const tiles = interior(lit, CLASS_WALL_TILE, 3)
    // Old grout: the tile pixels much darker than their row neighbours 3 px away.
    let groutDrop = 0
    let outputDrop = 0
    let count = 0
    for (const pixel of tiles) {
      const neighbours = (grey(lit.pixels, pixel - 3) + grey(lit.pixels, pixel + 3)) / 2
      if (neighbours - grey(lit.pixels, pixel) < 15) continue
      groutDrop += neighbours - grey(lit.pixels, pixel)
      outputDrop += (grey(pixels, pixel - 3) + grey(pixels, pixel + 3)) / 2 - grey(pixels, pixel)
      count++
    }
    expect(count).toBeGreaterThan(50)
    expect(groutDrop / count).toBeGreaterThan(15)
    expect(Math.abs(outputDrop / count)).toBeLessThan(1.5)
    // The lamp's fall-off stays: a wall pixel near the lamp is brighter than one far from it, in both images.
    const wall = interior(lit, CLASS_WALL, 3)
    const byLight = [...wall].sort((a, b) => grey(lit.pixels, a) - grey(lit.pixels, b))
    const dark = byLight.slice(0, 50)
    const bright = byLight.slice(-50)
    const mean = (data: Uint8Array, list: number[]) => list.reduce((sum, pixel) => sum + grey(data, pixel), 0) / list.length
    expect(mean(lit.pixels, bright) - mean(lit.pixels, dark)).toBeGreaterThan(20)
    expect(mean(pixels, bright) - mean(pixels, dark)).toBeGreaterThan(0.5 * (mean(lit.pixels, bright) - mean(lit.pixels, dark)))
  })

  it('shows the sheen on a dark glossy wall faintly on a paler new one, and its shadows whole', () => {
    // A charcoal wall with a soft reflection that quadruples its light on one patch and a shadow that halves it on
    // another, dressed in a mid-tone paint. A reflection adds light whatever the surface's colour, so on the paler
    // paint it is fainter; a shadow takes a share of the light, so it stays.
    const glossy = renderBoxRoom({ width: 320, height: 240, furnished: false })
    const wall = interior(glossy, CLASS_WALL, 3)
    const xs = wall.map((pixel) => pixel % glossy.width)
    const ys = wall.map((pixel) => Math.floor(pixel / glossy.width))
    const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
    const sheen = { x: left + (right - left) * 0.3, y: top + (bottom - top) * 0.5 }
    const shade = { x: left + (right - left) * 0.7, y: top + (bottom - top) * 0.5 }
    const radius = (bottom - top) * 0.15
    const falloff = (pixel: number, centre: { x: number; y: number }) => Math.exp(-((pixel % glossy.width - centre.x) ** 2 + (Math.floor(pixel / glossy.width) - centre.y) ** 2) / (2 * radius * radius))
    for (let pixel = 0; pixel < glossy.labels.length; pixel++) {
      if (glossy.labels[pixel] !== CLASS_WALL) continue
      // linear light: 0.01 (charcoal), times 4 at the sheen's centre, times 0.5 at the shadow's
      const light = 0.01 * (1 + 3 * falloff(pixel, sheen)) * (1 - 0.5 * falloff(pixel, shade))
      glossy.pixels.fill(Math.round(255 * Math.pow(light, 1 / 2.2)), pixel * 3, pixel * 3 + 3)
    }
    const { pixels } = redesign(glossy, 'scandinavian', 'jewel-tones')
    const light = (pixel: number) => 0.2126 * SRGB8_TO_LINEAR[pixels[pixel * 3]!]! + 0.7152 * SRGB8_TO_LINEAR[pixels[pixel * 3 + 1]!]! + 0.0722 * SRGB8_TO_LINEAR[pixels[pixel * 3 + 2]!]!
    const near = (centre: { x: number; y: number }) => wall.filter((pixel) => falloff(pixel, centre) > 0.95)
    const mean = (list: number[]) => list.reduce((sum, pixel) => sum + light(pixel), 0) / list.length
    const plain = mean(wall.filter((pixel) => falloff(pixel, sheen) < 0.01 && falloff(pixel, shade) < 0.01))
    // Multiplied in whole, the sheen makes the new paint about 2.4 times as bright there (smoothing softens its peak);
    // as added light, about 1.6 times.
    const sheenRatio = mean(near(sheen)) / plain
    expect(sheenRatio).toBeGreaterThan(1.3)
    expect(sheenRatio).toBeLessThan(2)
    expect(mean(near(shade)) / plain).toBeLessThan(0.75)
  })

  it('recolours a dark woven fabric light without turning its weave into static', () => {
    // A navy curtain whose every pixel varies by up to ±35 % (weave and sensor noise), dressed in a light accent.
    const woven = { ...room, pixels: room.pixels.slice() }
    const fabric: number[] = []
    for (let pixel = 0; pixel < woven.labels.length; pixel++) {
      if (woven.labels[pixel] !== CLASS_FABRIC) continue
      fabric.push(pixel)
      const grain = 1 + 0.35 * Math.sin(pixel * 12.9898) * Math.cos(pixel * 78.233)
      woven.pixels.set([26, 40, 62].map((value) => Math.round(value * grain)), pixel * 3)
    }
    const { pixels } = redesign(woven, 'transitional', 'monochromatic-whites')
    const grey = (data: Uint8Array, pixel: number) => 0.2126 * data[pixel * 3]! + 0.7152 * data[pixel * 3 + 1]! + 0.0722 * data[pixel * 3 + 2]!
    const inside = interior(woven, CLASS_FABRIC, 2)
    expect(inside.length).toBeGreaterThan(100)
    const mean = inside.reduce((sum, pixel) => sum + grey(pixels, pixel), 0) / inside.length
    // Pixel-to-pixel variation along rows, against the new colour's level: the input's is about 20 %.
    const step = inside.reduce((sum, pixel) => sum + Math.abs(grey(pixels, pixel) - grey(pixels, pixel + 1)), 0) / inside.length
    expect(mean).toBeGreaterThan(120)
    expect(step / mean).toBeLessThan(0.06)
  })

  it('lays wall tiles at their real size: the grout repeats every f × tile / distance pixels on a frontal wall', () => {
    const bare = renderBoxRoom({ width: 480, height: 360, furnished: false, yaw: 0, pitch: 0, fieldOfView: 66, lamp: 0, depth: 2.8 })
    const style = findStyle('contemporary')!
    expect(style.look.walls).toBe('large-tile')
    const { pixels } = redesign(bare, 'contemporary', 'bold-contrast', { seed: 11 })
    const finish = classFinishes({ palette: findPalette('bold-contrast')!.colors, look: style.look, recipe: findStyleRecipe('contemporary'), seed: 11 })[CLASS_WALL]!
    // large-tile: 2 × 2 tiles a repeat.
    const tileMetres = finish.texture!.levels[0]!.size / finish.texelsU / 2
    const expected = (bare.focal * tileMetres) / 2.8
    // Mean of the back wall's rows above the wainscot line, as a signal along x; its autocorrelation peaks at the tile width.
    const left = Math.round(bare.width * 0.2)
    const right = Math.round(bare.width * 0.8)
    const signal = new Float64Array(right - left)
    let rows = 0
    for (let y = Math.round(bare.height * 0.15); y < bare.height * 0.45; y++) {
      if (bare.labels[y * bare.width + bare.width / 2] !== CLASS_WALL) continue
      rows++
      for (let x = left; x < right; x++) signal[x - left]! += pixels[(y * bare.width + x) * 3 + 1]!
    }
    expect(rows).toBeGreaterThan(10)
    const mean = signal.reduce((sum, value) => sum + value, 0) / signal.length
    let bestLag = 0
    let best = Number.NEGATIVE_INFINITY
    for (let lag = Math.round(expected * 0.6); lag <= Math.round(expected * 1.4); lag++) {
      let sum = 0
      for (let index = 0; index + lag < signal.length; index++) sum += (signal[index]! - mean) * (signal[index + lag]! - mean)
      const value = sum / (signal.length - lag)
      if (value > best) {
        best = value
        bestLag = lag
      }
    }
    expect(Math.abs(bestLag - expected) / expected).toBeLessThan(0.08)
  })

  it('is deterministic for a seed and varies with it', () => {
    const first = redesign(room, 'farmhouse', 'warm-neutrals', { seed: 3 }).pixels
    const again = redesign(room, 'farmhouse', 'warm-neutrals', { seed: 3 }).pixels
    const other = redesign(room, 'farmhouse', 'warm-neutrals', { seed: 4 }).pixels
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true)
    expect(Buffer.from(other).equals(Buffer.from(first))).toBe(false)
  })

  it('refuses a label map that does not match its size', () => {
    expect(() => redesignFromSurfaces({ ...baseInput(), labels: new Uint8Array(10), labelWidth: 4, labelHeight: 4 })).toThrow(/label map/)
  })
})

function baseInput() {
  const style = findStyle('minimalist')!
  return { pixels: room.pixels, width: room.width, height: room.height, labels: room.labels, labelWidth: room.width, labelHeight: room.height, look: style.look, palette: findPalette('warm-grays')!.colors, recipe: findStyleRecipe('minimalist'), seed: 1 }
}
