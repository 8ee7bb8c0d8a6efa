// Procedural material tiles: seamless swatches of tile, stone, wood and paper, each made once per
// material and cached with its mip pyramid. A texel carries three channels:
//   tone    albedo multiplier around 1 (relief, grain, per-tile variation),
//   second  0..1 blend towards the material's second colour (grout, veins, stripes, dots, chips),
//   third   0..1 blend towards its third colour (glaze drift, leaves, feature tiles).
// The colours come from the palette and the style recipe at render time, so one tile serves every palette.
import type { Material } from '../../../../shared/catalogue/styles'
import { fraction, periodicFbm, periodicNoise, positiveModulo, smoothstep } from './procedural-noise'
import { hashSeed, latticeHash } from './random'

/** Paint finishes are materials too, for walls dressed in paint. */
export type TextureKind = Exclude<Material, 'paint'> | 'plaster' | 'limewash'

/** One mip level. Channels are stored as bytes: tone = TONE_MIN + byte × TONE_STEP, second/third = byte / 255. */
export type TextureLevel = { size: number; tone: Uint8Array; second: Uint8Array; third: Uint8Array }

export const TONE_MIN = 0.4
export const TONE_STEP = 1.2 / 255

export type MaterialTexture = {
  kind: TextureKind
  /** Real-world size of one tile repeat, metres across (u) and down (v). */
  periodMetres: readonly [number, number]
  /** Mip pyramid; level 0 is `TEXTURE_SIZE` square. */
  levels: TextureLevel[]
}

export const TEXTURE_SIZE = 512

type Texel = [number, number, number]
type Generator = { periodMetres: readonly [number, number]; texel: (u: number, v: number, seed: number, out: Texel) => void }

// One tile per kind (about 1.4 MB with its mips, 19 kinds at most): seeds vary a surface by shifting and
// scaling its pattern, not by rebuilding the tile, so a worker never pays for generation twice.
const cache = new Map<TextureKind, MaterialTexture>()

/** Builds every material's tile now (a server warming up before its first redesign); returns how many there are. */
export function buildAllMaterials(): number {
  const kinds = Object.keys(GENERATORS) as TextureKind[]
  for (const kind of kinds) materialTexture(kind)
  return kinds.length
}

/** The tile for a material, built on first use and cached for the life of the process. */
export function materialTexture(kind: TextureKind): MaterialTexture {
  const cached = cache.get(kind)
  if (cached) return cached
  const texture = buildTexture(kind, GENERATORS[kind], hashSeed(kind))
  cache.set(kind, texture)
  return texture
}

function buildTexture(kind: TextureKind, generator: Generator, seed: number): MaterialTexture {
  const size = TEXTURE_SIZE
  const tone = new Float32Array(size * size)
  const second = new Float32Array(size * size)
  const third = new Float32Array(size * size)
  const out: Texel = [1, 0, 0]
  for (let row = 0; row < size; row++) {
    const v = (row + 0.5) / size
    for (let column = 0; column < size; column++) {
      out[0] = 1
      out[1] = 0
      out[2] = 0
      generator.texel((column + 0.5) / size, v, seed, out)
      const index = row * size + column
      tone[index] = out[0]
      second[index] = Math.min(1, Math.max(0, out[1]))
      third[index] = Math.min(1, Math.max(0, out[2]))
    }
  }
  const levels: TextureLevel[] = []
  let current: FloatLevel = { size, tone, second, third }
  for (;;) {
    levels.push(toBytes(current))
    if (current.size <= 4) break
    current = halve(current)
  }
  return { kind, periodMetres: generator.periodMetres, levels }
}

type FloatLevel = { size: number; tone: Float32Array; second: Float32Array; third: Float32Array }

