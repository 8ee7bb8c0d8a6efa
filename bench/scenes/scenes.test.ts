// The committed labelled scenes (docs/assets.md): the development set rendered by
// `npm run assets:render -- eval --seed 2026 --count 40 --out bench/scenes/dev --width 320 --samples 16` (decision 0060) and the
// label maps of the four stock photos (`npm run assets:render -- --labels`). The engine-accuracy bench reads them.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { LABEL, decodeLabelPixels } from '../../src/server/providers/generation/local/label-classes'

const here = import.meta.dirname
const devDir = path.join(here, 'dev')
const stockDir = path.join(here, 'stock')
const MAX_BYTES = 6 * 1024 * 1024

function scenesIn(dir: string): string[] {
  return readdirSync(dir).filter((file) => file.endsWith('.json')).map((file) => file.slice(0, -'.json'.length)).sort()
}

async function labelsOf(file: string): Promise<{ labels: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true })
  return { labels: decodeLabelPixels(new Uint8Array(data), info.channels), width: info.width, height: info.height }
}

type Params = {
  width: number
  height: number
  job: { seed: number; index: number; width: number }
  scene: { wet: string; lighting: string; camera: { fovDeg: number; orientation: string; height: number }; room: { width: number; depth: number; height: number } }
}

describe('committed development set', () => {
  const names = scenesIn(devDir)

  it('has at least 40 scenes of one seed, each with photo, label map and parameters, within 6 MB', () => {
    expect(names.length).toBeGreaterThanOrEqual(40)
    const files = readdirSync(devDir)
    for (const name of names) {
      expect(files).toContain(`${name}.jpg`)
      expect(files).toContain(`${name}.labels.png`)
    }
    // nothing else in the folder
    expect(files.length).toBe(names.length * 3)
    const total = files.reduce((sum, file) => sum + statSync(path.join(devDir, file)).size, 0)
    expect(total).toBeLessThanOrEqual(MAX_BYTES)
    const seeds = new Set(names.map((name) => (JSON.parse(readFileSync(path.join(devDir, `${name}.json`), 'utf8')) as Params).job.seed))
    expect(seeds.size).toBe(1)
  })

  it('has photos and label maps of the same size, at most 640 px, every pixel a label class', async () => {
    for (const name of names) {
      const params = JSON.parse(readFileSync(path.join(devDir, `${name}.json`), 'utf8')) as Params
      const photo = await sharp(path.join(devDir, `${name}.jpg`)).metadata()
      expect(photo.format).toBe('jpeg')
      const { labels, width, height } = await labelsOf(path.join(devDir, `${name}.labels.png`))
      expect([photo.width, photo.height]).toEqual([width, height])
      expect([params.width, params.height]).toEqual([width, height])
      expect(Math.max(width, height)).toBeLessThanOrEqual(640)
      // a room: walls or wall tile, and something standing in it, are always in view
      expect(labels.some((id) => id === LABEL.wall || id === LABEL['wall-tile'])).toBe(true)
      expect(labels.filter((id) => id === LABEL.void).length / labels.length).toBeLessThan(0.02)
    }
  })

  it('varies what the issue asks for: rooms, wet areas, light, camera, orientation, and shows every class somewhere', async () => {
    const all = names.map((name) => JSON.parse(readFileSync(path.join(devDir, `${name}.json`), 'utf8')) as Params)
    expect(new Set(all.map((p) => p.scene.wet))).toEqual(new Set(['tub', 'shower', 'both', 'neither']))
    expect(new Set(all.map((p) => p.scene.lighting)).size).toBeGreaterThanOrEqual(3)
    expect(new Set(all.map((p) => p.scene.camera.orientation))).toEqual(new Set(['landscape', 'portrait']))
    for (const p of all) {
      expect(p.scene.camera.fovDeg).toBeGreaterThanOrEqual(50)
      expect(p.scene.camera.fovDeg).toBeLessThanOrEqual(80)
      expect(p.scene.room.width).toBeGreaterThanOrEqual(1.5)
      expect(p.scene.room.width).toBeLessThanOrEqual(4)
      expect(p.scene.room.height).toBeGreaterThanOrEqual(2.3)
      expect(p.scene.room.height).toBeLessThanOrEqual(3)
    }
    const seen = new Set<number>()
    for (const name of names) for (const id of new Set((await labelsOf(path.join(devDir, `${name}.labels.png`))).labels)) seen.add(id)
    for (let id = 1; id < 16; id++) expect(seen.has(id), `class ${id} appears in some scene`).toBe(true)
  })
})

