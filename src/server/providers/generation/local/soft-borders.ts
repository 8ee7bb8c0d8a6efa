// Edge-aware soft borders between regions. Segmentation draws every region border somewhere, but only some of
// them sit on an edge of the photo: where a wall turns into a "ceiling" because the light falls off, or where a
// superpixel outline wanders across plain tile, a hard switch between two renderings draws a new, blocky edge
// into the room. Each analysis pixel therefore also gets its nearest *other* region by geodesic distance (the
// path cost grows with the photo's colour steps, so it barely crosses a real edge) and a weight for blending
// that region's rendering in: about one half right at a border the photo does not show, fading over a few
// pixels, and close to zero across a real edge, where the joint bilateral upsampling keeps the border crisp.

export type SoftBorders = {
  /** Nearest other region of every analysis pixel (geodesically), or -1. */
  other: Int32Array
  /** 0..0.5: share of that region's rendering to blend in. */
  weight: Float32Array
}

export type SoftBorderOptions = {
  /** Fade length, analysis pixels. */
  sigma?: number
  /** ΔE (CIELAB, between neighbouring analysis pixels) at which a step costs twice its length. */
  edgeScale?: number
}

const DIAGONAL = Math.SQRT2

export function softBorders(regionOf: Int32Array, lab: Float32Array, width: number, height: number, options: SoftBorderOptions = {}): SoftBorders {
  const sigma = options.sigma ?? 4
  const edgeScale = options.edgeScale ?? 3
  const count = width * height
  const distance = new Float32Array(count).fill(Number.POSITIVE_INFINITY)
  const other = new Int32Array(count).fill(-1)
  const inverseScale = 1 / (edgeScale * edgeScale)
  const step = (first: number, second: number, length: number) => {
    const dl = lab[first * 3]! - lab[second * 3]!
    const da = lab[first * 3 + 1]! - lab[second * 3 + 1]!
    const db = lab[first * 3 + 2]! - lab[second * 3 + 2]!
    return length * (1 + (dl * dl + da * da + db * db) * inverseScale)
  }
  // Relax `pixel` from neighbour `from`: a neighbour in another region offers that region; a neighbour in the
  // same region offers the other region it already knows.
  const relax = (pixel: number, from: number, length: number) => {
    const own = regionOf[pixel]!
    const theirs = regionOf[from]!
    let candidate: number
    let base: number
    if (theirs !== own) {
      candidate = theirs
      base = 0
    } else {
      candidate = other[from]!
      if (candidate < 0 || candidate === own) return
      base = distance[from]!
    }
    // Beyond three fade lengths the weight is nil: do not bother.
    if (base > sigma * 3) return
    const total = base + step(pixel, from, length)
    if (total < distance[pixel]!) {
      distance[pixel] = total
      other[pixel] = candidate
    }
  }
  for (let pass = 0; pass < 2; pass++) {
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const pixel = y * width + x
        if (x > 0) relax(pixel, pixel - 1, 1)
        if (y > 0) {
          relax(pixel, pixel - width, 1)
          if (x > 0) relax(pixel, pixel - width - 1, DIAGONAL)
          if (x < width - 1) relax(pixel, pixel - width + 1, DIAGONAL)
        }
      }
    }
    for (let y = height - 1; y >= 0; y--) {
      for (let x = width - 1; x >= 0; x--) {
        const pixel = y * width + x
        if (x < width - 1) relax(pixel, pixel + 1, 1)
        if (y < height - 1) {
          relax(pixel, pixel + width, 1)
          if (x < width - 1) relax(pixel, pixel + width + 1, DIAGONAL)
          if (x > 0) relax(pixel, pixel + width - 1, DIAGONAL)
        }
      }
    }
  }
  const weight = new Float32Array(count)
  for (let pixel = 0; pixel < count; pixel++) {
    if (other[pixel]! < 0) continue
    // Pixel centres sit half a pixel from the border: both sides of an invisible border blend half and half.
    const reach = Math.max(0, distance[pixel]! - 0.5) / sigma
    const value = 0.5 * Math.exp(-reach * reach)
    if (value < 0.01) other[pixel] = -1
    else weight[pixel] = value
  }
  return { other, weight }
}