function toBytes(level: FloatLevel): TextureLevel {
  const count = level.size * level.size
  // Shared memory: a plan posted to a painting thread (paint-threads.ts) carries the tile without copying it.
  const shared = () => new Uint8Array(new SharedArrayBuffer(count))
  const result: TextureLevel = { size: level.size, tone: shared(), second: shared(), third: shared() }
  for (let index = 0; index < count; index++) {
    result.tone[index] = Math.round(Math.min(255, Math.max(0, (level.tone[index]! - TONE_MIN) / TONE_STEP)))
    result.second[index] = Math.round(level.second[index]! * 255)
    result.third[index] = Math.round(level.third[index]! * 255)
  }
  return result
}

function halve(level: FloatLevel): FloatLevel {
  const size = level.size / 2
  const result: FloatLevel = { size, tone: new Float32Array(size * size), second: new Float32Array(size * size), third: new Float32Array(size * size) }
  for (const channel of ['tone', 'second', 'third'] as const) {
    const source = level[channel]
    const target = result[channel]
    for (let row = 0; row < size; row++) {
      for (let column = 0; column < size; column++) {
        const index = row * 2 * level.size + column * 2
        target[row * size + column] = (source[index]! + source[index + 1]! + source[index + level.size]! + source[index + level.size + 1]!) / 4
      }
    }
  }
  return result
}

/** 1 inside a line of half-width `halfWidth` (same units as `distance`), anti-aliased over `soft`. */
function line(distance: number, halfWidth: number, soft: number): number {
  return 1 - smoothstep(halfWidth - soft, halfWidth + soft, distance)
}

// ---------------------------------------------------------------------------------------------------------
// Generators. u, v are tile units in [0, 1); sizes below are metres unless noted.

const subwayTile: Generator = {
  periodMetres: [0.6, 0.6],
  texel(u, v, seed, out) {
    const columns = 4
    const rows = 8
    const row = Math.floor(v * rows)
    const x = u * columns + (row % 2) * 0.5
    const column = positiveModulo(Math.floor(x), columns)
    const fx = fraction(x)
    const fy = fraction(v * rows)
    const tileWidth = 0.15
    const tileHeight = 0.075
    const edge = Math.min(Math.min(fx, 1 - fx) * tileWidth, Math.min(fy, 1 - fy) * tileHeight)
    const soft = 0.6 / 512
    out[1] = line(edge, 0.0022, soft)
    // Bevelled, glazed face: light catches the top edge, the bottom edge falls into shade.
    const bevel = 0.007
    const nearTop = fy * tileHeight
    const nearBottom = (1 - fy) * tileHeight
    const nearLeft = fx * tileWidth
    let relief = 0
    if (nearTop < bevel) relief += 0.09 * (1 - nearTop / bevel)
    if (nearLeft < bevel) relief += 0.04 * (1 - nearLeft / bevel)
    if (nearBottom < bevel) relief -= 0.12 * (1 - nearBottom / bevel)
    const tileTone = (latticeHash(column, row, seed) - 0.5) * 0.05
    out[0] = 1 + relief + tileTone + 0.012 * periodicFbm(u, v, 8, 8, 3, seed)
  },
}

const zellige: Generator = {
  periodMetres: [0.8, 0.8],
  texel(u, v, seed, out) {
    const tiles = 8
    // Hand-cut edges wander a little.
    const jitterU = 0.012 * periodicNoise(u, v, 64, 64, seed + 7)
    const jitterV = 0.012 * periodicNoise(u, v, 64, 64, seed + 11)
    const x = (u + jitterU / tiles) * tiles
    const y = (v + jitterV / tiles) * tiles
    const column = positiveModulo(Math.floor(x), tiles)
    const row = positiveModulo(Math.floor(y), tiles)
    const fx = fraction(x)
    const fy = fraction(y)
    const edge = Math.min(fx, 1 - fx, fy, 1 - fy) * 0.1
    out[1] = line(edge, 0.0018, 0.0008)
    const tileTone = latticeHash(column, row, seed)
    const pillow = 1 - 0.07 * (1 - smoothstep(0, 0.018, edge))
    const glaze = periodicFbm(u, v, 24, 24, 3, seed + 3)
    out[0] = pillow * (1 + (tileTone - 0.5) * 0.22 + glaze * 0.08)
    const drift = latticeHash(column + 31, row + 17, seed)
    out[2] = Math.max(0, drift - 0.55) * 1.2 + Math.max(0, glaze) * 0.25
  },
}

