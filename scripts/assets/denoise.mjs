// Edge-aware denoiser for Cycles light passes (Debian's Blender is built without OpenImageDenoise).
//
// The noisy part of a path-traced interior is the lighting, not the textures. So the render's
// diffuse, glossy and transmission *irradiance* (light before it is multiplied by the surface
// colour) is filtered with an edge-avoiding à-trous wavelet filter (Dammertz et al. 2010, with the
// luminance-variance stopping of SVGF, Schied et al. 2017) guided by Cycles' denoising normal,
// depth and albedo passes, and then multiplied back by the noise-free colour passes. Tile joints,
// wood grain and wallpaper stay sharp because they live in the colour passes.
import { readFileSync } from 'node:fs'

const KERNEL = [1 / 16, 1 / 4, 3 / 8, 1 / 4, 1 / 16]

function readPass(dir, name, pixelCount) {
  const buffer = readFileSync(`${dir}/${name}.f32`)
  if (buffer.byteLength !== pixelCount * 16) throw new Error(`pass ${name}: expected ${pixelCount * 16} bytes, got ${buffer.byteLength}`)
  return new Float32Array(buffer.buffer, buffer.byteOffset, pixelCount * 4)
}

function luminance(r, g, b) {
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

/** Replace isolated bright outliers (fireflies) by the mean of their 8 neighbours. */
function suppressFireflies(signal, width, height) {
  const out = new Float32Array(signal)
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = (y * width + x) * 3
      let sr = 0, sg = 0, sb = 0, maxL = 0
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          if (!dx && !dy) continue
          const j = ((y + dy) * width + x + dx) * 3
          sr += signal[j]; sg += signal[j + 1]; sb += signal[j + 2]
          maxL = Math.max(maxL, luminance(signal[j], signal[j + 1], signal[j + 2]))
        }
      }
      const l = luminance(signal[i], signal[i + 1], signal[i + 2])
      const meanL = luminance(sr, sg, sb) / 8
      if (l > 2.5 * maxL + 0.05 && l > 4 * meanL) {
        out[i] = sr / 8; out[i + 1] = sg / 8; out[i + 2] = sb / 8
      }
    }
  }
  return out
}

/** Local luminance variance in a 7×7 window: the noise estimate that steers the filter. */
function localVariance(signal, width, height) {
  const lum = new Float32Array(width * height)
  for (let p = 0; p < lum.length; p++) lum[p] = luminance(signal[p * 3], signal[p * 3 + 1], signal[p * 3 + 2])
  const variance = new Float32Array(width * height)
  const r = 3
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let s = 0, s2 = 0, n = 0
      for (let dy = -r; dy <= r; dy++) {
        const yy = y + dy
        if (yy < 0 || yy >= height) continue
        for (let dx = -r; dx <= r; dx++) {
          const xx = x + dx
          if (xx < 0 || xx >= width) continue
          const v = lum[yy * width + xx]
          s += v; s2 += v * v; n++
        }
      }
      const mean = s / n
      variance[y * width + x] = Math.max(0, s2 / n - mean * mean)
    }
  }
  return { lum, variance }
}

/**
 * À-trous filter of an RGB signal (Float32Array, 3 per pixel).
 * features: { normal (4/px), depth (4/px, first channel), albedo (4/px) }.
 */
export function atrous(signal, width, height, features, options) {
  const { iterations, sigmaLuminance, sigmaNormal = 96, sigmaAlbedo = 0.25, sigmaDepth = 1.5 } = options
  const { depth, albedo } = features
  // Behind tinted glass Cycles stores the normal scaled by the glass's throughput: renormalise
  const normal = new Float32Array(features.normal.length)
  for (let p = 0; p < normal.length; p += 4) {
    const x = features.normal[p], y = features.normal[p + 1], z = features.normal[p + 2]
    const len = Math.hypot(x, y, z) || 1
    normal[p] = x / len; normal[p + 1] = y / len; normal[p + 2] = z / len
  }
  let current = suppressFireflies(signal, width, height)
  let { variance } = localVariance(current, width, height)
  // depth gradient per pixel, for plane-aware depth stopping
  const dz = new Float32Array(width * height)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = y * width + x
      const z = depth[p * 4]
      const zx = x + 1 < width ? Math.abs(depth[(p + 1) * 4] - z) : 0
      const zy = y + 1 < height ? Math.abs(depth[(p + width) * 4] - z) : 0
      dz[p] = Math.max(zx, zy, 1e-4 * z)
    }
  }
  for (let it = 0; it < iterations; it++) {
    const step = 1 << it
    const next = new Float32Array(current.length)
    const nextVariance = new Float32Array(variance.length)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const p = y * width + x
        const pi = p * 3
        const p4 = p * 4
        const lp = luminance(current[pi], current[pi + 1], current[pi + 2])
        const nx = normal[p4], ny = normal[p4 + 1], nz = normal[p4 + 2]
        const zp = depth[p4]
        const ar = albedo[p4], ag = albedo[p4 + 1], ab = albedo[p4 + 2]
        const sigmaL = sigmaLuminance * Math.sqrt(Math.max(variance[p], 0)) + 1e-4
        let wr = 0, wg = 0, wb = 0, wsum = 0, vsum = 0
        for (let j = -2; j <= 2; j++) {
          const yy = y + j * step
          if (yy < 0 || yy >= height) continue
          for (let i = -2; i <= 2; i++) {
            const xx = x + i * step
            if (xx < 0 || xx >= width) continue
            const q = yy * width + xx
            const qi = q * 3
            const q4 = q * 4
            const h = KERNEL[i + 2] * KERNEL[j + 2]
            let w = h
            if (q !== p) {
              const dot = nx * normal[q4] + ny * normal[q4 + 1] + nz * normal[q4 + 2]
              if (dot <= 0) continue
              const wn = Math.pow(dot, sigmaNormal)
              const dist = step * Math.max(Math.abs(i), Math.abs(j))
              const wz = Math.exp(-Math.abs(zp - depth[q4]) / (sigmaDepth * dz[p] * dist + 1e-5))
              const da = (ar - albedo[q4]) ** 2 + (ag - albedo[q4 + 1]) ** 2 + (ab - albedo[q4 + 2]) ** 2
              const wa = Math.exp(-da / (sigmaAlbedo * sigmaAlbedo))
              const lq = luminance(current[qi], current[qi + 1], current[qi + 2])
              const wl = Math.exp(-Math.abs(lp - lq) / sigmaL)
              w = h * wn * wz * wa * wl
            }
            wr += current[qi] * w
            wg += current[qi + 1] * w
            wb += current[qi + 2] * w
            wsum += w
            vsum += w * w * variance[q]
          }
        }
        next[pi] = wr / wsum
        next[pi + 1] = wg / wsum
        next[pi + 2] = wb / wsum
        nextVariance[p] = vsum / (wsum * wsum)
      }
    }
    current = next
    variance = nextVariance
  }
  return current
}

