// Colour maths for the local engine: sRGB ⇄ linear light ⇄ CIE XYZ (D65) ⇄ CIELAB.
// The full-size pass uses SRGB8_TO_LINEAR; the exact functions serve the analysis copy, the plan and the metrics.

export type Lab = readonly [number, number, number]

const WHITE_X = 0.95047
const WHITE_Y = 1
const WHITE_Z = 1.08883
const LAB_EPSILON = 216 / 24389
const LAB_KAPPA = 24389 / 27

export function srgbChannelToLinear(value: number): number {
  return value <= 0.04045 ? value / 12.92 : Math.pow((value + 0.055) / 1.055, 2.4)
}

export function linearChannelToSrgb(value: number): number {
  if (value <= 0) return 0
  if (value >= 1) return 1
  return value <= 0.0031308 ? value * 12.92 : 1.055 * Math.pow(value, 1 / 2.4) - 0.055
}

/** 8-bit sRGB code value → linear light in [0, 1]. */
export const SRGB8_TO_LINEAR: Float32Array = (() => {
  const table = new Float32Array(256)
  for (let code = 0; code < 256; code++) table[code] = srgbChannelToLinear(code / 255)
  return table
})()

export function linearLuminance(red: number, green: number, blue: number): number {
  return 0.2126 * red + 0.7152 * green + 0.0722 * blue
}

function labF(t: number): number {
  return t > LAB_EPSILON ? Math.cbrt(t) : (LAB_KAPPA * t + 16) / 116
}

function labFInverse(t: number): number {
  const cube = t * t * t
  return cube > LAB_EPSILON ? cube : (116 * t - 16) / LAB_KAPPA
}

/** Linear-light RGB (0..1) → CIELAB (D65). */
export function linearToLab(red: number, green: number, blue: number): [number, number, number] {
  const x = (0.4124564 * red + 0.3575761 * green + 0.1804375 * blue) / WHITE_X
  const y = (0.2126729 * red + 0.7151522 * green + 0.072175 * blue) / WHITE_Y
  const z = (0.0193339 * red + 0.119192 * green + 0.9503041 * blue) / WHITE_Z
  const fx = labF(x)
  const fy = labF(y)
  const fz = labF(z)
  return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
}

/** CIELAB (D65) → linear-light RGB, unclamped. */
export function labToLinear(lightness: number, a: number, b: number): [number, number, number] {
  const fy = (lightness + 16) / 116
  const fx = fy + a / 500
  const fz = fy - b / 200
  const x = labFInverse(fx) * WHITE_X
  const y = labFInverse(fy) * WHITE_Y
  const z = labFInverse(fz) * WHITE_Z
  return [
    3.2404542 * x - 1.5371385 * y - 0.4985314 * z,
    -0.969266 * x + 1.8760108 * y + 0.041556 * z,
    0.0556434 * x - 0.2040259 * y + 1.0572252 * z,
  ]
}

export function srgb8ToLab(red: number, green: number, blue: number): [number, number, number] {
  return linearToLab(SRGB8_TO_LINEAR[red & 255]!, SRGB8_TO_LINEAR[green & 255]!, SRGB8_TO_LINEAR[blue & 255]!)
}

/** "#A8865F" → [168, 134, 95]. */
export function hexToSrgb8(hex: string): [number, number, number] {
  const match = /^#?([0-9a-f]{6})$/i.exec(hex.trim())
  if (!match) throw new Error(`Not a hex colour: ${hex}`)
  const value = Number.parseInt(match[1]!, 16)
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
}

export function hexToLinear(hex: string): [number, number, number] {
  const [red, green, blue] = hexToSrgb8(hex)
  return [SRGB8_TO_LINEAR[red]!, SRGB8_TO_LINEAR[green]!, SRGB8_TO_LINEAR[blue]!]
}

export function hexToLab(hex: string): [number, number, number] {
  const [red, green, blue] = hexToSrgb8(hex)
  return srgb8ToLab(red, green, blue)
}

/** Rec. 601 grey of interleaved 8-bit RGB (3 bytes a pixel), divided by `divisor` (255 for 0..1). */
export function greyPixels(rgb: Uint8Array, count: number, divisor = 1): Float32Array {
  const grey = new Float32Array(count)
  for (let pixel = 0; pixel < count; pixel++) grey[pixel] = (0.299 * rgb[pixel * 3]! + 0.587 * rgb[pixel * 3 + 1]! + 0.114 * rgb[pixel * 3 + 2]!) / divisor
  return grey
}

/** Interleaved 8-bit RGB(A) pixels → interleaved Lab, 3 floats a pixel. */
export function rgbPixelsToLab(pixels: Uint8Array, channels: number): Float32Array {
  const count = Math.floor(pixels.length / channels)
  const lab = new Float32Array(count * 3)
  for (let index = 0; index < count; index++) {
    const source = index * channels
    const [lightness, a, b] = srgb8ToLab(pixels[source]!, pixels[source + 1]!, pixels[source + 2]!)
    lab[index * 3] = lightness
    lab[index * 3 + 1] = a
    lab[index * 3 + 2] = b
  }
  return lab
}

/** Lab lightness → linear luminance. */
export function lightnessToLuminance(lightness: number): number {
  return labFInverse((lightness + 16) / 116)
}

export function luminanceToLightness(luminance: number): number {
  return 116 * labF(luminance) - 16
}

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
