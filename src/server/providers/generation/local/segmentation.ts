// Finds the room's surfaces on the small analysis copy: SLIC superpixels in Lab, merged into regions by colour
// and texture (a Felzenszwalb–Huttenlocher merge over the superpixel graph), then labelled walls, floor,
// ceiling, cabinetry, fixtures, accents, metal, "keep" (windows, colourful art, light sources) or "art" (a busy
// picture or mirror framed by the wall) from colour, texture, size and position cues.
import { SRGB8_TO_LINEAR, linearLuminance, srgb8ToLab } from './colour-space'
import { boxBlur } from './box-blur'
import { computeSuperpixels } from './superpixels'

export type SurfaceRole = 'walls' | 'floor' | 'ceiling' | 'cabinetry' | 'fixtures' | 'accents' | 'metal' | 'objects' | 'keep' | 'art'

export type Region = {
  role: SurfaceRole
  pixelCount: number
  /** Share of the analysis image. */
  area: number
  meanLab: [number, number, number]
  /** Mean colour in 8-bit sRGB units (floats), for matching full-size pixels to regions. */
  meanRgb: [number, number, number]
  /** Mean linear luminance. */
  meanLuminance: number
  chroma: number
  /** Mean Sobel magnitude of lightness inside the region: how busy its surface is. */
  texture: number
  /** Standard deviation of lightness. */
  lightnessSpread: number
  /** Standard deviation of a*, b*: how multicoloured it is. */
  colourSpread: number
  /** Bounding box and row percentiles as fractions of the image. */
  left: number
  right: number
  top: number
  bottom: number
  centroidX: number
  centroidY: number
  /** Fraction of its bounding box it fills. */
  fill: number
  touchesTop: boolean
  touchesBottom: boolean
  touchesSide: boolean
}

export type SceneSegmentation = {
  width: number
  height: number
  /** Region index of every analysis pixel. */
  regionOf: Int32Array
  regions: Region[]
  /** Linear luminance of the analysis copy. */
  luminance: Float32Array
  /** CIELAB of the analysis copy, interleaved. */
  lab: Float32Array
  /** Lightness gradient (Sobel / 8, L* units a pixel) of the analysis copy. */
  gradient: Float32Array
  /** Where the floor starts (fraction of the height, from the top); 1 when no floor was found. */
  floorTop: number
  /** Neighbours of each region, with the length of the shared border. */
  adjacency: Array<Map<number, number>>
  /**
   * Object group of each region: neighbouring furniture regions of similar colour (one fridge, one sofa) share a
   * group, a role and a colour. Surfaces and kept regions are their own group.
   */
  groupOf: Int32Array
}

export type SegmentationOptions = {
  superpixels?: number
  /** Felzenszwalb scale (ΔE for a lone superpixel): larger merges more. */
  mergeScale?: number
  /** Weight of the edge strength along a shared border. */
  boundaryWeight?: number
}