const marble: Generator = {
  periodMetres: [1.2, 1.2],
  texel(u, v, seed, out) {
    const turbulence = periodicFbm(u, v, 4, 4, 5, seed)
    const fine = periodicFbm(u, v, 6, 6, 4, seed + 5)
    const main = Math.pow(1 - Math.abs(Math.sin(Math.PI * 2 * (u * 2 + v) + turbulence * 5.5)), 14)
    const minor = Math.pow(1 - Math.abs(Math.sin(Math.PI * 2 * (u * 3 - v * 2) + fine * 7)), 28) * 0.7
    const cloud = periodicFbm(u, v, 3, 3, 4, seed + 9)
    out[1] = Math.min(1, (main + minor) * 0.95)
    out[2] = Math.max(0, cloud) * 0.35
    // Slab joints every 60 cm.
    const joint = Math.min(Math.abs(fraction(u * 2) - 0.5), Math.abs(fraction(v * 2) - 0.5))
    out[0] = 1 + 0.035 * cloud - (0.5 - joint < 0.0025 ? 0.12 : 0)
  },
}

const wood: Generator = {
  // Planks 18 cm wide and 72 cm long, running down the tile (away from the camera on a floor).
  periodMetres: [1.44, 1.44],
  texel(u, v, seed, out) {
    const planks = 8
    const x = u * planks
    const column = positiveModulo(Math.floor(x), planks)
    const across = fraction(x)
    const offset = latticeHash(column, 3, seed)
    const along = v * 2 - offset
    const piece = positiveModulo(Math.floor(along), 2)
    const plankTone = latticeHash(column, piece, seed) - 0.5
    const warp = periodicFbm(u, v, 16, 4, 4, seed + column)
    const rings = 0.5 + 0.5 * Math.sin(Math.PI * 2 * (across * 4.5 + warp * 1.6 + plankTone * 7))
    const streaks = periodicFbm(u, v, 96, 6, 3, seed + 13)
    const seamSide = Math.min(across, 1 - across) * 0.18
    const seamEnd = Math.min(fraction(along), 1 - fraction(along)) * 0.72
    const seam = Math.max(line(seamSide, 0.0012, 0.0012), line(seamEnd, 0.0012, 0.0012))
    out[0] = (1 + plankTone * 0.26 + (rings - 0.5) * 0.16 + streaks * 0.08) * (1 - seam * 0.55)
    out[1] = Math.pow(rings, 6) * 0.55
    out[2] = Math.max(0, latticeHash(column + 5, piece + 9, seed) - 0.6) * 1.5
  },
}

const concrete: Generator = {
  periodMetres: [1.6, 1.6],
  texel(u, v, seed, out) {
    const mottle = periodicFbm(u, v, 3, 3, 5, seed)
    const grain = periodicFbm(u, v, 48, 48, 3, seed + 3)
    // Pinholes from trapped air.
    const cells = 160
    const cellX = Math.floor(u * cells)
    const cellY = Math.floor(v * cells)
    const hole = latticeHash(cellX, cellY, seed + 17) < 0.035 ? 1 - smoothstep(0.1, 0.4, Math.hypot(fraction(u * cells) - 0.5, fraction(v * cells) - 0.5)) : 0
    out[0] = (1 + mottle * 0.13 + grain * 0.035) * (1 - hole * 0.3)
    out[2] = Math.max(0, mottle) * 0.4
  },
}

