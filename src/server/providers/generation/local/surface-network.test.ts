import { readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { LABEL, LABEL_CLASS_COUNT } from './label-classes'
import { dropDoubtfulGlass, favourClasses, holdKeptClasses, mirrorPlanes, otsuThreshold, shiftTowardsTile, splitWallsAtSceneThreshold, networkLongSides, networkSize, refineLabels, removeSpeckles, softmaxPlanes, surfaceModelPath, surfaceSession, SPECKLE_SHARE } from './surface-network'

/** A label grid filled with one label, with a way to paint rectangles of another and to read a pixel. */
function labelGrid(width: number, height: number, fill: number) {
  const labels = new Uint8Array(width * height).fill(fill)
  const paint = (x0: number, y0: number, w: number, h: number, label: number) => {
    for (let y = y0; y < y0 + h; y++) for (let x = x0; x < x0 + w; x++) labels[y * width + x] = label
  }
  const at = (x: number, y: number) => labels[y * width + x]
  return { labels, width, height, paint, at }
}

describe('the surface network around the model', () => {
  it('feeds the network a picture of the photo’s aspect, both sides multiples of 16', () => {
    expect(networkSize(2560, 1920)).toEqual({ width: 320, height: 240 })
    expect(networkSize(1920, 2560)).toEqual({ width: 240, height: 320 })
    expect(networkSize(1600, 900)).toEqual({ width: 320, height: 176 })
    // At the long side the model's surfaces.json asks for.
    expect(networkSize(2560, 1920, 224)).toEqual({ width: 224, height: 176 })
    expect(networkSize(900, 1600, 224)).toEqual({ width: 128, height: 224 })
  })

  it('mirrors every row of every plane left to right (the mirrored photo, and its answer mirrored back)', () => {
    expect([...mirrorPlanes(Float32Array.from([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), 3)]).toEqual([3, 2, 1, 6, 5, 4, 9, 8, 7, 12, 11, 10])
  })

  it('turns logits into probabilities that sum to one at every pixel', () => {
    const plane = 3
    const logits = Float32Array.from([2, 0, -50, 1, 0, 50, 0, 0, 0])
    const probabilities = softmaxPlanes(logits, 3, plane)
    for (let index = 0; index < plane; index++) {
      expect(probabilities[index]! + probabilities[plane + index]! + probabilities[2 * plane + index]!).toBeCloseTo(1, 5)
    }
    expect(probabilities[0]).toBeGreaterThan(probabilities[plane]!)
    expect(probabilities[2]).toBeCloseTo(0, 5)
    expect(probabilities[plane + 2]).toBeCloseTo(1, 5)
  })

  it('gives Math.exp’s softmax to within what a float32 holds', () => {
    // 16 classes over 500 pixels, logits spread over the range the network answers in (and beyond, where e^x is 0).
    const classes = 16
    const plane = 500
    const logits = Float32Array.from({ length: classes * plane }, (_, index) => 60 * Math.sin(index * 12.9898) * Math.sin(index * 0.37))
    const probabilities = softmaxPlanes(logits, classes, plane)
    let worst = 0
    for (let pixel = 0; pixel < plane; pixel++) {
      let max = -Infinity
      for (let c = 0; c < classes; c++) max = Math.max(max, logits[c * plane + pixel]!)
      let sum = 0
      for (let c = 0; c < classes; c++) sum += Math.exp(logits[c * plane + pixel]! - max)
      for (let c = 0; c < classes; c++) worst = Math.max(worst, Math.abs(probabilities[c * plane + pixel]! - Math.exp(logits[c * plane + pixel]! - max) / sum))
    }
    expect(worst).toBeLessThan(1e-7)
  })

  it('moves a coarse border onto the photo’s own edge', () => {
    // A photo: dark left part, light right part, the edge at x = 37 of 64. The network's 8 × 8 guess puts the
    // border at x = 32 (between its columns 3 and 4), five pixels off.
    const width = 64
    const height = 48
    const rgb = new Uint8Array(width * height * 3)
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) rgb.fill(x < 37 ? 60 : 200, (y * width + x) * 3, (y * width + x) * 3 + 3)
    }
    const coarseWidth = 8
    const coarseHeight = 6
    const coarse = new Float32Array(2 * coarseWidth * coarseHeight)
    for (let y = 0; y < coarseHeight; y++) {
      for (let x = 0; x < coarseWidth; x++) {
        const left = x < 4 ? 0.9 : x === 4 ? 0.6 : 0.1
        coarse[y * coarseWidth + x] = left
        coarse[coarseWidth * coarseHeight + y * coarseWidth + x] = 1 - left
      }
    }
    const refined = refineLabels(coarse, coarseWidth, coarseHeight, rgb, width, height)
    let wrong = 0
    for (let y = 4; y < height - 4; y++) {
      for (let x = 0; x < width; x++) if (refined.labels[y * width + x] !== (x < 37 ? 0 : 1)) wrong++
    }
    expect(wrong / ((height - 8) * width)).toBeLessThan(0.01)
  })

  it('says how sure it was of wall tile against painted wall', () => {
    // Classes void, wall, wall tile on a flat grey photo: the left half 0.2 wall / 0.6 tile, the right half 0.7 / 0.1.
    const width = 32
    const height = 24
    const rgb = new Uint8Array(width * height * 3).fill(128)
    const coarse = new Float32Array(3 * 4 * 3)
    for (let index = 0; index < 12; index++) {
      const left = index % 4 < 2
      coarse[12 + index] = left ? 0.2 : 0.7
      coarse[24 + index] = left ? 0.6 : 0.1
    }
    const refined = refineLabels(coarse, 4, 3, rgb, width, height)
    expect(refined.labels[12 * width + 2]).toBe(LABEL['wall-tile'])
    expect(refined.tileShare[12 * width + 2]).toBeCloseTo(0.75, 1)
    expect(refined.labels[12 * width + width - 3]).toBe(LABEL.wall)
    expect(refined.tileShare[12 * width + width - 3]).toBeCloseTo(0.125, 1)
  })

  it('favours left-out classes by their weighted sum: a pixel split among the cabinetry’s classes stays cabinetry', () => {
    // Two pixels (planes of 2), cabinetry left out at weight 6. Pixel 0: wall 0.76, vanity, countertop and door 0.08
    // each (one alone, weighed, is 0.48; together 1.44). Pixel 1: wall 0.97, door 0.03 (weighed 0.18): stays wall.
    const planes = new Float32Array(LABEL_CLASS_COUNT * 2)
    const set = (label: number, pixel: number, value: number) => (planes[label * 2 + pixel] = value)
    set(LABEL.wall, 0, 0.76)
    for (const label of [LABEL.vanity, LABEL.countertop, LABEL.door]) set(label, 0, 0.08)
    set(LABEL.wall, 1, 0.97)
    set(LABEL.door, 1, 0.03)
    const cabinetry = new Map([LABEL.vanity, LABEL.countertop, LABEL.door].map((label) => [label, 6]))
    favourClasses(planes, 2, cabinetry)
    const likeliest = (pixel: number) => {
      let best = 0
      for (let label = 1; label < LABEL_CLASS_COUNT; label++) if (planes[label * 2 + pixel]! > planes[best * 2 + pixel]!) best = label
      return best
    }
    expect([LABEL.vanity, LABEL.countertop, LABEL.door]).toContain(likeliest(0))
    expect(planes[LABEL.vanity * 2]).toBeCloseTo(6 * 0.24, 5)
    expect(likeliest(1)).toBe(LABEL.wall)
    expect(planes[LABEL.door * 2 + 1]).toBeCloseTo(0.18, 5)
    // Nothing favoured, nothing changes.
    const before = planes.slice()
    favourClasses(planes, 2, new Map())
    expect(planes).toEqual(before)
  })

  it('moves odds between painted wall and wall tile only, keeping their sum and every other class', () => {
    // Pixel 0: wall 0.5, tile 0.3, glass 0.2 (tile's odds 0.6 become 0.9 at 1.5: wall 0.4210…, tile 0.3789…).
    // Pixel 1: no wall or tile at all (a mirror): nothing to move.
    const planes = new Float32Array(LABEL_CLASS_COUNT * 2)
    planes[LABEL.wall * 2] = 0.5
    planes[LABEL['wall-tile'] * 2] = 0.3
    planes[LABEL.glass * 2] = 0.2
    planes[LABEL.mirror * 2 + 1] = 1
    const before = planes.slice()
    shiftTowardsTile(planes, 2, 1.5)
    expect(planes[LABEL['wall-tile'] * 2]! / planes[LABEL.wall * 2]!).toBeCloseTo(0.9, 5)
    expect(planes[LABEL.wall * 2]! + planes[LABEL['wall-tile'] * 2]!).toBeCloseTo(0.8, 5)
    for (let index = 0; index < planes.length; index++) {
      if (index !== LABEL.wall * 2 && index !== LABEL['wall-tile'] * 2) expect(planes[index]).toBe(before[index])
    }
    shiftTowardsTile(planes, 2, 1)
    expect(planes[LABEL['wall-tile'] * 2]! / planes[LABEL.wall * 2]!).toBeCloseTo(0.9, 5)
  })

  it('folds islands too small to be a thing into their surroundings and leaves real things alone', () => {
    const { labels, width, height, paint, at } = labelGrid(40, 30, 1)
    // A wall (1) with a 3 × 3 speck of floor (3) in it, a 10 × 10 mirror (9), and a floor band along the bottom
    // with a 2-pixel speck of wall in it.
    paint(4, 4, 3, 3, 3)
    paint(20, 5, 10, 10, 9)
    paint(0, 24, width, 6, 3)
    paint(15, 27, 2, 1, 1)
    removeSpeckles(labels, width, height, 20)
    expect(at(5, 5)).toBe(1)
    expect(at(15, 27)).toBe(3)
    expect(at(16, 27)).toBe(3)
    expect(at(25, 10)).toBe(9)
    expect(at(20, 5)).toBe(9)
    expect(at(0, 0)).toBe(1)
    expect(at(0, 29)).toBe(3)
  })

  it('keeps a thing the size of a tap handle on a 512 × 384 analysis copy, and removes a speck a quarter of that size', () => {
    const { labels, width, height, paint, at } = labelGrid(512, 384, 1)
    paint(100, 100, 10, 8, 12) // 80 pixels of metal (12) in the wall (1)
    paint(300, 200, 4, 4, 12) // 16 pixels
    removeSpeckles(labels, width, height, Math.round(SPECKLE_SHARE * width * height))
    expect(at(105, 104)).toBe(12)
    expect(at(301, 201)).toBe(1)
  })

  it('among given labels only: a small patch of tile in a painted wall becomes wall, a larger tiled area stays', () => {
    const { labels, width, height, paint, at } = labelGrid(40, 30, 1)
    paint(3, 3, 6, 6, 2) // a blotch of wall tile (2) in the wall (1)
    paint(18, 10, 20, 4, 2) // a tiled splashback, larger than the patch size
    paint(18, 14, 20, 12, 5) // over a vanity (5)
    paint(12, 20, 4, 4, 9) // a small mirror (9): not among the labels, left alone
    removeSpeckles(labels, width, height, 60, new Set([1, 2]))
    expect(at(5, 5)).toBe(1)
    expect(at(25, 11)).toBe(2)
    expect(at(13, 21)).toBe(9)
  })

  it('finds the threshold between two groups of values and how much of their spread it explains', () => {
    const twoGroups = Float32Array.from([...Array(60).fill(0.68), ...Array(40).fill(0.96)])
    const split = otsuThreshold(twoGroups, twoGroups.length)
    expect(split.threshold).toBeGreaterThan(0.68)
    expect(split.threshold).toBeLessThanOrEqual(0.96)
    expect(split.separation).toBeGreaterThan(0.95)
    const spread = Float32Array.from({ length: 100 }, (_, index) => index / 100)
    expect(otsuThreshold(spread, spread.length).separation).toBeLessThan(0.8)
  })

  it('splits a picture’s walls at its own threshold: a painted wall the network leans toward tile beside the shower’s tiles', () => {
    // left half painted wall read at 0.68 tile, right half tiles read at 0.96: all of it labelled tile at 0.5
    const { labels, width, height, at } = labelGrid(20, 10, LABEL['wall-tile'])
    const share = new Float32Array(width * height)
    for (let pixel = 0; pixel < share.length; pixel++) share[pixel] = pixel % width < 10 ? 0.68 : 0.96
    labels[0] = LABEL.mirror
    const threshold = splitWallsAtSceneThreshold(labels, share)
    expect(threshold).toBeGreaterThan(0.68)
    expect(at(3, 5)).toBe(LABEL.wall)
    expect(at(15, 5)).toBe(LABEL['wall-tile'])
    expect(at(0, 0)).toBe(LABEL.mirror)
    // the shares are remapped so that the threshold reads as 0.5 for the tile line after
    expect(share[5 * width + 3]).toBeLessThan(0.5)
    expect(share[5 * width + 15]).toBeGreaterThan(0.5)
  })

  it('leaves a picture whose walls are one group at the even split', () => {
    const { labels, width, height } = labelGrid(20, 10, LABEL.wall)
    // one group: bell-shaped around 0.45 (the sum of four steps of a fixed pseudo-random sequence)
    let state = 12345
    const next = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
    const share = Float32Array.from({ length: width * height }, () => 0.45 + 0.06 * (next() + next() + next() + next() - 2))
    for (let pixel = 0; pixel < share.length; pixel++) labels[pixel] = share[pixel]! > 0.5 ? LABEL['wall-tile'] : LABEL.wall
    const before = labels.slice()
    expect(splitWallsAtSceneThreshold(labels, share)).toBe(0.5)
    expect([...labels]).toEqual([...before])
  })
})