export function segmentScene(rgb: Uint8Array, width: number, height: number, options: SegmentationOptions = {}): SceneSegmentation {
  const pixelCount = width * height
  const lab = new Float32Array(pixelCount * 3)
  const luminance = new Float32Array(pixelCount)
  for (let pixel = 0; pixel < pixelCount; pixel++) {
    const red = rgb[pixel * 3]!
    const green = rgb[pixel * 3 + 1]!
    const blue = rgb[pixel * 3 + 2]!
    const [lightness, a, b] = srgb8ToLab(red, green, blue)
    lab[pixel * 3] = lightness
    lab[pixel * 3 + 1] = a
    lab[pixel * 3 + 2] = b
    luminance[pixel] = linearLuminance(SRGB8_TO_LINEAR[red]!, SRGB8_TO_LINEAR[green]!, SRGB8_TO_LINEAR[blue]!)
  }
  const gradient = lightnessSobel(lab, width, height)
  const superpixels = computeSuperpixels(lab, width, height, { target: options.superpixels ?? 700, compactness: 12, iterations: 6 })
  const spStats = superpixelStatistics(superpixels.labels, superpixels.count, lab, gradient)
  const merged = mergeSuperpixels(superpixels.labels, superpixels.count, spStats, gradient, width, height, options.mergeScale ?? 18, options.boundaryWeight ?? 2)
  const regionOf = new Int32Array(pixelCount)
  for (let pixel = 0; pixel < pixelCount; pixel++) regionOf[pixel] = merged[superpixels.labels[pixel]!]!
  let regions = describeRegions(regionOf, rgb, lab, luminance, gradient, width, height)
  let borders = regionBorders(regionOf, gradient, width, height, regions.length)
  labelRoles(regions, borders.length, borders.gradient)
  // A floor the colour of its walls often merges with them; cut such surfaces at the wall's base line and label again.
  if (splitWallsFromFloor(regions, regionOf, lab, width, height)) {
    regions = describeRegions(regionOf, rgb, lab, luminance, gradient, width, height)
    borders = regionBorders(regionOf, gradient, width, height, regions.length)
  } else {
    for (const region of regions) region.role = 'objects'
  }
  const floorTop = labelRoles(regions, borders.length, borders.gradient)
  // Pictures, mirrors and windows on a wall often merge with it where their colours meet: carve them out.
  const roles = regions.map((region) => region.role)
  const carved = carveFramedDetail(regions, regionOf, gradient, width, height)
  if (carved > 0) {
    // Renumber so no region is left empty (a region that lost every pixel to a carving has no colour to speak of).
    const used = new Uint8Array(roles.length + carved)
    for (let pixel = 0; pixel < regionOf.length; pixel++) used[regionOf[pixel]!] = 1
    const renumbered = new Int32Array(used.length).fill(-1)
    const keptRoles: SurfaceRole[] = []
    used.forEach((isUsed, index) => {
      if (!isUsed) return
      renumbered[index] = keptRoles.length
      keptRoles.push(roles[index] ?? 'art')
    })
    for (let pixel = 0; pixel < regionOf.length; pixel++) regionOf[pixel] = renumbered[regionOf[pixel]!]!
    regions = describeRegions(regionOf, rgb, lab, luminance, gradient, width, height)
    regions.forEach((region, index) => (region.role = keptRoles[index]!))
    // (Carving never takes floor pixels, so where the floor starts is unchanged.)
    borders = regionBorders(regionOf, gradient, width, height, regions.length)
  }
  const groupOf = groupObjects(regions, borders.length)
  return { width, height, regionOf, regions, luminance, lab, gradient, floorTop, adjacency: borders.length, groupOf }
}

/** Lightness gradient (L* a pixel) above which a pixel counts as detail: paint strokes, reflections, a view. */
const DETAIL_GRADIENT = 3
/** Share of detail pixels nearby that makes a patch busy. */
const BUSY_DENSITY = 0.3
/** Share of a patch's surroundings that must be wall for it to be something hung on or set into the wall. */
const WALL_SURROUND = 0.7

/**
 * Finds busy, compact patches that sit within the walls (a painting, a mirror full of reflections, a window
 * with a view) and moves every wall or object pixel of their bounding box into a new region of its own,
 * appended after the existing ones; returns how many were carved. A tiled wall is busy all over, so its
 * patch is the wall itself and is refused by its size and surroundings.
 */