const terrazzo: Generator = {
  periodMetres: [0.5, 0.5],
  texel(u, v, seed, out) {
    const cells = 36
    const x = u * cells
    const y = v * cells
    const baseX = Math.floor(x)
    const baseY = Math.floor(y)
    out[0] = 1 + 0.02 * periodicFbm(u, v, 12, 12, 3, seed)
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cellX = positiveModulo(baseX + dx, cells)
        const cellY = positiveModulo(baseY + dy, cells)
        if (latticeHash(cellX, cellY, seed) > 0.62) continue
        const centreX = baseX + dx + 0.2 + 0.6 * latticeHash(cellX, cellY, seed + 1)
        const centreY = baseY + dy + 0.2 + 0.6 * latticeHash(cellX, cellY, seed + 2)
        const radius = 0.18 + 0.42 * Math.pow(latticeHash(cellX, cellY, seed + 3), 2)
        const angle = Math.atan2(y - centreY, x - centreX)
        const shaped = radius * (1 + 0.28 * Math.sin(3 * angle + 6 * latticeHash(cellX, cellY, seed + 4)))
        if (Math.hypot(x - centreX, y - centreY) > shaped) continue
        const kind = latticeHash(cellX, cellY, seed + 5)
        if (kind < 0.34) out[1] = 1
        else if (kind < 0.58) out[2] = 1
        else if (kind < 0.8) out[0] *= 0.62
        else out[0] *= 1.16
      }
    }
  },
}

const shiplap: Generator = {
  periodMetres: [1.2, 0.6],
  texel(u, v, seed, out) {
    const boards = 4
    const y = v * boards
    const board = Math.floor(y)
    const fy = fraction(y)
    const fromTop = fy * 0.15
    const joint = Math.abs(fraction(u + latticeHash(board, 1, seed)) - 0.5) * 1.2
    const gap = line(fromTop, 0.0025, 0.001)
    const shadow = Math.exp(-fromTop / 0.01) * 0.22
    const grain = periodicFbm(u, v, 64, 4, 3, seed + board)
    out[0] = (1 - gap * 0.62) * (1 - shadow) * (1 + (latticeHash(board, 2, seed) - 0.5) * 0.04 + grain * 0.015) * (1 - line(0.6 - joint, 0.0012, 0.001) * 0.35)
  },
}

const beadboard: Generator = {
  periodMetres: [0.56, 0.56],
  texel(u, v, seed, out) {
    const boards = 8
    const x = u * boards
    const board = positiveModulo(Math.floor(x), boards)
    const across = fraction(x) * 0.07
    const groove = line(across, 0.0012, 0.0008)
    const bead = Math.exp(-Math.pow((across - 0.006) / 0.003, 2))
    const beadShadow = Math.exp(-Math.pow((across - 0.011) / 0.002, 2))
    out[0] = (1 - groove * 0.5 + bead * 0.07 - beadShadow * 0.08) * (1 + (latticeHash(board, 4, seed) - 0.5) * 0.025 + periodicFbm(u, v, 32, 4, 2, seed) * 0.01)
  },
}

const wallpaperStripes: Generator = {
  periodMetres: [0.24, 0.24],
  texel(u, v, seed, out) {
    const soft = 1.2 / 512
    // Signed distance to the edge of the stripe occupying u in [0, 0.5).
    const signed = u < 0.5 ? Math.min(u, 0.5 - u) : -Math.min(u - 0.5, 1 - u)
    out[1] = smoothstep(-soft, soft, signed)
    out[2] = line(Math.abs(u - 0.75), 0.012, soft)
    out[0] = 1 + 0.012 * periodicFbm(u, v, 24, 24, 2, seed)
  },
}

const wallpaperDots: Generator = {
  periodMetres: [0.16, 0.16],
  texel(u, v, seed, out) {
    const soft = 1.5 / 512
    const big = Math.min(Math.hypot(u - 0.25, v - 0.25), Math.hypot(u - 0.75, v - 0.75))
    const small = Math.min(Math.hypot(u - 0.75, v - 0.25), Math.hypot(u - 0.25, v - 0.75))
    out[1] = line(big, 0.11, soft)
    out[2] = line(small, 0.045, soft)
    out[0] = 1 + 0.01 * periodicFbm(u, v, 16, 16, 2, seed)
  },
}

