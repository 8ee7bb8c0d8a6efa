// Quality metrics for generated images, used by the benches and tests, not by the engine. Pure functions on typed
// arrays, so the unit tests can feed them constructed images and the bench can feed them decoded renders.
import { deltaE2000, deltaE2000Components, type Lab } from '../../src/server/providers/generation/local/colour-space'
import { createRandom } from '../../src/server/providers/generation/local/random'

/** A single-channel image, row-major. */
export type GreyImage = { data: Float32Array | Uint8Array; width: number; height: number }

/** Mean ΔE2000 over corresponding pixels of two interleaved Lab images of equal size. */
export function meanDeltaE2000(first: Float32Array, second: Float32Array): number {
  if (first.length !== second.length || first.length % 3 !== 0) throw new Error('meanDeltaE2000: images differ in size')
  const count = first.length / 3
  if (count === 0) return 0
  let total = 0
  for (let index = 0; index < first.length; index += 3) {
    total += deltaE2000Components(first[index]!, first[index + 1]!, first[index + 2]!, second[index]!, second[index + 1]!, second[index + 2]!)
  }
  return total / count
}

// ---------------------------------------------------------------------------------------------------------
// Structure: correlation of Sobel edge maps.

/** Separable Gaussian blur with clamped borders. */
export function gaussianBlur(image: GreyImage, sigma: number): GreyImage {
  const { width, height } = image
  const radius = Math.max(1, Math.ceil(sigma * 3))
  const kernel = new Float32Array(radius * 2 + 1)
  let sum = 0
  for (let offset = -radius; offset <= radius; offset++) {
    const weight = Math.exp(-(offset * offset) / (2 * sigma * sigma))
    kernel[offset + radius] = weight
    sum += weight
  }
  for (let index = 0; index < kernel.length; index++) kernel[index]! /= sum
  const horizontal = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    const row = y * width
    for (let x = 0; x < width; x++) {
      let value = 0
      for (let offset = -radius; offset <= radius; offset++) {
        const sampleX = Math.min(width - 1, Math.max(0, x + offset))
        value += image.data[row + sampleX]! * kernel[offset + radius]!
      }
      horizontal[row + x] = value
    }
  }
  const result = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let value = 0
      for (let offset = -radius; offset <= radius; offset++) {
        const sampleY = Math.min(height - 1, Math.max(0, y + offset))
        value += horizontal[sampleY * width + x]! * kernel[offset + radius]!
      }
      result[y * width + x] = value
    }
  }
  return { data: result, width, height }
}

/** 3×3 Sobel gradient magnitude; the one-pixel border is left at zero. */
export function sobelMagnitude(image: GreyImage): GreyImage {
  const { width, height, data } = image
  const result = new Float32Array(width * height)
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const index = y * width + x
      const topLeft = data[index - width - 1]!
      const top = data[index - width]!
      const topRight = data[index - width + 1]!
      const left = data[index - 1]!
      const right = data[index + 1]!
      const bottomLeft = data[index + width - 1]!
      const bottom = data[index + width]!
      const bottomRight = data[index + width + 1]!
      const gx = topRight + 2 * right + bottomRight - topLeft - 2 * left - bottomLeft
      const gy = bottomLeft + 2 * bottom + bottomRight - topLeft - 2 * top - topRight
      result[index] = Math.sqrt(gx * gx + gy * gy)
    }
  }
  return { data: result, width, height }
}

/** Pearson correlation of two equally long sequences; 0 when either is constant. */
export function pearsonCorrelation(first: ArrayLike<number>, second: ArrayLike<number>): number {
  if (first.length !== second.length) throw new Error('pearsonCorrelation: lengths differ')
  const count = first.length
  if (count === 0) return 0
  let meanFirst = 0
  let meanSecond = 0
  for (let index = 0; index < count; index++) {
    meanFirst += first[index]!
    meanSecond += second[index]!
  }
  meanFirst /= count
  meanSecond /= count
  let covariance = 0
  let varianceFirst = 0
  let varianceSecond = 0
  for (let index = 0; index < count; index++) {
    const deltaFirst = first[index]! - meanFirst
    const deltaSecond = second[index]! - meanSecond
    covariance += deltaFirst * deltaSecond
    varianceFirst += deltaFirst * deltaFirst
    varianceSecond += deltaSecond * deltaSecond
  }
  if (varianceFirst === 0 || varianceSecond === 0) return 0
  return covariance / Math.sqrt(varianceFirst * varianceSecond)
}

export const EDGE_CORRELATION_SCALE = { width: 512, blurSigma: 0.6, kernel: '3×3 Sobel' } as const

/**
 * Structure kept: correlation between the Sobel edge maps of two greyscale images of the same size.
 * The bench feeds it copies 512 px wide (see EDGE_CORRELATION_SCALE and ../shared/notes/local-engine.md:
 * the figure depends on the scale it is measured at).
 */