function carveFramedDetail(regions: Region[], regionOf: Int32Array, gradient: Float32Array, width: number, height: number): number {
  const pixelCount = width * height
  const density = new Float32Array(pixelCount)
  for (let pixel = 0; pixel < pixelCount; pixel++) density[pixel] = gradient[pixel]! > DETAIL_GRADIENT ? 1 : 0
  boxBlur(density, width, height, Math.max(2, Math.round(Math.max(width, height) / 100)))
  const isWall = (pixel: number) => regions[regionOf[pixel]!]!.role === 'walls'

  const visited = new Uint8Array(pixelCount)
  const stack: number[] = []
  let carved = 0
  let nextRegion = regions.length
  for (let start = 0; start < pixelCount; start++) {
    if (visited[start] || density[start]! < BUSY_DENSITY) continue
    // One busy patch: flood fill, noting its bounding box.
    let [minX, minY, maxX, maxY, size] = [width, height, -1, -1, 0]
    visited[start] = 1
    stack.push(start)
    while (stack.length > 0) {
      const pixel = stack.pop()!
      const x = pixel % width
      const y = (pixel - x) / width
      size += 1
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
      for (const next of [x > 0 ? pixel - 1 : -1, x < width - 1 ? pixel + 1 : -1, y > 0 ? pixel - width : -1, y < height - 1 ? pixel + width : -1]) {
        if (next >= 0 && !visited[next] && density[next]! >= BUSY_DENSITY) {
          visited[next] = 1
          stack.push(next)
        }
      }
    }
    const boxArea = (maxX - minX + 1) * (maxY - minY + 1)
    const share = boxArea / pixelCount
    // Compact (fills most of its box), neither a speck nor half the room, and clear of the image's edges.
    if (share < 0.004 || share > 0.12 || size < boxArea * 0.55 || minX === 0 || minY === 0 || maxX === width - 1 || maxY === height - 1) continue
    // Framed things are not long strips: a bar of bulbs over the mirror is a light fixture, dressed with the style's metal.
    const [boxWidth, boxHeight] = [maxX - minX + 1, maxY - minY + 1]
    if (Math.max(boxWidth, boxHeight) > 3.5 * Math.min(boxWidth, boxHeight)) continue
    // Its surroundings: a ring a few pixels outside the box.
    const margin = Math.max(2, Math.round(Math.max(width, height) / 128))
    let ring = 0
    let wall = 0
    for (let y = Math.max(0, minY - margin); y <= Math.min(height - 1, maxY + margin); y++) {
      for (let x = Math.max(0, minX - margin); x <= Math.min(width - 1, maxX + margin); x++) {
        if (x >= minX && x <= maxX && y >= minY && y <= maxY) continue
        ring += 1
        if (isWall(y * width + x)) wall += 1
      }
    }
    if (ring === 0 || wall / ring < WALL_SURROUND) continue
    const region = nextRegion++
    for (let y = minY; y <= maxY; y++) {
      for (let x = minX; x <= maxX; x++) {
        const pixel = y * width + x
        const role = regions[regionOf[pixel]!]!.role
        if (role !== 'floor' && role !== 'ceiling' && role !== 'cabinetry') regionOf[pixel] = region
      }
    }
    carved += 1
  }
  return carved
}

function lightnessSobel(lab: Float32Array, width: number, height: number): Float32Array {
  const result = new Float32Array(width * height)
  const at = (x: number, y: number) => lab[(Math.min(height - 1, Math.max(0, y)) * width + Math.min(width - 1, Math.max(0, x))) * 3]!
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const gx = at(x + 1, y - 1) + 2 * at(x + 1, y) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x - 1, y) - at(x - 1, y + 1)
      const gy = at(x - 1, y + 1) + 2 * at(x, y + 1) + at(x + 1, y + 1) - at(x - 1, y - 1) - 2 * at(x, y - 1) - at(x + 1, y - 1)
      result[y * width + x] = Math.sqrt(gx * gx + gy * gy) / 8
    }
  }
  return result
}

type SuperpixelStats = { count: Float64Array; lab: Float64Array; texture: Float64Array }

function superpixelStatistics(labels: Int32Array, count: number, lab: Float32Array, gradient: Float32Array): SuperpixelStats {
  const pixels = new Float64Array(count)
  const sums = new Float64Array(count * 3)
  const texture = new Float64Array(count)
  for (let pixel = 0; pixel < labels.length; pixel++) {
    const label = labels[pixel]!
    pixels[label]! += 1
    sums[label * 3]! += lab[pixel * 3]!
    sums[label * 3 + 1]! += lab[pixel * 3 + 1]!
    sums[label * 3 + 2]! += lab[pixel * 3 + 2]!
    texture[label]! += gradient[pixel]!
  }
  for (let label = 0; label < count; label++) {
    const size = Math.max(1, pixels[label]!)
    sums[label * 3]! /= size
    sums[label * 3 + 1]! /= size
    sums[label * 3 + 2]! /= size
    texture[label]! /= size
  }
  return { count: pixels, lab: sums, texture }
}