const wallpaperFloral: Generator = {
  periodMetres: [0.36, 0.36],
  texel(u, v, seed, out) {
    const soft = 1.5 / 512
    out[0] = 1 + 0.01 * periodicFbm(u, v, 16, 16, 2, seed)
    const motifs: ReadonlyArray<readonly [number, number, number]> = [
      [0.25, 0.25, 0.3],
      [0.75, 0.75, 1.1],
    ]
    for (const [centreU, centreV, rotation] of motifs) {
      // Nearest periodic copy of the motif.
      const du = fraction(u - centreU + 0.5) - 0.5
      const dv = fraction(v - centreV + 0.5) - 0.5
      const radius = Math.hypot(du, dv)
      const angle = Math.atan2(dv, du) + rotation + latticeHash(1, 2, seed) * 6
      // Five rounded petals: a rose curve with a soft edge.
      const petalEdge = 0.055 + 0.05 * Math.pow(Math.abs(Math.cos(2.5 * angle)), 0.8)
      const petal = line(radius, petalEdge, soft)
      const heart = line(radius, 0.022, soft)
      out[1] = Math.max(out[1], petal * (1 - heart))
      out[2] = Math.max(out[2], heart)
      // Two leaves beside each flower.
      for (const side of [-1, 1]) {
        const leafAngle = rotation + side * 0.9 + Math.PI * 0.5
        const leafU = du - Math.cos(leafAngle) * 0.15
        const leafV = dv - Math.sin(leafAngle) * 0.15
        const along = leafU * Math.cos(leafAngle) + leafV * Math.sin(leafAngle)
        const across = -leafU * Math.sin(leafAngle) + leafV * Math.cos(leafAngle)
        const leaf = line(Math.hypot(along / 0.055, across / 0.022), 1, soft * 20)
        if (leaf > 0 && petal < 0.5) {
          out[2] = Math.max(out[2], leaf)
          out[0] *= 1 - 0.18 * leaf
        }
      }
    }
    // Small buds between the flowers.
    const bud = Math.min(Math.hypot(u - 0.75, v - 0.25), Math.hypot(u - 0.25, v - 0.75))
    out[1] = Math.max(out[1], line(bud, 0.02, soft))
  },
}

const HEX_RADIUS = 0.055
const hexTile: Generator = {
  // Pointy-top hexagons: 4 across and 6 rows per tile repeat.
  periodMetres: [4 * Math.sqrt(3) * HEX_RADIUS, 9 * HEX_RADIUS],
  texel(u, v, seed, out) {
    const r = HEX_RADIUS
    const x = u * 4 * Math.sqrt(3) * r
    const y = v * 9 * r
    const rowHeight = 1.5 * r
    const columnWidth = Math.sqrt(3) * r
    const baseRow = Math.floor(y / rowHeight)
    let best = Number.POSITIVE_INFINITY
    let bestX = 0
    let bestY = 0
    let bestColumn = 0
    let bestRow = 0
    for (let row = baseRow - 1; row <= baseRow + 1; row++) {
      const shift = positiveModulo(row, 2) * 0.5
      const column = Math.round(x / columnWidth - shift)
      for (let candidate = column - 1; candidate <= column + 1; candidate++) {
        const centreX = (candidate + shift) * columnWidth
        const centreY = row * rowHeight
        const distance = (x - centreX) ** 2 + (y - centreY) ** 2
        if (distance < best) {
          best = distance
          bestX = x - centreX
          bestY = y - centreY
          bestColumn = candidate
          bestRow = row
        }
      }
    }
    // Distance to the hexagon's edge: inradius minus the largest projection on the three edge normals.
    const projection = Math.max(Math.abs(bestX), Math.abs(0.5 * bestX + 0.8660254 * bestY), Math.abs(-0.5 * bestX + 0.8660254 * bestY))
    const edge = 0.8660254 * r - projection
    out[1] = line(edge, 0.0018, 0.0007)
    const id = latticeHash(positiveModulo(bestColumn, 4), positiveModulo(bestRow, 6), seed)
    out[0] = 1 + (id - 0.5) * 0.07 + 0.01 * periodicFbm(u, v, 16, 16, 2, seed) - (1 - smoothstep(0, 0.006, edge)) * 0.06
    out[2] = latticeHash(positiveModulo(bestColumn, 4) + 9, positiveModulo(bestRow, 6) + 3, seed) > 0.8 ? 1 : 0
  },
}

