import { describe, expect, it } from 'vitest'
import { srgb8ToLab } from '../../src/server/providers/generation/local/colour-space'
import { LABEL } from '../../src/server/providers/generation/local/label-classes'
import { boundaryF, changedSurfaceIoU, classCounts, classIoU, confusionGains, leakShare, patchiness, resizeLabels, unchosenChange, wallOrientationError, wallPlanAngle, type WallNormal } from './engine-accuracy'

const W = 64
const H = 48

/** A little room: ceiling band, wall, a window on the wall, a vanity, floor. */
function room(): Uint8Array {
  const labels = new Uint8Array(W * H)
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      let id: number = LABEL.wall
      if (y < 6) id = LABEL.ceiling
      else if (y >= 36) id = LABEL.floor
      else if (x >= 40 && x < 56 && y >= 10 && y < 24) id = LABEL.window
      else if (x >= 8 && x < 28 && y >= 24) id = LABEL.vanity
      labels[y * W + x] = id
    }
  }
  return labels
}

/** A photo: each class a flat colour with a gentle light gradient, as Lab. */
function photoOf(labels: Uint8Array): Float32Array {
  const base: Record<number, [number, number, number]> = {
    [LABEL.wall]: [200, 190, 170], [LABEL.ceiling]: [235, 235, 230], [LABEL.floor]: [120, 100, 80],
    [LABEL.window]: [210, 225, 240], [LABEL.vanity]: [90, 60, 40],
  }
  const lab = new Float32Array(labels.length * 3)
  labels.forEach((id, pixel) => {
    const shade = 0.85 + 0.15 * ((pixel % W) / W)
    const [r, g, b] = base[id]!
    lab.set(srgb8ToLab(r * shade, g * shade, b * shade), pixel * 3)
  })
  return lab
}

/** A consistent redesign: every surface the redesign changes gets its own new colour, light gradient kept. */
function redesign(labels: Uint8Array, options: { repaintWindow?: boolean } = {}): Float32Array {
  const target: Record<number, [number, number, number]> = {
    [LABEL.wall]: [120, 150, 160], [LABEL.ceiling]: [245, 240, 230], [LABEL.floor]: [60, 60, 65], [LABEL.vanity]: [40, 70, 60],
    [LABEL.window]: options.repaintWindow ? [120, 150, 160] : [210, 225, 240],
  }
  const lab = new Float32Array(labels.length * 3)
  labels.forEach((id, pixel) => {
    const shade = 0.85 + 0.15 * ((pixel % W) / W)
    const [r, g, b] = target[id]!
    lab.set(srgb8ToLab(r * shade, g * shade, b * shade), pixel * 3)
  })
  return lab
}

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