/** Felzenszwalb–Huttenlocher over the superpixel adjacency graph; returns the region of each superpixel. */
function mergeSuperpixels(labels: Int32Array, count: number, stats: SuperpixelStats, gradient: Float32Array, width: number, height: number, scale: number, boundaryWeight: number): Int32Array {
  // Boundary strength between neighbouring superpixels: mean edge response along their shared border.
  const borders = new Map<number, { length: number; strength: number }>()
  const addBorder = (first: number, second: number, strength: number) => {
    const key = first < second ? first * count + second : second * count + first
    const entry = borders.get(key)
    if (entry) {
      entry.length += 1
      entry.strength += strength
    } else {
      borders.set(key, { length: 1, strength })
    }
  }
  forEachLabelBorder(labels, width, height, (pixel, neighbour) => addBorder(labels[pixel]!, labels[neighbour]!, Math.max(gradient[pixel]!, gradient[neighbour]!)))
  const edges: Array<{ first: number; second: number; weight: number }> = []
  for (const [key, border] of borders) {
    const first = Math.floor(key / count)
    const second = key % count
    const dl = stats.lab[first * 3]! - stats.lab[second * 3]!
    const da = stats.lab[first * 3 + 1]! - stats.lab[second * 3 + 1]!
    const db = stats.lab[first * 3 + 2]! - stats.lab[second * 3 + 2]!
    // Lightness counts for less than colour: light falls off across one wall.
    const colourDistance = Math.sqrt(0.5 * dl * dl + da * da + db * db)
    const textureDistance = Math.abs(stats.texture[first]! - stats.texture[second]!)
    const boundary = border.strength / border.length
    edges.push({ first, second, weight: colourDistance + 0.6 * textureDistance + boundaryWeight * boundary })
  }
  edges.sort((first, second) => first.weight - second.weight || first.first - second.first || first.second - second.second)

  const parent = new Int32Array(count)
  for (let label = 0; label < count; label++) parent[label] = label
  const size = Float64Array.from(stats.count)
  const internal = new Float64Array(count)
  const find = (label: number): number => {
    let root = label
    while (parent[root] !== root) root = parent[root]!
    while (parent[label] !== root) {
      const next = parent[label]!
      parent[label] = root
      label = next
    }
    return root
  }
  const totalPixels = width * height
  for (const edge of edges) {
    const first = find(edge.first)
    const second = find(edge.second)
    if (first === second) continue
    // Sizes in superpixel units, so the scale does not depend on the analysis resolution.
    const firstSize = (size[first]! / totalPixels) * count
    const secondSize = (size[second]! / totalPixels) * count
    const threshold = Math.min(internal[first]! + scale / firstSize, internal[second]! + scale / secondSize)
    if (edge.weight <= threshold) {
      parent[second] = first
      size[first]! += size[second]!
      internal[first] = Math.max(internal[first]!, internal[second]!, edge.weight)
    }
  }
  const regionOfRoot = new Map<number, number>()
  const result = new Int32Array(count)
  for (let label = 0; label < count; label++) {
    const root = find(label)
    let region = regionOfRoot.get(root)
    if (region === undefined) {
      region = regionOfRoot.size
      regionOfRoot.set(root, region)
    }
    result[label] = region
  }
  return result
}

/**
 * Splits surfaces that run from the wall down to the bottom edge at the lowest strong horizontal edge in their
 * lower half (where wall meets floor); the part below becomes a region of its own. Returns whether anything was split.
 */