describe('shower glass the network was sure of somewhere', () => {
  /** Probabilities on a 10 × 5 grid: glass at `glass(x, y)` in cell (x, y), the rest tile (0.8) and paint (0.2). */
  function answer(glass: (x: number, y: number) => number): Float32Array {
    const plane = 10 * 5
    const probabilities = new Float32Array(LABEL_CLASS_COUNT * plane)
    for (let cell = 0; cell < plane; cell++) {
      const share = glass(cell % 10, Math.floor(cell / 10))
      probabilities[LABEL.glass * plane + cell] = share
      probabilities[LABEL['wall-tile'] * plane + cell] = (1 - share) * 0.8
      probabilities[LABEL.wall * plane + cell] = (1 - share) * 0.2
    }
    return probabilities
  }

  /** A plain photo of the labels' size: no edge anywhere. */
  const plain = new Uint8Array(20 * 10 * 3).fill(200)

  it('gives a large "pane" the network was nowhere sure of its next answer, and keeps one with a sure core', () => {
    // Labels at twice the grid: a pane over x 2–7 (30 % of the picture) with a tap in front, tile around it.
    const doubtful = labelGrid(20, 10, LABEL['wall-tile'])
    doubtful.paint(2, 0, 6, 10, LABEL.glass)
    doubtful.paint(4, 4, 2, 2, LABEL.metal)
    dropDoubtfulGlass(doubtful.labels, 20, 10, answer((x) => (x >= 1 && x <= 3 ? 0.7 : 0.05)), 10, 5, plain)
    expect(doubtful.at(3, 5)).toBe(LABEL['wall-tile'])
    expect(doubtful.at(7, 9)).toBe(LABEL['wall-tile'])
    // What stood in front of it stays what it is.
    expect(doubtful.at(4, 4)).toBe(LABEL.metal)

    // The same pane, sure (0.95) in one column of three: a third of its pixels, so it is glass.
    const sure = labelGrid(20, 10, LABEL['wall-tile'])
    sure.paint(2, 0, 6, 10, LABEL.glass)
    dropDoubtfulGlass(sure.labels, 20, 10, answer((x) => (x === 2 ? 0.95 : x >= 1 && x <= 3 ? 0.7 : 0.05)), 10, 5, plain)
    expect(sure.at(3, 5)).toBe(LABEL.glass)
    expect(sure.at(7, 1)).toBe(LABEL.glass)
  })

  it('keeps a doubtful pane whose side lies on an edge in the photo when part of it is sure', () => {
    // A pane over x 6–11 (30 % of the picture); the photo has a dark line down x 5, just outside its left side.
    const edged = new Uint8Array(20 * 10 * 3).fill(200)
    for (let y = 0; y < 10; y++) edged.fill(60, (y * 20 + 5) * 3, (y * 20 + 6) * 3)
    const pane = () => {
      const grid = labelGrid(20, 10, LABEL['wall-tile'])
      grid.paint(6, 0, 6, 10, LABEL.glass)
      return grid
    }
    // Sure (0.95) in the two top cells of one of its three columns: 8 of its 60 pixels (13 %).
    const partlySure = (x: number, y: number) => (x === 4 && y <= 1 ? 0.95 : x >= 3 && x <= 5 ? 0.7 : 0.05)
    const kept = pane()
    dropDoubtfulGlass(kept.labels, 20, 10, answer(partlySure), 10, 5, edged)
    expect(kept.at(8, 5)).toBe(LABEL.glass)
    // The same pane in a photo with no edge at its sides is pale tile.
    const unedged = pane()
    dropDoubtfulGlass(unedged.labels, 20, 10, answer(partlySure), 10, 5, plain)
    expect(unedged.at(8, 5)).toBe(LABEL['wall-tile'])
    // Sure in one cell only (4 pixels, 7 %): the edge alone does not make it glass.
    const barelySure = pane()
    dropDoubtfulGlass(barelySure.labels, 20, 10, answer((x, y) => (x === 4 && y === 0 ? 0.95 : x >= 3 && x <= 5 ? 0.7 : 0.05)), 10, 5, edged)
    expect(barelySure.at(8, 5)).toBe(LABEL['wall-tile'])
  })

  it('drops a doubtful "pane" over most of the picture though one side is an edge: a tiled wall that ends at the corner', () => {
    // x 4–15 (60 % of the picture), the photo's edge down x 3; sure in 16 of its 120 pixels (13 %).
    const photo = new Uint8Array(20 * 10 * 3).fill(200)
    for (let y = 0; y < 10; y++) photo.fill(60, (y * 20 + 3) * 3, (y * 20 + 4) * 3)
    const wall = labelGrid(20, 10, LABEL['wall-tile'])
    wall.paint(4, 0, 12, 10, LABEL.glass)
    dropDoubtfulGlass(wall.labels, 20, 10, answer((x, y) => ((x === 4 || x === 5) && y <= 1 ? 0.95 : x >= 2 && x <= 7 ? 0.7 : 0.05)), 10, 5, photo)
    expect(wall.at(10, 5)).toBe(LABEL['wall-tile'])
  })

  it('keeps a small doubtful pane: seen edge-on or half hidden, glass is often doubtful and real', () => {
    // x 2–5: 20 % of the picture would be dropped; x 2–4 (15 %) stays.
    const small = labelGrid(20, 10, LABEL['wall-tile'])
    small.paint(2, 0, 3, 10, LABEL.glass)
    dropDoubtfulGlass(small.labels, 20, 10, answer((x) => (x >= 1 && x <= 2 ? 0.7 : 0.05)), 10, 5, plain)
    expect(small.at(3, 5)).toBe(LABEL.glass)
    const larger = labelGrid(20, 10, LABEL['wall-tile'])
    larger.paint(2, 0, 4, 10, LABEL.glass)
    dropDoubtfulGlass(larger.labels, 20, 10, answer((x) => (x >= 1 && x <= 2 ? 0.7 : 0.05)), 10, 5, plain)
    expect(larger.at(3, 5)).toBe(LABEL['wall-tile'])
  })
})

