// Periodic value noise for seamless material tiles: every lattice wraps at the tile edge, so a tile repeats
// without seams. Coordinates are tile units in [0, 1).
import { latticeHash } from './random'

function fade(t: number): number {
  return t * t * (3 - 2 * t)
}

function wrap(value: number, period: number): number {
  const result = value % period
  return result < 0 ? result + period : result
}

/** Value noise in [-1, 1] with `cellsU` × `cellsV` lattice cells across the tile. */
export function periodicNoise(u: number, v: number, cellsU: number, cellsV: number, seed: number): number {
  const x = u * cellsU
  const y = v * cellsV
  const x0 = Math.floor(x)
  const y0 = Math.floor(y)
  const tx = fade(x - x0)
  const ty = fade(y - y0)
  const left = wrap(x0, cellsU)
  const right = wrap(x0 + 1, cellsU)
  const top = wrap(y0, cellsV)
  const bottom = wrap(y0 + 1, cellsV)
  const a = latticeHash(left, top, seed)
  const b = latticeHash(right, top, seed)
  const c = latticeHash(left, bottom, seed)
  const d = latticeHash(right, bottom, seed)
  const upper = a + (b - a) * tx
  const lower = c + (d - c) * tx
  return (upper + (lower - upper) * ty) * 2 - 1
}

/** Fractal sum of periodic noise, roughly in [-1, 1]; each octave doubles the lattice. */
export function periodicFbm(u: number, v: number, cellsU: number, cellsV: number, octaves: number, seed: number): number {
  let total = 0
  let amplitude = 0.5
  let norm = 0
  let frequencyU = cellsU
  let frequencyV = cellsV
  for (let octave = 0; octave < octaves; octave++) {
    total += amplitude * periodicNoise(u, v, frequencyU, frequencyV, seed + octave * 101)
    norm += amplitude
    amplitude *= 0.5
    frequencyU *= 2
    frequencyV *= 2
  }
  return total / norm
}

export function smoothstep(edge0: number, edge1: number, value: number): number {
  const t = Math.min(1, Math.max(0, (value - edge0) / (edge1 - edge0)))
  return t * t * (3 - 2 * t)
}

export function fraction(value: number): number {
  return value - Math.floor(value)
}

export function positiveModulo(value: number, modulus: number): number {
  return wrap(value, modulus)
}