function splitWallsFromFloor(regions: Region[], regionOf: Int32Array, lab: Float32Array, width: number, height: number): boolean {
  let next = regions.length
  let split = false
  regions.forEach((region, index) => {
    // A wall reaching the bottom edge, or a "floor" reaching far up (a tiled dado merged with the floor).
    const wallToFloor = region.role === 'walls' && region.touchesBottom && region.top < 0.4
    const dadoAndFloor = region.role === 'floor' && region.top < 0.65
    if (!wallToFloor && !dadoAndFloor) return
    const from = Math.floor(height * Math.max(0.5, region.top + 0.08))
    const to = Math.floor(height * 0.97)
    const strength = new Float64Array(height)
    for (let y = from; y < to; y++) {
      let edges = 0
      let pixels = 0
      for (let x = 0; x < width; x++) {
        const pixel = y * width + x
        if (regionOf[pixel] !== index) continue
        pixels++
        edges += Math.abs(lab[(pixel + width) * 3]! - lab[(pixel - width) * 3]!)
      }
      // Long edges count: an edge across many columns is a wall base, not a tile joint or a speck.
      strength[y] = pixels > width * 0.1 ? edges / width : 0
    }
    const smoothed = new Float64Array(height)
    let best = 0
    for (let y = from + 1; y < to - 1; y++) {
      smoothed[y] = strength[y - 1]! + strength[y]! + strength[y + 1]!
      best = Math.max(best, smoothed[y]!)
    }
    if (best < 1.5) return
    // The lowest strong edge: a dado rail or a tile band sits higher on the wall than the floor line.
    let bestRow = -1
    for (let y = to - 2; y > from && bestRow < 0; y--) {
      if (smoothed[y]! >= best * 0.5 && smoothed[y]! >= smoothed[y - 1]! && smoothed[y]! >= smoothed[y + 1]!) bestRow = y
    }
    if (bestRow < 0) return
    const floorRegion = next++
    for (let y = bestRow + 1; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const pixel = y * width + x
        if (regionOf[pixel] === index) regionOf[pixel] = floorRegion
      }
    }
    split = true
  })
  return split
}

function describeRegions(regionOf: Int32Array, rgb: Uint8Array, lab: Float32Array, luminance: Float32Array, gradient: Float32Array, width: number, height: number): Region[] {
  let regionCount = 0
  for (let pixel = 0; pixel < regionOf.length; pixel++) regionCount = Math.max(regionCount, regionOf[pixel]! + 1)
  const sums = new Float64Array(regionCount * 16)
  const left = new Int32Array(regionCount).fill(width)
  const right = new Int32Array(regionCount).fill(-1)
  const rowHistogram = new Int32Array(regionCount * height)
  const borders = new Int32Array(regionCount * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x
      const region = regionOf[pixel]!
      const base = region * 16
      const lightness = lab[pixel * 3]!
      const a = lab[pixel * 3 + 1]!
      const b = lab[pixel * 3 + 2]!
      sums[base]! += 1
      sums[base + 1]! += lightness
      sums[base + 2]! += a
      sums[base + 3]! += b
      sums[base + 4]! += lightness * lightness
      sums[base + 5]! += a * a + b * b
      sums[base + 6]! += rgb[pixel * 3]!
      sums[base + 7]! += rgb[pixel * 3 + 1]!
      sums[base + 8]! += rgb[pixel * 3 + 2]!
      sums[base + 9]! += luminance[pixel]!
      sums[base + 10]! += gradient[pixel]!
      sums[base + 11]! += x
      sums[base + 12]! += y
      if (x < left[region]!) left[region] = x
      if (x > right[region]!) right[region] = x
      rowHistogram[region * height + y]! += 1
      if (y <= 1) borders[region * 3]! += 1
      if (y >= height - 2) borders[region * 3 + 1]! += 1
      if (x <= 1 || x >= width - 2) borders[region * 3 + 2]! += 1
    }
  }
  const regions: Region[] = []
  for (let region = 0; region < regionCount; region++) {
    const base = region * 16
    const count = sums[base]!
    const meanL = sums[base + 1]! / count
    const meanA = sums[base + 2]! / count
    const meanB = sums[base + 3]! / count
    let seen = 0
    let top = 0
    let bottom = 1
    let topFound = false
    for (let y = 0; y < height; y++) {
      seen += rowHistogram[region * height + y]!
      if (!topFound && seen >= count * 0.05) {
        top = y / height
        topFound = true
      }
      if (seen >= count * 0.95) {
        bottom = (y + 1) / height
        break
      }
    }
    let firstRow = 0
    let lastRow = height - 1
    while (rowHistogram[region * height + firstRow] === 0) firstRow++
    while (rowHistogram[region * height + lastRow] === 0) lastRow--
    const boxArea = (right[region]! - left[region]! + 1) * (lastRow - firstRow + 1)
    regions.push({
      role: 'objects',
      pixelCount: count,
      area: count / (width * height),
      meanLab: [meanL, meanA, meanB],
      meanRgb: [sums[base + 6]! / count, sums[base + 7]! / count, sums[base + 8]! / count],
      meanLuminance: sums[base + 9]! / count,
      chroma: Math.sqrt(meanA * meanA + meanB * meanB),
      texture: sums[base + 10]! / count,
      lightnessSpread: Math.sqrt(Math.max(0, sums[base + 4]! / count - meanL * meanL)),
      colourSpread: Math.sqrt(Math.max(0, sums[base + 5]! / count - meanA * meanA - meanB * meanB)),
      left: left[region]! / width,
      right: (right[region]! + 1) / width,
      top,
      bottom,
      centroidX: sums[base + 11]! / count / width,
      centroidY: sums[base + 12]! / count / height,
      fill: count / boxArea,
      touchesTop: borders[region * 3]! > width * 0.02,
      touchesBottom: borders[region * 3 + 1]! > width * 0.04,
      touchesSide: borders[region * 3 + 2]! > height * 0.04,
    })
  }
  return regions
}