/**
 * Read the passes render.py wrote into `dir`, denoise, and return the clean linear RGBA image
 * (Float32Array, bottom row first, as Blender stores pixels).
 */
export function denoisePasses(dir, width, height, strength = 1) {
  const n = width * height
  const get = (name) => readPass(dir, name, n)
  const image = get('Image')
  const normal = get('Denoising_Normal')
  const depth = get('Denoising_Depth')
  const albedo = get('Denoising_Albedo')
  const features = { normal, depth, albedo }
  const groups = [
    { dir: 'DiffDir', ind: 'DiffInd', col: 'DiffCol', iterations: 5, sigmaLuminance: 4 * strength },
    { dir: 'GlossDir', ind: 'GlossInd', col: 'GlossCol', iterations: 4, sigmaLuminance: 3 * strength },
    { dir: 'TransDir', ind: 'TransInd', col: 'TransCol', iterations: 3, sigmaLuminance: 2 * strength },
  ]
  // what the three lighting groups do not explain (emission, the sky) passes through unfiltered
  const rest = new Float32Array(n * 3)
  for (let p = 0; p < n; p++) for (let c = 0; c < 3; c++) rest[p * 3 + c] = image[p * 4 + c]
  const filtered = []
  for (const group of groups) {
    const direct = get(group.dir)
    const indirect = get(group.ind)
    const colour = get(group.col)
    const irradiance = new Float32Array(n * 3)
    let energy = 0
    for (let p = 0; p < n; p++) {
      for (let c = 0; c < 3; c++) {
        const v = direct[p * 4 + c] + indirect[p * 4 + c]
        irradiance[p * 3 + c] = v
        rest[p * 3 + c] -= v * colour[p * 4 + c]
        energy += v * colour[p * 4 + c]
      }
    }
    if (energy <= 0) continue
    filtered.push({ colour, clean: atrous(irradiance, width, height, features, group) })
  }
  const out = new Float32Array(n * 4)
  for (let p = 0; p < n; p++) {
    for (let c = 0; c < 3; c++) {
      let v = rest[p * 3 + c]
      for (const f of filtered) v += f.clean[p * 3 + c] * f.colour[p * 4 + c]
      out[p * 4 + c] = Math.max(0, v)
    }
    out[p * 4 + 3] = 1
  }
  return out
}

/** Colour grade in linear light from the catalogue look: warmth (-1 cool … +1 warm) and saturation. */
export function grade(pixels, { warmth = 0, saturation = 0 }) {
  const kr = 1 + 0.07 * warmth
  const kg = 1 + 0.012 * warmth
  const kb = 1 - 0.09 * warmth
  const s = 1 + 0.3 * saturation
  for (let p = 0; p < pixels.length; p += 4) {
    const r = pixels[p] * kr, g = pixels[p + 1] * kg, b = pixels[p + 2] * kb
    const l = luminance(r, g, b)
    pixels[p] = Math.max(0, l + (r - l) * s)
    pixels[p + 1] = Math.max(0, l + (g - l) * s)
    pixels[p + 2] = Math.max(0, l + (b - l) * s)
  }
  return pixels
}

/** Exposure (in stops) that brings the image's median luminance to `target`, like a camera meter. */
export function autoExposure(pixels, target = 0.3) {
  const lum = []
  for (let p = 0; p < pixels.length; p += 16) lum.push(luminance(pixels[p], pixels[p + 1], pixels[p + 2]))
  lum.sort((a, b) => a - b)
  const median = lum[Math.floor(lum.length * 0.5)] || 1e-3
  return Math.max(-4, Math.min(4, Math.log2(target / Math.max(median, 1e-4))))
}

/** Filmic look for the catalogue contrast (-1 flat … +1 punchy). */
export function filmicLook(contrast) {
  // interiors photographers shoot bright and crisp: one step punchier than the plain mapping
  if (contrast <= -0.2) return 'Medium Contrast'
  if (contrast < 0.15) return 'Medium High Contrast'
  return 'High Contrast'
}