const checkerboard: Generator = {
  periodMetres: [0.6, 0.6],
  texel(u, v, seed, out) {
    const x = u * 2
    const y = v * 2
    const column = Math.floor(x)
    const row = Math.floor(y)
    const soft = 1 / 512
    const edge = Math.min(fraction(x), 1 - fraction(x), fraction(y), 1 - fraction(y)) * 0.3
    out[1] = (column + row) % 2 === 0 ? 0 : 1
    out[0] = (1 + (latticeHash(column, row, seed) - 0.5) * 0.04 + 0.01 * periodicFbm(u, v, 8, 8, 2, seed)) * (1 - line(edge, 0.0016, soft) * 0.3)
  },
}

const stone: Generator = {
  periodMetres: [1.5, 1.5],
  texel(u, v, seed, out) {
    const cells = 5
    const x = u * cells
    const y = v * cells
    const baseX = Math.floor(x)
    const baseY = Math.floor(y)
    let first = Number.POSITIVE_INFINITY
    let second = Number.POSITIVE_INFINITY
    let owner = 0
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const cellX = positiveModulo(baseX + dx, cells)
        const cellY = positiveModulo(baseY + dy, cells)
        const centreX = baseX + dx + 0.15 + 0.7 * latticeHash(cellX, cellY, seed)
        const centreY = baseY + dy + 0.15 + 0.7 * latticeHash(cellX, cellY, seed + 1)
        const distance = Math.hypot(x - centreX, y - centreY)
        if (distance < first) {
          second = first
          first = distance
          owner = cellY * cells + cellX
        } else if (distance < second) {
          second = distance
        }
      }
    }
    const border = ((second - first) / 2) * 0.3
    out[1] = line(border, 0.003, 0.0012)
    const tone = latticeHash(owner, 7, seed)
    const surface = periodicFbm(u, v, 10, 10, 4, seed + owner)
    out[0] = (1 + (tone - 0.5) * 0.22 + surface * 0.09) * (1 - (1 - smoothstep(0, 0.01, border)) * 0.12)
    out[2] = Math.max(0, latticeHash(owner, 8, seed) - 0.5) * 1.1
  },
}

const largeTile: Generator = {
  periodMetres: [1.2, 1.2],
  texel(u, v, seed, out) {
    const x = u * 2
    const y = v * 2
    const column = Math.floor(x)
    const row = Math.floor(y)
    const edge = Math.min(fraction(x), 1 - fraction(x), fraction(y), 1 - fraction(y)) * 0.6
    out[1] = line(edge, 0.0016, 0.001)
    const veil = periodicFbm(u, v, 4, 4, 5, seed)
    out[0] = 1 + (latticeHash(column, row, seed) - 0.5) * 0.03 + veil * 0.035 - (1 - smoothstep(0, 0.004, edge)) * 0.04
  },
}