/** Mean lightness gradient (L* a pixel) along the border a ceiling must show against the walls. */
const CEILING_EDGE = 2.5

/** Calls visit for every pair of side-by-side or stacked pixels (left to right, top to bottom) whose labels differ. */
function forEachLabelBorder(labels: Int32Array, width: number, height: number, visit: (pixel: number, neighbour: number) => void): void {
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const pixel = y * width + x
      const label = labels[pixel]!
      if (x < width - 1 && labels[pixel + 1] !== label) visit(pixel, pixel + 1)
      if (y < height - 1 && labels[pixel + width] !== label) visit(pixel, pixel + width)
    }
  }
}

/**
 * The borders between regions, from one walk over the image: for each region, the length of the border it shares
 * with each neighbour in pixels, and the summed lightness gradient along it (divide by the length for the mean).
 */
function regionBorders(regionOf: Int32Array, gradient: Float32Array, width: number, height: number, count: number): { length: Array<Map<number, number>>; gradient: Array<Map<number, number>> } {
  const length = Array.from({ length: count }, () => new Map<number, number>())
  const strength = Array.from({ length: count }, () => new Map<number, number>())
  const add = (maps: Array<Map<number, number>>, first: number, second: number, amount: number) => {
    maps[first]!.set(second, (maps[first]!.get(second) ?? 0) + amount)
    maps[second]!.set(first, (maps[second]!.get(first) ?? 0) + amount)
  }
  forEachLabelBorder(regionOf, width, height, (pixel, neighbour) => {
    const first = regionOf[pixel]!
    const second = regionOf[neighbour]!
    add(length, first, second, 1)
    add(strength, first, second, Math.max(gradient[pixel]!, gradient[neighbour]!))
  })
  return { length, gradient: strength }
}

/** Grows a role from its seed regions into neighbours that pass `accepts`, breadth first. */
function grow(regions: Region[], adjacency: Array<Map<number, number>>, role: SurfaceRole, accepts: (candidate: Region, from: Region) => boolean): void {
  const queue: number[] = []
  regions.forEach((region, index) => {
    if (region.role === role) queue.push(index)
  })
  while (queue.length > 0) {
    const current = queue.shift()!
    for (const neighbour of [...adjacency[current]!.keys()].sort((first, second) => first - second)) {
      const candidate = regions[neighbour]!
      if (candidate.role !== 'objects' || !accepts(candidate, regions[current]!)) continue
      candidate.role = role
      queue.push(neighbour)
    }
  }
}

