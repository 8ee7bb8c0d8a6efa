// SLIC superpixels (Achanta et al. 2012) in Lab on the small analysis copy: compact, colour-coherent
// patches that the segmentation merges into surfaces.

export type Superpixels = {
  /** Superpixel index of every analysis pixel. */
  labels: Int32Array
  count: number
}

export type SuperpixelOptions = {
  /** Roughly how many superpixels to aim for. */
  target: number
  /** Spatial weight against colour (Lab units per grid step). */
  compactness: number
  iterations: number
}

export function computeSuperpixels(lab: Float32Array, width: number, height: number, options: SuperpixelOptions): Superpixels {
  const pixelCount = width * height
  const step = Math.max(4, Math.round(Math.sqrt(pixelCount / options.target)))
  const centres: number[] = [] // l, a, b, x, y per centre
  for (let y = Math.floor(step / 2); y < height; y += step) {
    for (let x = Math.floor(step / 2); x < width; x += step) {
      // Move the seed to the lowest-gradient spot of its 3×3 neighbourhood, off any edge.
      let bestX = x
      let bestY = y
      let bestGradient = Number.POSITIVE_INFINITY
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const sx = Math.min(width - 2, Math.max(1, x + dx))
          const sy = Math.min(height - 2, Math.max(1, y + dy))
          const gradient = lightnessGradient(lab, width, sx, sy)
          if (gradient < bestGradient) {
            bestGradient = gradient
            bestX = sx
            bestY = sy
          }
        }
      }
      const index = (bestY * width + bestX) * 3
      centres.push(lab[index]!, lab[index + 1]!, lab[index + 2]!, bestX, bestY)
    }
  }
  const centreCount = centres.length / 5
  const centreData = Float64Array.from(centres)
  const labels = new Int32Array(pixelCount).fill(-1)
  const distances = new Float32Array(pixelCount)
  const spatialWeight = (options.compactness / step) ** 2
  const sums = new Float64Array(centreCount * 6)

  for (let iteration = 0; iteration < options.iterations; iteration++) {
    distances.fill(Number.POSITIVE_INFINITY)
    for (let centre = 0; centre < centreCount; centre++) {
      const base = centre * 5
      const cl = centreData[base]!
      const ca = centreData[base + 1]!
      const cb = centreData[base + 2]!
      const cx = centreData[base + 3]!
      const cy = centreData[base + 4]!
      const left = Math.max(0, Math.floor(cx - step))
      const right = Math.min(width - 1, Math.ceil(cx + step))
      const top = Math.max(0, Math.floor(cy - step))
      const bottom = Math.min(height - 1, Math.ceil(cy + step))
      for (let y = top; y <= bottom; y++) {
        const dy = y - cy
        for (let x = left; x <= right; x++) {
          const pixel = y * width + x
          const dl = lab[pixel * 3]! - cl
          const da = lab[pixel * 3 + 1]! - ca
          const db = lab[pixel * 3 + 2]! - cb
          const dx = x - cx
          const distance = dl * dl + da * da + db * db + (dx * dx + dy * dy) * spatialWeight
          if (distance < distances[pixel]!) {
            distances[pixel] = distance
            labels[pixel] = centre
          }
        }
      }
    }
    sums.fill(0)
    for (let pixel = 0; pixel < pixelCount; pixel++) {
      const centre = labels[pixel]!
      if (centre < 0) continue
      const base = centre * 6
      sums[base]! += lab[pixel * 3]!
      sums[base + 1]! += lab[pixel * 3 + 1]!
      sums[base + 2]! += lab[pixel * 3 + 2]!
      sums[base + 3]! += pixel % width
      sums[base + 4]! += Math.floor(pixel / width)
      sums[base + 5]! += 1
    }
    for (let centre = 0; centre < centreCount; centre++) {
      const base = centre * 6
      const count = sums[base + 5]!
      if (count === 0) continue
      for (let component = 0; component < 5; component++) centreData[centre * 5 + component] = sums[base + component]! / count
    }
  }
  for (let pixel = 0; pixel < pixelCount; pixel++) if (labels[pixel]! < 0) labels[pixel] = 0
  return enforceConnectivity(labels, width, height, Math.max(4, Math.floor((step * step) / 4)))
}

function lightnessGradient(lab: Float32Array, width: number, x: number, y: number): number {
  const index = y * width + x
  const horizontal = lab[(index + 1) * 3]! - lab[(index - 1) * 3]!
  const vertical = lab[(index + width) * 3]! - lab[(index - width) * 3]!
  return horizontal * horizontal + vertical * vertical
}

/** Relabels 4-connected components; components smaller than minSize join a neighbour. */
function enforceConnectivity(labels: Int32Array, width: number, height: number, minSize: number): Superpixels {
  const pixelCount = width * height
  const result = new Int32Array(pixelCount).fill(-1)
  const queue = new Int32Array(pixelCount)
  let next = 0
  for (let start = 0; start < pixelCount; start++) {
    if (result[start]! >= 0) continue
    const original = labels[start]!
    // A labelled neighbour to absorb this component if it turns out too small.
    let adjacent = -1
    const sx = start % width
    const sy = Math.floor(start / width)
    if (sx > 0 && result[start - 1]! >= 0) adjacent = result[start - 1]!
    else if (sy > 0 && result[start - width]! >= 0) adjacent = result[start - width]!
    let head = 0
    let tail = 0
    queue[tail++] = start
    result[start] = next
    while (head < tail) {
      const pixel = queue[head++]!
      const x = pixel % width
      const y = Math.floor(pixel / width)
      if (x > 0) tail = visit(pixel - 1, original, next, labels, result, queue, tail)
      if (x < width - 1) tail = visit(pixel + 1, original, next, labels, result, queue, tail)
      if (y > 0) tail = visit(pixel - width, original, next, labels, result, queue, tail)
      if (y < height - 1) tail = visit(pixel + width, original, next, labels, result, queue, tail)
    }
    if (tail < minSize && adjacent >= 0) {
      for (let index = 0; index < tail; index++) result[queue[index]!] = adjacent
    } else {
      next++
    }
  }
  return { labels: result, count: next }
}

function visit(pixel: number, original: number, label: number, labels: Int32Array, result: Int32Array, queue: Int32Array, tail: number): number {
  if (result[pixel]! >= 0 || labels[pixel] !== original) return tail
  result[pixel] = label
  queue[tail] = pixel
  return tail + 1
}