const HERRINGBONE_RATIO = 4
const herringbone: Generator = {
  // 7 × 28 cm blocks; the pattern repeats every 8 block widths in both directions.
  periodMetres: [0.56, 0.56],
  texel(u, v, seed, out) {
    const k = HERRINGBONE_RATIO
    const px = u * 2 * k
    const py = v * 2 * k
    const i0 = Math.floor((px + py) / 2)
    const j0 = Math.floor((px - py) / (2 * k))
    let found = false
    for (let di = -3; di <= 3 && !found; di++) {
      for (let dj = -2; dj <= 2 && !found; dj++) {
        const i = i0 + di
        const j = j0 + dj
        const originX = i + j * k
        const originY = i - j * k
        const id = positiveModulo(i - j * k, 2 * k)
        // Horizontal block [ox, ox+k) × [oy, oy+1)
        if (px >= originX && px < originX + k && py >= originY && py < originY + 1) {
          plank(px - originX, py - originY, k, id, 0, seed, out)
          found = true
        } else if (px >= originX + k && px < originX + k + 1 && py >= originY + 1 - k && py < originY + 1) {
          // Vertical block [ox+k, ox+k+1) × [oy+1-k, oy+1)
          plank(py - (originY + 1 - k), px - (originX + k), k, id, 1, seed, out)
          found = true
        }
      }
    }
  },
}

function plank(along: number, across: number, length: number, id: number, orientation: number, seed: number, out: Texel): void {
  const edge = Math.min(along, length - along, across, 1 - across)
  const seam = line(edge, 0.02, 0.02)
  const tone = latticeHash(id, orientation, seed) - 0.5
  const grain = Math.sin(Math.PI * 2 * (across * 3 + Math.sin(along * 1.7 + id) * 0.35 + tone * 4))
  const streak = Math.sin(along * 23 + across * 3 + id * 5) * 0.5 + Math.sin(along * 41 + id) * 0.5
  out[0] = (1 + tone * 0.24 + grain * 0.06 + streak * 0.03) * (1 - seam * 0.5)
  out[1] = Math.pow(0.5 + 0.5 * grain, 6) * 0.5
  out[2] = Math.max(0, latticeHash(id, orientation + 2, seed) - 0.6) * 1.5
}

const brick: Generator = {
  periodMetres: [0.9, 0.9],
  texel(u, v, seed, out) {
    const courses = 12
    const perCourse = 4
    const row = Math.floor(v * courses)
    const x = u * perCourse + (row % 2) * 0.5
    const column = positiveModulo(Math.floor(x), perCourse)
    const edge = Math.min(Math.min(fraction(x), 1 - fraction(x)) * 0.225, Math.min(fraction(v * courses), 1 - fraction(v * courses)) * 0.075)
    out[1] = line(edge, 0.005, 0.0015)
    const tone = latticeHash(column, row, seed) - 0.5
    out[0] = (1 + tone * 0.3 + periodicFbm(u, v, 32, 32, 3, seed) * 0.07) * (1 - (1 - smoothstep(0.004, 0.012, edge)) * 0.15)
    out[2] = Math.max(0, latticeHash(column + 3, row, seed) - 0.55) * 1.3
  },
}

const plaster: Generator = {
  periodMetres: [2, 2],
  texel(u, v, seed, out) {
    const trowel = periodicFbm(u, v, 6, 3, 4, seed)
    out[0] = 1 + trowel * 0.07 + periodicFbm(u, v, 40, 40, 2, seed + 1) * 0.015
    out[2] = Math.max(0, trowel) * 0.3
  },
}

const limewash: Generator = {
  periodMetres: [2, 2],
  texel(u, v, seed, out) {
    const cloud = periodicFbm(u, v, 3, 3, 5, seed)
    out[0] = 1 + cloud * 0.12 + periodicFbm(u, v, 30, 30, 2, seed + 1) * 0.015
    out[2] = smoothstep(-0.1, 0.5, periodicFbm(u, v, 5, 5, 4, seed + 2)) * 0.6
  },
}

const GENERATORS: Record<TextureKind, Generator> = {
  'subway-tile': subwayTile,
  zellige,
  marble,
  wood,
  concrete,
  terrazzo,
  shiplap,
  'wallpaper-floral': wallpaperFloral,
  'wallpaper-stripes': wallpaperStripes,
  'wallpaper-dots': wallpaperDots,
  'hex-tile': hexTile,
  checkerboard,
  stone,
  'large-tile': largeTile,
  herringbone,
  beadboard,
  brick,
  plaster,
  limewash,
}