/**
 * Assigns a role to every region; returns where the floor starts (fraction of the height).
 * Surfaces start from confident seeds and grow into similar neighbours, so a wrong guess stays local.
 */
function labelRoles(regions: Region[], adjacency: Array<Map<number, number>>, borderGradient: Array<Map<number, number>>): number {
  // Light sources and blown-out windows: no surface to dress.
  for (const region of regions) {
    if (region.meanLab[0] > 95 && region.lightnessSpread < 6 && region.area < 0.12 && !region.touchesTop && !region.touchesBottom) region.role = 'keep'
  }

  // Floor seeds: regions along the bottom edge that start low in the frame.
  for (const region of regions) {
    // Floors are rarely the brightest plain thing in the frame; a white bed or bath often is.
    const brightAndPlain = region.meanLab[0] > 88 && region.texture < 2.5
    if (region.role === 'objects' && region.touchesBottom && region.top > 0.5 && region.centroidY > 0.72 && region.area > 0.004 && !brightAndPlain) region.role = 'floor'
  }
  const seeds = regions.filter((region) => region.role === 'floor')
  const seedSpan = seeds.reduce((span, region) => span + (region.right - region.left), 0)
  if (seedSpan < 0.3) for (const region of seeds) region.role = 'objects'
  let floorTop = Math.min(1, ...regions.filter((region) => region.role === 'floor').map((region) => region.top))
  grow(regions, adjacency, 'floor', (candidate, from) => candidate.top > floorTop - 0.06 && candidate.centroidY > 0.6 && weightedDistance(candidate.meanLab, from.meanLab) < 9 && Math.abs(candidate.texture - from.texture) < 3)
  floorTop = Math.min(1, ...regions.filter((region) => region.role === 'floor').map((region) => region.top))

  // Wall seeds: large, plain regions reaching into the upper part of the frame.
  for (const region of regions) {
    if (region.role !== 'objects') continue
    // Plain paint, or a large tiled wall (its grout makes it busier, but it is still the wall).
    const plain = (region.texture < 6 || (region.texture < 10 && region.area > 0.08)) && region.colourSpread < 12
    const big = region.area > 0.04 || (region.area > 0.012 && (region.touchesTop || region.touchesSide))
    if (plain && big && region.top < 0.35 && region.centroidY < Math.min(0.7, floorTop)) region.role = 'walls'
  }
  grow(regions, adjacency, 'walls', (candidate, from) => candidate.texture < 6 && candidate.top < 0.6 && candidate.bottom <= floorTop + 0.04 && weightedDistance(candidate.meanLab, from.meanLab) < 7)
  // Wall seen between furniture: the colour of a wall, plain, high enough.
  const wallRegions = regions.filter((region) => region.role === 'walls')
  for (const region of regions) {
    if (region.role !== 'objects' || region.area < 0.004 || region.texture > 5 || region.top > 0.42) continue
    if (region.bottom <= floorTop + 0.02 && wallRegions.some((wall) => weightedDistance(wall.meanLab, region.meanLab) < 5)) region.role = 'walls'
  }

  // Ceiling: a plain band along the top edge, above the walls, parted from them by a visible line. (Light
  // falling off across the top of a wall makes a bright band too, but with no edge between it and the wall.)
  regions.forEach((region, index) => {
    if ((region.role === 'walls' || region.role === 'objects') && region.touchesTop && region.bottom < 0.3 && region.area > 0.01 && region.texture < 6) {
      let wallBorder = 0
      let wallEdge = 0
      for (const [neighbour, length] of adjacency[index]!) {
        if (regions[neighbour]!.role !== 'walls') continue
        wallBorder += length
        wallEdge += (borderGradient[index]!.get(neighbour) ?? 0)
      }
      if (wallBorder === 0 || wallEdge / wallBorder > CEILING_EDGE) region.role = 'ceiling'
    }
  })

  for (const region of regions) {
    if (region.role !== 'objects') continue
    const [lightness, a, b] = region.meanLab
    const hue = (Math.atan2(b, a) * 180) / Math.PI
    // Art, plants, windows with a view: busy and multicoloured. Kept so the room stays recognisable.
    if (region.area > 0.004 && region.colourSpread > 16 && region.texture > 5) {
      region.role = 'keep'
      continue
    }
    // Taps, handles, rails: grey, small, with hard highlights. (Larger grey things are appliances or furniture.)
    if (region.chroma < 9 && region.area < 0.0025 && region.meanLab[0] > 40 && region.lightnessSpread > 16 && region.texture > 5) {
      region.role = 'metal'
      continue
    }
    // Porcelain and white goods: bright, near neutral, smooth.
    if (lightness > 72 && region.chroma < 12 && region.texture < 6 && region.area > 0.0015) {
      region.role = 'fixtures'
      continue
    }
    // Timber or panelled fronts: wood hues or large rectangles at mid height.
    const woodHue = hue > 35 && hue < 95 && region.chroma > 10 && lightness < 75
    const panel = region.fill > 0.75 && region.area > 0.01 && region.area < 0.15 && lightness < 80 && region.centroidY > 0.3 && region.centroidY < 0.9
    if ((woodHue && region.area > 0.004) || panel) {
      region.role = 'cabinetry'
      continue
    }
    // Towels, textiles, small colourful things.
    if (region.chroma > 18 && region.area < 0.06) {
      region.role = 'accents'
      continue
    }
  }
  return floorTop
}

