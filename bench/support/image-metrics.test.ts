import { describe, expect, it } from 'vitest'
import { deltaE2000, hexToLab, type Lab } from '../../src/server/providers/generation/local/colour-space'
import { createRandom } from '../../src/server/providers/generation/local/random'
import { dominantColours, edgeCorrelation, gaussianBlur, meanDeltaE2000, paletteDistance, pearsonCorrelation, sobelMagnitude, type GreyImage } from './image-metrics'

// Sharma, Wu & Dalal (2005), Table 1: the 34 published CIEDE2000 test pairs (L1 a1 b1, L2 a2 b2, ΔE00).
const SHARMA_PAIRS: ReadonlyArray<readonly [Lab, Lab, number]> = [
  [[50, 2.6772, -79.7751], [50, 0, -82.7485], 2.0425],
  [[50, 3.1571, -77.2803], [50, 0, -82.7485], 2.8615],
  [[50, 2.8361, -74.02], [50, 0, -82.7485], 3.4412],
  [[50, -1.3802, -84.2814], [50, 0, -82.7485], 1.0],
  [[50, -1.1848, -84.8006], [50, 0, -82.7485], 1.0],
  [[50, -0.9009, -85.5211], [50, 0, -82.7485], 1.0],
  [[50, 0, 0], [50, -1, 2], 2.3669],
  [[50, -1, 2], [50, 0, 0], 2.3669],
  [[50, 2.49, -0.001], [50, -2.49, 0.0009], 7.1792],
  [[50, 2.49, -0.001], [50, -2.49, 0.001], 7.1792],
  [[50, 2.49, -0.001], [50, -2.49, 0.0011], 7.2195],
  [[50, 2.49, -0.001], [50, -2.49, 0.0012], 7.2195],
  [[50, -0.001, 2.49], [50, 0.0009, -2.49], 4.8045],
  [[50, -0.001, 2.49], [50, 0.001, -2.49], 4.8045],
  [[50, -0.001, 2.49], [50, 0.0011, -2.49], 4.7461],
  [[50, 2.5, 0], [50, 0, -2.5], 4.3065],
  [[50, 2.5, 0], [73, 25, -18], 27.1492],
  [[50, 2.5, 0], [61, -5, 29], 22.8977],
  [[50, 2.5, 0], [56, -27, -3], 31.903],
  [[50, 2.5, 0], [58, 24, 15], 19.4535],
  [[50, 2.5, 0], [50, 3.1736, 0.5854], 1.0],
  [[50, 2.5, 0], [50, 3.2972, 0], 1.0],
  [[50, 2.5, 0], [50, 1.8634, 0.5757], 1.0],
  [[50, 2.5, 0], [50, 3.2592, 0.335], 1.0],
  [[60.2574, -34.0099, 36.2677], [60.4626, -34.1751, 39.4387], 1.2644],
  [[63.0109, -31.0961, -5.8663], [62.8187, -29.7946, -4.0864], 1.263],
  [[61.2901, 3.7196, -5.3901], [61.4292, 2.248, -4.962], 1.8731],
  [[35.0831, -44.1164, 3.7933], [35.0232, -40.0716, 1.5901], 1.8645],
  [[22.7233, 20.0904, -46.694], [23.0331, 14.973, -42.5619], 2.0373],
  [[36.4612, 47.858, 18.3852], [36.2715, 50.5065, 21.2231], 1.4146],
  [[90.8027, -2.0831, 1.441], [91.1528, -1.6435, 0.0447], 1.4441],
  [[90.9257, -0.5406, -0.9208], [88.6381, -0.8985, -0.7239], 1.5381],
  [[6.7747, -0.2908, -2.4247], [5.8714, -0.0985, -2.2286], 0.6377],
  [[2.0776, 0.0795, -1.135], [0.9033, -0.0636, -0.5514], 0.9082],
]

/** A room-like test card: soft blobs, bars and a frame, so edges exist at several orientations. */
function testCard(width: number, height: number, seed: number): GreyImage {
  const random = createRandom(seed)
  const data = new Float32Array(width * height).fill(128)
  for (let shape = 0; shape < 14; shape++) {
    const left = Math.floor(random() * width * 0.8)
    const top = Math.floor(random() * height * 0.8)
    const shapeWidth = 6 + Math.floor(random() * width * 0.3)
    const shapeHeight = 6 + Math.floor(random() * height * 0.3)
    const value = random() * 255
    for (let y = top; y < Math.min(height, top + shapeHeight); y++) {
      for (let x = left; x < Math.min(width, left + shapeWidth); x++) data[y * width + x] = value
    }
  }
  return { data, width, height }
}

function shifted(image: GreyImage, dx: number, dy: number): GreyImage {
  const data = new Float32Array(image.width * image.height)
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      const sourceX = Math.min(image.width - 1, Math.max(0, x - dx))
      const sourceY = Math.min(image.height - 1, Math.max(0, y - dy))
      data[y * image.width + x] = image.data[sourceY * image.width + sourceX]!
    }
  }
  return { data, width: image.width, height: image.height }
}