describe('engine-accuracy measures', () => {
  it('scores a perfect segmentation with IoU 1, boundary F 1, and a consistent redesign with patchiness 0 and no leak', () => {
    const truth = room()
    const counts = classCounts(truth, truth)
    const ious = classIoU(counts)
    for (const id of [LABEL.wall, LABEL.ceiling, LABEL.floor, LABEL.window, LABEL.vanity]) expect(ious[id]).toBe(1)
    expect(Number.isNaN(ious[LABEL.mirror]!)).toBe(true)
    expect(changedSurfaceIoU(counts)).toBe(1)
    expect(boundaryF(truth, truth, W, H).f).toBe(1)
    const before = photoOf(truth)
    const after = redesign(truth)
    expect(patchiness(truth, before, after, W, H).share).toBe(0)
    expect(leakShare(truth, before, after, W, H)).toBe(0)
  })

  it('scores wrong surfaces below 1: the vanity taken for wall', () => {
    const truth = room()
    const predicted = truth.map((id) => (id === LABEL.vanity ? LABEL.wall : id))
    const counts = classCounts(truth, predicted)
    const ious = classIoU(counts)
    expect(ious[LABEL.vanity]).toBe(0)
    expect(ious[LABEL.wall]).toBeLessThan(1)
    expect(ious[LABEL.floor]).toBe(1)
    // wall, floor, ceiling, vanity present (no wall tile): mean = (wallIoU + 1 + 1 + 0) / 4
    expect(changedSurfaceIoU(counts)).toBeCloseTo((ious[LABEL.wall]! + 2) / 4, 6)
  })

  it('leaves out of the mean, when asked, a surface too small to judge', () => {
    const truth = room()
    // three pixels of wall tile at the foot of the wall, taken for wall
    for (const x of [30, 31, 32]) truth[35 * W + x] = LABEL['wall-tile']
    const counts = classCounts(truth, truth.map((id) => (id === LABEL['wall-tile'] ? LABEL.wall : id)))
    // every scene surface counts by default: (wall ≈ 1 + ceiling + floor + vanity + wall tile 0) / 5
    expect(changedSurfaceIoU(counts)).toBeLessThan(0.81)
    expect(changedSurfaceIoU(counts, 0.005)).toBeGreaterThan(0.99)
    // the floor (25 % of the picture) still counts at 0.005
    const floorMissed = classCounts(truth, truth.map((id) => (id === LABEL.floor ? LABEL.wall : id)))
    expect(changedSurfaceIoU(floorMissed, 0.005)).toBeLessThan(0.8)
  })

  it('says what mending each confusion alone would add to a scene\'s mean IoU', () => {
    const truth = room()
    const predicted = truth.map((id) => (id === LABEL.window ? LABEL.wall : id))
    for (let pixel = W * 40; pixel < W * 42; pixel++) predicted[pixel] = LABEL.vanity // two rows of floor taken for vanity
    const { confusion, gains } = confusionGains(truth, predicted)
    const at = (a: number, b: number) => a * 16 + b
    expect(confusion[at(LABEL.window, LABEL.wall)]).toBe(16 * 14)
    expect(confusion[at(LABEL.floor, LABEL.vanity)]).toBe(2 * W)
    // each gain is what recomputing the scene with that confusion mended gives
    const base = changedSurfaceIoU(classCounts(truth, predicted))
    const windowMended = predicted.map((id, pixel) => (truth[pixel] === LABEL.window ? LABEL.window : id))
    const floorMended = predicted.map((id, pixel) => (truth[pixel] === LABEL.floor ? LABEL.floor : id))
    expect(gains[at(LABEL.window, LABEL.wall)]).toBeCloseTo(changedSurfaceIoU(classCounts(truth, windowMended)) - base, 12)
    expect(gains[at(LABEL.floor, LABEL.vanity)]).toBeCloseTo(changedSurfaceIoU(classCounts(truth, floorMended)) - base, 12)
    expect(gains[at(LABEL.floor, LABEL.vanity)]).toBeGreaterThan(0)
    // confusions that do not happen cost nothing; a scene without changed surfaces has no mean to raise
    expect(gains[at(LABEL.wall, LABEL.window)]).toBe(0)
    expect(gains[at(LABEL.wall, LABEL.wall)]).toBe(0)
    expect(Number.isNaN(confusionGains(new Uint8Array(8).fill(LABEL.window), new Uint8Array(8).fill(LABEL.wall)).gains[0])).toBe(true)
  })

  it('counts a repainted window as leak', () => {
    const truth = room()
    const before = photoOf(truth)
    const after = redesign(truth, { repaintWindow: true })
    expect(leakShare(truth, before, after, W, H)).toBe(1)
    // only rows above the caption band are measured
    expect(leakShare(truth, before, after, W, H, { rows: 8 })).toBeNaN()
  })

  it('measures a left-out surface whole, or only its border with the chosen ones', () => {
    const truth = room()
    const before = photoOf(truth)
    // The floor is left out, and the redesign smears the new wall colour into its top two rows (y 36, 37).
    const after = redesign(truth)
    for (let pixel = 0; pixel < W * H; pixel++) {
      if (truth[pixel] === LABEL.floor && Math.floor(pixel / W) >= 38) after.set(before.subarray(pixel * 3, pixel * 3 + 3), pixel * 3)
    }
    const chosen = ['walls', 'cabinetry', 'fixtures'] as const
    const whole = unchosenChange(truth, before, after, W, H, chosen)
    expect(whole.pixels).toBe(W * 12)
    expect(whole.repaintedShare).toBeCloseTo(2 / 12, 6)
    // Within 2 px of the wall or the vanity: the floor's first two rows, all repainted.
    const border = unchosenChange(truth, before, after, W, H, chosen, { within: 2 })
    expect(border.pixels).toBe(W * 2)
    expect(border.repaintedShare).toBe(1)
    expect(border.meanDeltaE).toBeCloseTo(whole.meanDeltaE * 6, 3)
    expect(unchosenChange(truth, before, after, W, H, chosen, { within: 3 }).pixels).toBe(W * 3)
  })

  it('gives random blotches of the old colour a high patchiness', () => {
    const truth = room()
    const before = photoOf(truth)
    const after = redesign(truth)
    const next = random(7)
    // a third of the wall keeps its old colour in 3×3 blotches
    for (let y = 0; y < H; y += 3) {
      for (let x = 0; x < W; x += 3) {
        if (next() > 0.33) continue
        for (let dy = 0; dy < 3; dy++) {
          for (let dx = 0; dx < 3; dx++) {
            const pixel = Math.min(H - 1, y + dy) * W + Math.min(W - 1, x + dx)
            if (truth[pixel] === LABEL.wall) after.set(before.subarray(pixel * 3, pixel * 3 + 3), pixel * 3)
          }
        }
      }
    }
    const result = patchiness(truth, before, after, W, H)
    expect(result.bySurface.get(LABEL.wall)).toBeGreaterThan(0.2)
    expect(result.bySurface.get(LABEL.floor)).toBe(0)
    expect(result.share).toBeGreaterThan(0.1)
  })

  it('tolerates a boundary off by up to 2 px at 512 px, not more', () => {
    const truth = room()
    const shifted = (by: number) => {
      const out = new Uint8Array(truth.length)
      for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) out[y * W + x] = truth[y * W + Math.max(0, x - by)]!
      return out
    }
    // at 64 px wide the tolerance is 0.25 px: a 2 px shift of the vertical borders is off
    expect(boundaryF(truth, shifted(2), W, H).f).toBeLessThan(0.9)
    // the same room at 512 px: a 2 px shift is within the tolerance, a 6 px one is not
    const big = resizeLabels(truth, W, H, 512, 384)
    const shiftBig = (by: number) => {
      const out = new Uint8Array(big.length)
      for (let y = 0; y < 384; y++) for (let x = 0; x < 512; x++) out[y * 512 + x] = big[y * 512 + Math.max(0, x - by)]!
      return out
    }
    expect(boundaryF(big, shiftBig(2), 512, 384).f).toBe(1)
    const far = boundaryF(big, shiftBig(6), 512, 384)
    expect(far.f).toBeLessThan(0.9)
    expect(far.precision).toBeGreaterThan(0.3) // horizontal borders still line up
    // one vertical border: within 2 px it is found, 5 px off it is missed altogether
    const halves = (at: number) => new Uint8Array(512 * 384).map((_, pixel) => (pixel % 512 < at ? LABEL.wall : LABEL['wall-tile']))
    expect(boundaryF(halves(256), halves(258), 512, 384).f).toBe(1)
    expect(boundaryF(halves(256), halves(261), 512, 384).f).toBe(0)
  })
})

describe('wall orientation against a box room', () => {
  const turned = (degrees: number): WallNormal => [Math.sin((degrees * Math.PI) / 180), 0, Math.cos((degrees * Math.PI) / 180)]

  it('reads a wall turned right as a positive plan angle, whichever way its normal points', () => {
    expect(wallPlanAngle(turned(20))).toBeCloseTo(20, 6)
    expect(wallPlanAngle([-Math.sin(0.2), 0, -Math.cos(0.2)])).toBeCloseTo((0.2 * 180) / Math.PI, 6)
  })

  it('scores a wall by its distance to the nearest of the room directions, square walls as one', () => {
    // The camera turned 25°: walls run at 25° and 115° (-65°).
    const wallOf = Int32Array.from([0, 0, 1, 1, -1])
    expect(wallOrientationError(wallOf, [turned(25), turned(-65)], 25)).toBeCloseTo(0, 6)
    // One wall 10° off, the other facing the camera (25° off), two pixels each.
    expect(wallOrientationError(wallOf, [turned(35), turned(0)], 25)).toBeCloseTo(17.5, 6)
    expect(wallOrientationError(Int32Array.from([-1, -1]), [turned(0)], 0)).toBeNaN()
  })
})