const OBJECT_ROLES: ReadonlySet<SurfaceRole> = new Set(['objects', 'fixtures', 'accents', 'cabinetry'])

/**
 * Joins neighbouring object regions of similar colour into groups and gives each group the role that covers
 * most of it, so one physical object is not dressed as a patchwork.
 */
function groupObjects(regions: Region[], adjacency: Array<Map<number, number>>): Int32Array {
  const parent = Int32Array.from(regions, (_, index) => index)
  const find = (index: number): number => {
    while (parent[index] !== index) {
      parent[index] = parent[parent[index]!]!
      index = parent[index]!
    }
    return index
  }
  regions.forEach((region, index) => {
    if (!OBJECT_ROLES.has(region.role)) return
    for (const neighbour of adjacency[index]!.keys()) {
      const other = regions[neighbour]!
      if (!OBJECT_ROLES.has(other.role)) continue
      const [l1, a1, b1] = region.meanLab
      const [l2, a2, b2] = other.meanLab
      // Porcelain stays its own thing: a white basin is never the same object as the tiles around it.
      if ((region.role === 'fixtures') !== (other.role === 'fixtures')) continue
      if (Math.hypot((l1 - l2) * 0.5, a1 - a2, b1 - b2) < 9) {
        const first = find(index)
        const second = find(neighbour)
        if (first !== second) parent[Math.max(first, second)] = Math.min(first, second)
      }
    }
  })
  const groupOf = Int32Array.from(regions, (_, index) => find(index))
  const votes = new Map<number, Map<SurfaceRole, number>>()
  regions.forEach((region, index) => {
    if (!OBJECT_ROLES.has(region.role)) return
    const group = groupOf[index]!
    const tally = votes.get(group) ?? new Map<SurfaceRole, number>()
    tally.set(region.role, (tally.get(region.role) ?? 0) + region.pixelCount)
    votes.set(group, tally)
  })
  regions.forEach((region, index) => {
    if (!OBJECT_ROLES.has(region.role)) return
    const tally = votes.get(groupOf[index]!)!
    let best: SurfaceRole = region.role
    let bestVotes = -1
    for (const role of ['cabinetry', 'fixtures', 'objects', 'accents'] as const) {
      const count = tally.get(role) ?? 0
      if (count > bestVotes) {
        bestVotes = count
        best = role
      }
    }
    region.role = best
  })
  return groupOf
}

/** Lab distance with lightness at half weight: light falls off across one surface. */
function weightedDistance(first: readonly number[], second: readonly number[]): number {
  return Math.hypot((first[0]! - second[0]!) * 0.7, first[1]! - second[1]!, first[2]! - second[2]!)
}
