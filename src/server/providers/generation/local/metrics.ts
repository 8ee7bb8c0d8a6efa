// Quality metrics for generated images (issue 6 §6). Pure functions on typed arrays, so the unit tests can
// feed them constructed images and the bench can feed them decoded renders.
import type { Lab } from './colour-space'
import { createRandom } from './random'

/** A single-channel image, row-major. */
export type GreyImage = { data: Float32Array | Uint8Array; width: number; height: number }

// ---------------------------------------------------------------------------------------------------------
// ΔE2000 (Sharma, Wu & Dalal 2005, "The CIEDE2000 color-difference formula: implementation notes").

const DEGREES = 180 / Math.PI
const RADIANS = Math.PI / 180
const POW25_7 = Math.pow(25, 7)

export function deltaE2000(first: Lab, second: Lab): number {
  return deltaE2000Components(first[0], first[1], first[2], second[0], second[1], second[2])
}

export function deltaE2000Components(l1: number, a1: number, b1: number, l2: number, a2: number, b2: number): number {
  const c1 = Math.sqrt(a1 * a1 + b1 * b1)
  const c2 = Math.sqrt(a2 * a2 + b2 * b2)
  const meanC = (c1 + c2) / 2
  const meanC7 = Math.pow(meanC, 7)
  const g = 0.5 * (1 - Math.sqrt(meanC7 / (meanC7 + POW25_7)))
  const a1Prime = (1 + g) * a1
  const a2Prime = (1 + g) * a2
  const c1Prime = Math.sqrt(a1Prime * a1Prime + b1 * b1)
  const c2Prime = Math.sqrt(a2Prime * a2Prime + b2 * b2)
  const h1Prime = c1Prime === 0 ? 0 : hueDegrees(b1, a1Prime)
  const h2Prime = c2Prime === 0 ? 0 : hueDegrees(b2, a2Prime)

  const deltaLPrime = l2 - l1
  const deltaCPrime = c2Prime - c1Prime
  let deltaHuePrime = 0
  if (c1Prime * c2Prime !== 0) {
    deltaHuePrime = h2Prime - h1Prime
    if (deltaHuePrime > 180) deltaHuePrime -= 360
    else if (deltaHuePrime < -180) deltaHuePrime += 360
  }
  const deltaHPrime = 2 * Math.sqrt(c1Prime * c2Prime) * Math.sin((deltaHuePrime / 2) * RADIANS)

  const meanLPrime = (l1 + l2) / 2
  const meanCPrime = (c1Prime + c2Prime) / 2
  let meanHPrime = h1Prime + h2Prime
  if (c1Prime * c2Prime !== 0) {
    if (Math.abs(h1Prime - h2Prime) <= 180) meanHPrime = (h1Prime + h2Prime) / 2
    else if (h1Prime + h2Prime < 360) meanHPrime = (h1Prime + h2Prime + 360) / 2
    else meanHPrime = (h1Prime + h2Prime - 360) / 2
  }

  const t =
    1 -
    0.17 * Math.cos((meanHPrime - 30) * RADIANS) +
    0.24 * Math.cos(2 * meanHPrime * RADIANS) +
    0.32 * Math.cos((3 * meanHPrime + 6) * RADIANS) -
    0.2 * Math.cos((4 * meanHPrime - 63) * RADIANS)
  const deltaTheta = 30 * Math.exp(-Math.pow((meanHPrime - 275) / 25, 2))
  const meanCPrime7 = Math.pow(meanCPrime, 7)
  const rc = 2 * Math.sqrt(meanCPrime7 / (meanCPrime7 + POW25_7))
  const lightnessOffset = (meanLPrime - 50) * (meanLPrime - 50)
  const sl = 1 + (0.015 * lightnessOffset) / Math.sqrt(20 + lightnessOffset)
  const sc = 1 + 0.045 * meanCPrime
  const sh = 1 + 0.015 * meanCPrime * t
  const rt = -Math.sin(2 * deltaTheta * RADIANS) * rc

  const lightnessTerm = deltaLPrime / sl
  const chromaTerm = deltaCPrime / sc
  const hueTerm = deltaHPrime / sh
  return Math.sqrt(lightnessTerm * lightnessTerm + chromaTerm * chromaTerm + hueTerm * hueTerm + rt * chromaTerm * hueTerm)
}

function hueDegrees(b: number, aPrime: number): number {
  const hue = Math.atan2(b, aPrime) * DEGREES
  return hue < 0 ? hue + 360 : hue
}

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