describe('ΔE2000', () => {
  it('matches all 34 published Sharma test pairs to four decimals', () => {
    for (const [first, second, expected] of SHARMA_PAIRS) {
      expect(deltaE2000(first, second)).toBeCloseTo(expected, 4)
      expect(deltaE2000(second, first)).toBeCloseTo(expected, 4)
    }
  })

  it('is zero for identical colours', () => {
    expect(deltaE2000([53.2, 80.1, 67.2], [53.2, 80.1, 67.2])).toBe(0)
  })

  it('averages per pixel: identical images score 0, a uniform offset scores the offset pair', () => {
    const first = new Float32Array([50, 2.5, 0, 50, 2.5, 0, 50, 2.5, 0])
    const second = new Float32Array([73, 25, -18, 73, 25, -18, 73, 25, -18])
    expect(meanDeltaE2000(first, first)).toBe(0)
    expect(meanDeltaE2000(first, second)).toBeCloseTo(27.1492, 4)
  })
})

describe('edge correlation (structure kept)', () => {
  const card = testCard(200, 120, 7)

  it('is 1 for an image against itself', () => {
    expect(edgeCorrelation(card, card)).toBeCloseTo(1, 6)
  })

  it('is 1 for a global recolour (contrast and brightness change)', () => {
    const recoloured = { ...card, data: card.data.map((value) => value * 0.6 + 40) }
    expect(edgeCorrelation(card, recoloured)).toBeCloseTo(1, 6)
  })

  it('is low for the same pattern shifted out of register', () => {
    expect(edgeCorrelation(card, shifted(card, 9, 7))).toBeLessThan(0.35)
  })

  it('is near zero for an unrelated pattern', () => {
    expect(Math.abs(edgeCorrelation(card, testCard(200, 120, 99)))).toBeLessThan(0.25)
  })

  it('drops, but stays high, when a fine grid is multiplied over the image', () => {
    const gridded = { ...card, data: card.data.map((value, index) => ((index % 200) % 20 === 0 || Math.floor(index / 200) % 20 === 0 ? value * 0.8 : value)) }
    const score = edgeCorrelation(card, gridded)
    expect(score).toBeLessThan(0.99)
    expect(score).toBeGreaterThan(0.5)
  })

  it('builds on a Sobel operator that answers 4×step on a vertical step edge', () => {
    const step: GreyImage = { data: new Float32Array(25).map((_, index) => (index % 5 >= 3 ? 10 : 0)), width: 5, height: 5 }
    const edges = sobelMagnitude(step)
    expect(edges.data[2 * 5 + 2]).toBe(40)
    expect(edges.data[2 * 5 + 1]).toBe(0)
  })

  it('blurs without changing a flat image', () => {
    const flat: GreyImage = { data: new Float32Array(64).fill(100), width: 8, height: 8 }
    for (const value of gaussianBlur(flat, 0.6).data) expect(value).toBeCloseTo(100, 4)
  })

  it('correlates as Pearson does', () => {
    expect(pearsonCorrelation([1, 2, 3, 4], [2, 4, 6, 8])).toBeCloseTo(1, 10)
    expect(pearsonCorrelation([1, 2, 3, 4], [8, 6, 4, 2])).toBeCloseTo(-1, 10)
    expect(pearsonCorrelation([1, 1, 1], [1, 2, 3])).toBe(0)
  })
})

describe('dominant colours and palette distance', () => {
  const blocks = ['#1F5E4F', '#E9E4DA', '#233A6B', '#6B2D5C', '#F3EFE6'].map(hexToLab)
  const shares = [0.4, 0.25, 0.15, 0.12, 0.08]
  const pixels = (() => {
    const count = 2000
    const lab = new Float32Array(count * 3)
    const random = createRandom(3)
    let cursor = 0
    blocks.forEach((colour, block) => {
      const blockCount = Math.round(shares[block]! * count)
      for (let index = 0; index < blockCount && cursor < count; index++, cursor++) {
        // Small noise, as shading would add.
        lab[cursor * 3] = colour[0] + (random() - 0.5) * 2
        lab[cursor * 3 + 1] = colour[1] + (random() - 0.5) * 2
        lab[cursor * 3 + 2] = colour[2] + (random() - 0.5) * 2
      }
    })
    return lab
  })()

  it('finds the five block colours of a constructed image, largest first', () => {
    const dominant = dominantColours(pixels, 5)
    expect(dominant).toHaveLength(5)
    dominant.forEach((colour, index) => {
      expect(deltaE2000(colour.lab, blocks[index]!)).toBeLessThan(1.5)
      expect(colour.share).toBeCloseTo(shares[index]!, 2)
    })
  })

  it('is repeatable', () => {
    expect(dominantColours(pixels, 5)).toEqual(dominantColours(pixels, 5))
  })

  it('scores an image made of the palette near 0 and an unrelated image far away', () => {
    expect(paletteDistance(dominantColours(pixels, 5), blocks).mean).toBeLessThan(1.5)
    const pastels = ['#F6D9DA', '#F3EEDB', '#BFE3D0', '#F7E3A1', '#FFFDF8'].map(hexToLab)
    expect(paletteDistance(dominantColours(pixels, 5), pastels).mean).toBeGreaterThan(20)
  })
})