describe('stock photo label maps', () => {
  it('label each stock photo at its own size, from the same scene and camera', async () => {
    const names = scenesIn(stockDir)
    expect(names).toEqual(['stock-1', 'stock-2', 'stock-3', 'stock-4'])
    for (const name of names) {
      const published = readFileSync(path.resolve(here, '../../public/images/stock', `${name}-960.jpg`))
      expect(readFileSync(path.join(stockDir, `${name}.jpg`)).equals(published)).toBe(true)
      const { labels, width, height } = await labelsOf(path.join(stockDir, `${name}.labels.png`))
      expect([width, height]).toEqual([960, 720])
      for (const id of [LABEL.wall, LABEL['wall-tile'], LABEL.floor, LABEL.ceramic, LABEL.mirror, LABEL.light]) {
        expect(labels.includes(id), `${name} shows class ${id}`).toBe(true)
      }
    }
  })

  // A label map rendered from a scene or camera other than the photo's is drawn beside the things it names: the
  // engine then redraws a basin's rim on the wall and paints a towel rail's new finish above the rail.
  it.each(['stock-1', 'stock-2', 'stock-3', 'stock-4'])('%s: the label map lies on its photo (its borders follow the photo’s edges, and no shift fits them better)', async (name) => {
    const { labels, width, height } = await labelsOf(path.join(stockDir, `${name}.labels.png`))
    const grey = await sharp(path.join(stockDir, `${name}.jpg`)).greyscale().raw().toBuffer()
    const edge = new Float32Array(width * height)
    for (let y = 1; y < height - 1; y++) {
      for (let x = 1; x < width - 1; x++) {
        const pixel = y * width + x
        edge[pixel] = Math.hypot(grey[pixel + 1]! - grey[pixel - 1]!, grey[pixel + width]! - grey[pixel - width]!)
      }
    }
    // Both pixels on either side of every change of label.
    const border: number[] = []
    for (let y = 0; y < height - 1; y++) {
      for (let x = 0; x < width - 1; x++) {
        const pixel = y * width + x
        if (labels[pixel] !== labels[pixel + 1]) border.push(x, y, x + 1, y)
        if (labels[pixel] !== labels[pixel + width]) border.push(x, y, x, y + 1)
      }
    }
    const MARGIN = 10
    const strengthAt = (dx: number, dy: number) => {
      let sum = 0
      let count = 0
      for (let index = 0; index < border.length; index += 2) {
        const x = border[index]! + dx
        const y = border[index + 1]! + dy
        if (x < MARGIN || y < MARGIN || x >= width - MARGIN || y >= height - MARGIN) continue
        sum += edge[y * width + x]!
        count++
      }
      return sum / count
    }
    const aligned = strengthAt(0, 0)
    let best = { dx: 0, dy: 0, strength: aligned }
    for (let dy = -MARGIN; dy <= MARGIN; dy += 2) {
      for (let dx = -MARGIN; dx <= MARGIN; dx += 2) {
        const strength = strengthAt(dx, dy)
        if (strength > best.strength) best = { dx, dy, strength }
      }
    }
    expect(best, `${name}: its borders fit the photo best moved by (${best.dx}, ${best.dy}) px`).toEqual({ dx: 0, dy: 0, strength: aligned })
  })
})