export function edgeCorrelation(first: GreyImage, second: GreyImage, blurSigma: number = EDGE_CORRELATION_SCALE.blurSigma): number {
  if (first.width !== second.width || first.height !== second.height) throw new Error('edgeCorrelation: images differ in size')
  const firstEdges = sobelMagnitude(blurSigma > 0 ? gaussianBlur(first, blurSigma) : first)
  const secondEdges = sobelMagnitude(blurSigma > 0 ? gaussianBlur(second, blurSigma) : second)
  // The zero border would add the same constant to both maps; leave it out.
  const { width, height } = first
  const interiorFirst = new Float32Array((width - 2) * (height - 2))
  const interiorSecond = new Float32Array((width - 2) * (height - 2))
  let cursor = 0
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      interiorFirst[cursor] = firstEdges.data[y * width + x]!
      interiorSecond[cursor] = secondEdges.data[y * width + x]!
      cursor++
    }
  }
  return pearsonCorrelation(interiorFirst, interiorSecond)
}

// ---------------------------------------------------------------------------------------------------------
// Palette: dominant colours by k-means in Lab, and their distance to a palette.

export type DominantColour = { lab: Lab; share: number }

/**
 * k-means in Lab over interleaved Lab pixels, k-means++ seeding from a fixed seed so the answer is repeatable.
 * Returns the k centres, largest share first.
 */
export function dominantColours(lab: Float32Array, k: number = 5, options: { iterations?: number; seed?: number } = {}): DominantColour[] {
  const count = lab.length / 3
  if (count === 0) return []
  const clusters = Math.min(k, count)
  const iterations = options.iterations ?? 30
  const random = createRandom(options.seed ?? 1)
  const centres = new Float64Array(clusters * 3)
  const nearestDistance = new Float64Array(count).fill(Number.POSITIVE_INFINITY)

  let chosen = Math.floor(random() * count)
  for (let cluster = 0; cluster < clusters; cluster++) {
    centres[cluster * 3] = lab[chosen * 3]!
    centres[cluster * 3 + 1] = lab[chosen * 3 + 1]!
    centres[cluster * 3 + 2] = lab[chosen * 3 + 2]!
    let total = 0
    for (let index = 0; index < count; index++) {
      const distance = squaredDistance(lab, index, centres, cluster)
      if (distance < nearestDistance[index]!) nearestDistance[index] = distance
      total += nearestDistance[index]!
    }
    if (total === 0) break
    let target = random() * total
    chosen = count - 1
    for (let index = 0; index < count; index++) {
      target -= nearestDistance[index]!
      if (target <= 0) {
        chosen = index
        break
      }
    }
  }

  const assignment = new Int32Array(count)
  const sums = new Float64Array(clusters * 3)
  const sizes = new Float64Array(clusters)
  for (let iteration = 0; iteration < iterations; iteration++) {
    let changed = 0
    for (let index = 0; index < count; index++) {
      let best = 0
      let bestDistance = Number.POSITIVE_INFINITY
      for (let cluster = 0; cluster < clusters; cluster++) {
        const distance = squaredDistance(lab, index, centres, cluster)
        if (distance < bestDistance) {
          bestDistance = distance
          best = cluster
        }
      }
      if (assignment[index] !== best || iteration === 0) changed++
      assignment[index] = best
    }
    sums.fill(0)
    sizes.fill(0)
    for (let index = 0; index < count; index++) {
      const cluster = assignment[index]!
      sums[cluster * 3]! += lab[index * 3]!
      sums[cluster * 3 + 1]! += lab[index * 3 + 1]!
      sums[cluster * 3 + 2]! += lab[index * 3 + 2]!
      sizes[cluster]! += 1
    }
    for (let cluster = 0; cluster < clusters; cluster++) {
      const size = sizes[cluster]!
      if (size === 0) continue
      centres[cluster * 3] = sums[cluster * 3]! / size
      centres[cluster * 3 + 1] = sums[cluster * 3 + 1]! / size
      centres[cluster * 3 + 2] = sums[cluster * 3 + 2]! / size
    }
    if (changed === 0) break
  }

  const result: DominantColour[] = []
  for (let cluster = 0; cluster < clusters; cluster++) {
    if (sizes[cluster] === 0) continue
    result.push({ lab: [centres[cluster * 3]!, centres[cluster * 3 + 1]!, centres[cluster * 3 + 2]!], share: sizes[cluster]! / count })
  }
  return result.sort((first, second) => second.share - first.share)
}

function squaredDistance(lab: Float32Array, index: number, centres: Float64Array, cluster: number): number {
  const dl = lab[index * 3]! - centres[cluster * 3]!
  const da = lab[index * 3 + 1]! - centres[cluster * 3 + 1]!
  const db = lab[index * 3 + 2]! - centres[cluster * 3 + 2]!
  return dl * dl + da * da + db * db
}

/** For each dominant colour, ΔE2000 to its nearest palette colour; and their unweighted mean. */
export function paletteDistance(dominant: readonly DominantColour[], palette: readonly Lab[]): { mean: number; distances: number[] } {
  if (palette.length === 0) throw new Error('paletteDistance: empty palette')
  const distances = dominant.map((colour) => Math.min(...palette.map((entry) => deltaE2000(colour.lab, entry))))
  const mean = distances.length === 0 ? 0 : distances.reduce((sum, value) => sum + value, 0) / distances.length
  return { mean, distances }
}