describe('the refiner’s answer beside the network’s', () => {
  it('keeps what the network gave a thing a redesign keeps, and scales each pixel back to one', () => {
    const plane = 2
    const network = new Float32Array(LABEL_CLASS_COUNT * plane)
    const refined = new Float32Array(LABEL_CLASS_COUNT * plane)
    // Pixel 0: the network saw a light (0.6) under the ceiling (0.4); the refiner folds it into the ceiling.
    network[LABEL.light * plane] = 0.6
    network[LABEL.ceiling * plane] = 0.4
    refined[LABEL.light * plane] = 0.1
    refined[LABEL.ceiling * plane] = 0.9
    // Pixel 1: the network took tile for glass (0.55 against 0.45); the refiner says tile, and glass only rises.
    network[LABEL.glass * plane + 1] = 0.55
    network[LABEL['wall-tile'] * plane + 1] = 0.45
    refined[LABEL.glass * plane + 1] = 0.2
    refined[LABEL['wall-tile'] * plane + 1] = 0.8
    refined[LABEL.void * plane + 1] = 0.01
    holdKeptClasses(refined, network, plane)
    expect(refined[LABEL.light * plane]).toBeCloseTo(0.6 / 1.5, 6)
    expect(refined[LABEL.ceiling * plane]).toBeCloseTo(0.9 / 1.5, 6)
    expect(refined[LABEL.glass * plane + 1]).toBeCloseTo(0.55 / 1.35, 6)
    expect(refined[LABEL['wall-tile'] * plane + 1]).toBeCloseTo(0.8 / 1.35, 6)
    expect(refined[LABEL.void * plane + 1]).toBe(0)
    // A changed surface the refiner lowers stays lowered: only kept classes are held.
    const wall = new Float32Array(LABEL_CLASS_COUNT).fill(0)
    wall[LABEL.wall] = 0.9
    wall[LABEL['wall-tile']] = 0.1
    const flipped = new Float32Array(LABEL_CLASS_COUNT).fill(0)
    flipped[LABEL.wall] = 0.2
    flipped[LABEL['wall-tile']] = 0.8
    holdKeptClasses(flipped, wall, 1)
    expect(flipped[LABEL.wall]).toBeCloseTo(0.2, 6)
    expect(flipped[LABEL['wall-tile']]).toBeCloseTo(0.8, 6)
  })
})

describe('the committed surface network', () => {
  it('is at most 10 MB of weights, with the metadata the server reads, and answers every class at the input’s size', async () => {
    const model = surfaceModelPath()
    expect(statSync(model).size).toBeLessThanOrEqual(10 * 1000 * 1000)
    const meta = JSON.parse(readFileSync(path.join(path.dirname(model), 'surfaces.json'), 'utf8')) as {
      classes: number
      inference: { longSide: number; views: number[] }
      trainedOn: { scenes: number; stages: unknown[] }
    }
    expect(meta.classes).toBe(LABEL_CLASS_COUNT)
    expect(meta.trainedOn.scenes).toBeGreaterThan(0)
    expect(meta.trainedOn.stages.length).toBeGreaterThan(0)
    // Every size the metadata names is one the network is shown (issue 15: three sizes read better than one).
    const sides = networkLongSides()
    expect(sides).toEqual([meta.inference.longSide, ...meta.inference.views])
    expect(sides.length).toBeGreaterThan(1)
    const ort = await import('onnxruntime-node')
    const session = await surfaceSession()
    for (const long of sides) {
      expect(long % 16).toBe(0)
      const { width, height } = networkSize(400, 300, long)
      const outputs = await session.run({ image: new ort.Tensor('float32', new Float32Array(3 * width * height).fill(0.5), [1, 3, height, width]) })
      expect(outputs.logits!.dims).toEqual([1, LABEL_CLASS_COUNT, height, width])
    }
  })
})
