// Engine accuracy against ground truth (issue 14): the local engine redesigns labelled bathrooms (rendered by
// `npm run assets:render -- eval`, see docs/assets.md) and is scored on where it put each surface and on what its
// colour changes did to them.
//   npm run bench -- engine-accuracy [--scenes DIR]… [--seed N] [--limit N]
// Default scenes: the committed development set (bench/scenes/dev) and the stock photos (bench/scenes/stock).
// Per scene: per-class IoU of the engine's surfaces (label classes through ROLE_LABELS), the mean IoU over the
// surfaces a redesign changes, boundary F (2 px tolerance at 512 px), leak (kept pixels changed by ΔE2000 > 10)
// and patchiness (pixels off their surface's median change by ΔE2000 > 15). Then per class, and the confusions that
// cost most (what mending each alone would add to a scene's mean IoU). The five worst scenes get a
// side-by-side image (photo | labels | engine surfaces | output) under bench/results/engine-accuracy/, and every
// scene's figures per class go to scenes.json there, for looking into where the errors lie. Where a render's
// <name>.json gives its camera, how far the engine turned the walls from the room's (decision 0084), for information.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { captionBandHeight } from '../src/server/providers/generation/local/caption'
import { rgbPixelsToLab } from '../src/server/providers/generation/local/colour-space'
import { CHANGED_SURFACES, KEPT_SURFACES, LABEL, LABEL_CLASSES, LABEL_CLASS_COUNT, decodeLabelPixels, encodeLabelPixels } from '../src/server/providers/generation/local/label-classes'
import { renderLocalRedesign } from '../src/server/providers/generation/local/local-engine'
import { estimateRoomGeometry, nearestWall, pixelCamera, planeProjector } from '../src/server/providers/generation/local/room-geometry'
import { PALETTE_IDS, type NamedPaletteId } from '../src/shared/catalogue/palettes'
import { STYLE_IDS, type StyleId } from '../src/shared/catalogue/styles'
import { MIN_SURFACE_SHARE, boundaryF, changedSurfaceIoU, classCounts, classIoU, confusionGains, leakShare, patchiness, resizeLabels, wallOrientationError, type ClassCounts, type ConfusionGains } from './support/engine-accuracy'

const repoRoot = path.resolve(import.meta.dirname, '..')
const resultsDir = path.join(repoRoot, 'bench', 'results', 'engine-accuracy')
const DEFAULT_SCENES = [path.join(repoRoot, 'bench', 'scenes', 'dev'), path.join(repoRoot, 'bench', 'scenes', 'stock')]
const NAMED_PALETTES = PALETTE_IDS.filter((id): id is NamedPaletteId => id !== 'surprise-me')
const TILE_HEIGHT = 240

/** The targets the engine work must reach (issue 14 §5). */
const TARGETS = { meanIoU: 0.8, sceneIoU: 0.6, boundaryF: 0.7, leak: 0.03, patchinessMedian: 0.05, patchinessWorst: 0.1 } as const

type Scene = { dir: string; name: string; photo: string; labels: string }
type SceneResult = {
  scene: Scene
  styleId: StyleId
  paletteId: NamedPaletteId
  counts: ClassCounts
  /** Which class the engine took each true class for, and what mending each confusion alone would add to meanIoU. */
  confused: ConfusionGains
  meanIoU: number
  /** The same with wall tile counted as wall (the engine has one wall surface): for information, not a target. */
  meanIoUWallsMerged: number
  /** The same over the surfaces covering at least MIN_SURFACE_SHARE of the picture: for information, not a target. */
  meanIoUSizeable: number
  boundary: number
  leak: number
  patchiness: number
  /** Degrees between the walls the engine drew and the room's own, where the scene's camera is known (decision 0084); for information. */
  wallError: number
  seconds: number
  tiles?: { photo: Buffer; labels: Buffer; surfaces: Buffer; output: Buffer; width: number; height: number }
}

function parseArgs(argv: string[]): { dirs: string[]; seed: number; limit: number } {
  const dirs: string[] = []
  let seed = 7
  let limit = Number.POSITIVE_INFINITY
  for (let index = 0; index < argv.length; index++) {
    const arg = argv[index]!
    const value = () => {
      const next = argv[++index]
      if (next === undefined) throw new Error(`${arg} needs a value`)
      return next
    }
    if (arg === '--scenes') dirs.push(path.resolve(process.cwd(), value()))
    else if (arg === '--seed') seed = Number(value())
    else if (arg === '--limit') limit = Number(value())
    else throw new Error(`unknown argument: ${arg} (use --scenes DIR, --seed N, --limit N)`)
  }
  return { dirs: dirs.length ? dirs : DEFAULT_SCENES, seed, limit }
}

function listScenes(dir: string): Scene[] {
  if (!existsSync(dir)) throw new Error(`no scene folder ${dir}`)
  return readdirSync(dir)
    .filter((file) => file.endsWith('.labels.png'))
    .sort()
    .map((file) => {
      const name = file.slice(0, -'.labels.png'.length)
      return { dir, name, photo: path.join(dir, `${name}.jpg`), labels: path.join(dir, file) }
    })
    .filter((scene) => existsSync(scene.photo))
}

async function rawRgb(file: string | Buffer): Promise<{ data: Uint8Array; width: number; height: number }> {
  const { data, info } = await sharp(file).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height }
}

/**
 * For a labelled render whose `<name>.json` gives its camera: how far the walls the engine draws on (its wall and wall
 * tile pixels, each on the wall its ray meets first) are turned from the box room's (wallOrientationError). NaN for
 * a scene with no camera on record (the stock photos).
 */
async function wallError(scene: Scene, photoBytes: Buffer, labels: Uint8Array, width: number, height: number): Promise<number> {
  const record = path.join(scene.dir, `${scene.name}.json`)
  if (!existsSync(record)) return Number.NaN
  const yaw = (JSON.parse(readFileSync(record, 'utf8')) as { scene?: { camera?: { yawDeg?: number } } }).scene?.camera?.yawDeg
  if (typeof yaw !== 'number') return Number.NaN
  const { data } = await sharp(photoBytes).resize(width, height, { fit: 'fill' }).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const geometry = estimateRoomGeometry(labels, width, height, { photo: new Uint8Array(data) })
  const camera = pixelCamera(geometry.camera, width, height)
  const walls = geometry.walls.map((wall) => planeProjector(wall, camera))
  const wallOf = new Int32Array(width * height).fill(-1)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const label = labels[y * width + x]
      if (label === LABEL.wall || label === LABEL['wall-tile']) wallOf[y * width + x] = nearestWall(walls, x + 0.5, y + 0.5)
    }
  }
  return wallOrientationError(wallOf, geometry.walls.map((wall) => wall.normal), yaw)
}

async function png(rgb: Uint8Array, width: number, height: number): Promise<Buffer> {
  return sharp(rgb, { raw: { width, height, channels: 3 } }).resize({ height: TILE_HEIGHT, kernel: 'nearest' }).png().toBuffer()
}

async function score(scene: Scene, index: number, seed: number): Promise<SceneResult> {
  // spread the scenes over every style, and the palettes over the styles, the same way on every run
  const styleId = STYLE_IDS[index % STYLE_IDS.length]!
  const paletteId = NAMED_PALETTES[(index * 3 + Math.floor(index / STYLE_IDS.length)) % NAMED_PALETTES.length]!
  const photoBytes = readFileSync(scene.photo)
  const photo = await rawRgb(photoBytes)
  const labelRgb = await rawRgb(scene.labels)
  if (labelRgb.width !== photo.width || labelRgb.height !== photo.height) throw new Error(`${scene.name}: label map ${labelRgb.width}×${labelRgb.height} ≠ photo ${photo.width}×${photo.height}`)
  const truth = decodeLabelPixels(labelRgb.data, 3)
  const started = performance.now()
  const result = await renderLocalRedesign({ image: photoBytes, styleId, paletteId, roomType: 'bathroom', seed }, { withSurfaces: true })
  const seconds = (performance.now() - started) / 1000
  const surfaces = result.surfaces!
  const predicted = resizeLabels(surfaces.labels, surfaces.width, surfaces.height, photo.width, photo.height)
  const output = await rawRgb(result.image)
  const counts = classCounts(truth, predicted)
  const rows = photo.height - captionBandHeight(photo.height)
  const before = rgbPixelsToLab(photo.data, 3)
  const after = rgbPixelsToLab(output.data, 3)
  return {
    scene, styleId, paletteId, counts, seconds,
    confused: confusionGains(truth, predicted),
    meanIoU: changedSurfaceIoU(counts),
    meanIoUWallsMerged: changedSurfaceIoU(classCounts(mergeWalls(truth), mergeWalls(predicted))),
    meanIoUSizeable: changedSurfaceIoU(counts, MIN_SURFACE_SHARE),
    boundary: boundaryF(truth, predicted, photo.width, photo.height).f,
    leak: leakShare(truth, before, after, photo.width, photo.height, { rows }),
    patchiness: patchiness(truth, before, after, photo.width, photo.height, { rows }).share,
    wallError: await wallError(scene, photoBytes, surfaces.labels, surfaces.width, surfaces.height),
    tiles: {
      photo: await png(photo.data, photo.width, photo.height),
      labels: await png(encodeLabelPixels(truth), photo.width, photo.height),
      surfaces: await png(encodeLabelPixels(predicted), photo.width, photo.height),
      output: await png(output.data, photo.width, photo.height),
      width: Math.round((photo.width * TILE_HEIGHT) / photo.height),
      height: TILE_HEIGHT,
    },
  }
}

/**
 * The confusions that cost most: per pair (true class → the engine's class), the mean over the scenes of what mending
 * it alone would add to the scene's mean IoU, with the pair's share of all labelled pixels. Small classes weigh as
 * much as large ones in a scene's mean, so a sliver of floor taken for tile can cost more than a wall's worth of pixels.
 */
function printConfusions(results: SceneResult[], labelledTotal: number, count = 8): void {
  const classes = LABEL_CLASS_COUNT
  const scored = results.filter((result) => !Number.isNaN(result.meanIoU))
  const pairs: Array<{ a: number; b: number; gain: number; pixels: number }> = []
  for (let a = 1; a < classes; a++) {
    for (let b = 1; b < classes; b++) {
      if (a === b) continue
      const cell = a * classes + b
      const gain = scored.reduce((sum, result) => sum + result.confused.gains[cell]!, 0) / Math.max(1, scored.length)
      const pixels = results.reduce((sum, result) => sum + result.confused.confusion[cell]!, 0)
      if (gain > 0) pairs.push({ a, b, gain, pixels })
    }
  }
  pairs.sort((first, second) => second.gain - first.gain)
  console.log('\nLargest confusions (mean IoU a scene would gain, on average, were each mended alone; share of labelled pixels):')
  for (const { a, b, gain, pixels } of pairs.slice(0, count)) {
    console.log(`  ${LABEL_CLASSES[a]!.name.padEnd(11)} → ${LABEL_CLASSES[b]!.name.padEnd(11)} +${gain.toFixed(3)}  ${pct(pixels / labelledTotal).padStart(6)} of pixels`)
  }
}

/**
 * One scene's figures for scenes.json: the summary, then per class present in the truth its share of the labelled
 * pixels, its IoU, and what the engine took its pixels for (shares of the class, the larger ones).
 */
function sceneRecord(result: SceneResult) {
  const ious = classIoU(result.counts)
  const labelled = result.counts.truth.reduce((sum, value) => sum + value, 0)
  const classes: Record<string, { share: number | null; iou: number | null; takenFor: Record<string, number | null> }> = {}
  for (const entry of LABEL_CLASSES) {
    const truth = result.counts.truth[entry.id]!
    if (entry.id === LABEL.void || truth === 0) continue
    const takenFor: Record<string, number | null> = {}
    for (let other = 0; other < LABEL_CLASS_COUNT; other++) {
      const share = result.confused.confusion[entry.id * LABEL_CLASS_COUNT + other]! / truth
      if (other !== entry.id && share >= 0.02) takenFor[LABEL_CLASSES[other]!.name] = round(share)
    }
    classes[entry.name] = { share: round(truth / labelled), iou: round(ious[entry.id]!), takenFor }
  }
  return {
    scene: `${path.basename(result.scene.dir)}/${result.scene.name}`, styleId: result.styleId, paletteId: result.paletteId,
    meanIoU: round(result.meanIoU), boundaryF: round(result.boundary), leak: round(result.leak), patchiness: round(result.patchiness), wallError: round(result.wallError), classes,
  }
}

const round = (value: number) => (Number.isNaN(value) ? null : Math.round(value * 1000) / 1000)

const mergeWalls = (labels: Uint8Array) => labels.map((id) => (id === LABEL['wall-tile'] ? LABEL.wall : id))

async function sideBySide(result: SceneResult, file: string): Promise<void> {
  const tiles = result.tiles!
  const gap = 6
  const caption = 22
  const width = tiles.width * 4 + gap * 3
  const title = `${result.scene.name} · ${result.styleId} + ${result.paletteId} · mIoU ${fmt(result.meanIoU)} · boundary F ${fmt(result.boundary)} · leak ${pct(result.leak)} · patchiness ${pct(result.patchiness)}   (photo | labels | engine surfaces | output)`
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${caption}"><text x="4" y="16" font-family="sans-serif" font-size="13" fill="#222">${title.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</text></svg>`
  await sharp({ create: { width, height: tiles.height + caption, channels: 3, background: '#ffffff' } })
    .composite([
      { input: Buffer.from(svg), left: 0, top: 0 },
      ...[tiles.photo, tiles.labels, tiles.surfaces, tiles.output].map((input, index) => ({ input, left: index * (tiles.width + gap), top: caption })),
    ])
    .png()
    .toFile(file)
}

const fmt = (value: number) => (Number.isNaN(value) ? '–' : value.toFixed(3))
const pct = (value: number) => (Number.isNaN(value) ? '–' : `${(value * 100).toFixed(1)}%`)
const mean = (values: number[]) => {
  const kept = values.filter((value) => !Number.isNaN(value))
  return kept.length ? kept.reduce((sum, value) => sum + value, 0) / kept.length : Number.NaN
}
const medianOf = (values: number[]) => {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b)
  if (!sorted.length) return Number.NaN
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

function printRow(cells: string[], widths = [22, 20, 16, 7, 7, 7, 7, 6]): void {
  console.log(cells.map((cell, index) => cell.padEnd(widths[index] ?? 8)).join(' '))
}

async function main(): Promise<void> {
  const { dirs, seed, limit } = parseArgs(process.argv.slice(2))
  const scenes = dirs.flatMap(listScenes).slice(0, limit)
  if (!scenes.length) throw new Error(`no labelled scenes (<name>.jpg + <name>.labels.png) in ${dirs.join(', ')}`)
  mkdirSync(resultsDir, { recursive: true })
  console.log(`Engine accuracy on ${scenes.length} labelled scenes from ${dirs.map((dir) => path.relative(repoRoot, dir) || dir).join(', ')} (engine seed ${seed})`)
  console.log('  mIoU: mean IoU over wall, wall tile, floor, ceiling, vanity present in the scene; bF: boundary F, 2 px at 512 px;')
  console.log('  leak: window, mirror, glass, light and plant/prop pixels changed by ΔE2000 > 10; patch: pixels off their surface\'s median change by ΔE2000 > 15.')
  printRow(['scene', 'style', 'palette', 'mIoU', 'bF', 'leak', 'patch', 's'])
  const results: SceneResult[] = []
  for (const [index, scene] of scenes.entries()) {
    const result = await score(scene, index, seed)
    results.push(result)
    printRow([`${path.basename(scene.dir)}/${scene.name}`, result.styleId, result.paletteId, fmt(result.meanIoU), fmt(result.boundary), pct(result.leak), pct(result.patchiness), result.seconds.toFixed(1)])
  }

  // per class: pooled IoU (all scenes' pixels together) and the mean of per-scene IoUs where the class is in the truth
  console.log('\nPer class (pooled over all scenes; mean of per-scene IoU where the class is present; share of labelled pixels):')
  const pooled = { intersection: new Float64Array(LABEL_CLASS_COUNT), union: new Float64Array(LABEL_CLASS_COUNT), truth: new Float64Array(LABEL_CLASS_COUNT) }
  for (const result of results) {
    for (let id = 0; id < LABEL_CLASS_COUNT; id++) {
      pooled.intersection[id]! += result.counts.intersection[id]!
      pooled.union[id]! += result.counts.union[id]!
      pooled.truth[id]! += result.counts.truth[id]!
    }
  }
  const pooledIoU = classIoU(pooled)
  const labelledTotal = pooled.truth.reduce((sum, value) => sum + value, 0)
  for (const entry of LABEL_CLASSES) {
    if (entry.id === 0) continue
    const perScene = results.filter((result) => result.counts.truth[entry.id]! > 0).map((result) => classIoU(result.counts)[entry.id]!)
    const tag = CHANGED_SURFACES.includes(entry.id) ? ' (changed)' : KEPT_SURFACES.includes(entry.id) ? ' (kept)' : ''
    console.log(`  ${(entry.name + tag).padEnd(22)} pooled ${fmt(pooledIoU[entry.id]!)}  mean ${fmt(mean(perScene))}  in ${String(perScene.length).padStart(3)} scenes  ${pct(pooled.truth[entry.id]! / labelledTotal).padStart(6)} of pixels`)
  }

  printConfusions(results, labelledTotal)
  writeFileSync(path.join(resultsDir, 'scenes.json'), `${JSON.stringify(results.map(sceneRecord), null, 1)}\n`)

  const ious = results.map((result) => result.meanIoU)
  const patches = results.map((result) => result.patchiness)
  const summary = {
    meanIoU: mean(ious), minIoU: Math.min(...ious.filter((value) => !Number.isNaN(value))),
    boundary: mean(results.map((result) => result.boundary)), leak: mean(results.map((result) => result.leak)),
    patchMedian: medianOf(patches), patchWorst: Math.max(...patches),
  }
  for (const dir of dirs) {
    const own = results.filter((result) => result.scene.dir === dir)
    if (own.length && dirs.length > 1) {
      console.log(`\n${path.relative(repoRoot, dir) || dir}: ${own.length} scenes, mIoU ${fmt(mean(own.map((r) => r.meanIoU)))}, boundary F ${fmt(mean(own.map((r) => r.boundary)))}, leak ${pct(mean(own.map((r) => r.leak)))}, patchiness median ${pct(medianOf(own.map((r) => r.patchiness)))}`)
    }
  }
  const failures: string[] = []
  const check = (pass: boolean, label: string) => {
    if (!pass) failures.push(label)
    return pass ? 'PASS' : 'FAIL'
  }
  console.log('\nAll scenes:')
  console.log(`  mean IoU (changed surfaces)   ${fmt(summary.meanIoU)}   target ≥ ${TARGETS.meanIoU}   ${check(summary.meanIoU >= TARGETS.meanIoU, 'mean IoU')}`)
  console.log(`  (mean IoU with wall tile counted as wall: ${fmt(mean(results.map((result) => result.meanIoUWallsMerged)))}, for information)`)
  console.log(`  (mean IoU over surfaces of at least ${pct(MIN_SURFACE_SHARE)} of the picture: ${fmt(mean(results.map((result) => result.meanIoUSizeable)))}, worst scene ${fmt(Math.min(...results.map((result) => result.meanIoUSizeable).filter((value) => !Number.isNaN(value))))}, for information)`)
  const wallErrors = results.map((result) => result.wallError).filter((value) => !Number.isNaN(value))
  if (wallErrors.length) console.log(`  (walls turned from the room's own: mean ${mean(wallErrors).toFixed(1)}°, median ${medianOf(wallErrors).toFixed(1)}°, over ${wallErrors.length} scenes with a known camera, for information)`)
  console.log(`  worst scene IoU               ${fmt(summary.minIoU)}   target ≥ ${TARGETS.sceneIoU}   ${check(summary.minIoU >= TARGETS.sceneIoU, 'IoU in every scene')}`)
  console.log(`  boundary F                    ${fmt(summary.boundary)}   target ≥ ${TARGETS.boundaryF}   ${check(summary.boundary >= TARGETS.boundaryF, 'boundary F')}`)
  console.log(`  leak                          ${pct(summary.leak).padEnd(6)}  target ≤ ${pct(TARGETS.leak)}   ${check(summary.leak <= TARGETS.leak, 'leak')}`)
  console.log(`  patchiness, median scene      ${pct(summary.patchMedian).padEnd(6)}  target ≤ ${pct(TARGETS.patchinessMedian)}   ${check(summary.patchMedian <= TARGETS.patchinessMedian, 'patchiness (median)')}`)
  console.log(`  patchiness, worst scene       ${pct(summary.patchWorst).padEnd(6)}  target ≤ ${pct(TARGETS.patchinessWorst)}   ${check(summary.patchWorst <= TARGETS.patchinessWorst, 'patchiness (worst)')}`)

  // the five worst: lowest surface IoU first, patchiness and leak breaking ties
  const badness = (result: SceneResult) => (Number.isNaN(result.meanIoU) ? 0 : 1 - result.meanIoU) + 0.5 * result.patchiness + 0.5 * (Number.isNaN(result.leak) ? 0 : result.leak)
  const worst = [...results].sort((first, second) => badness(second) - badness(first)).slice(0, 5)
  console.log('\nFive worst scenes (side by side: photo | labels | engine surfaces | output):')
  for (const result of worst) {
    const file = path.join(resultsDir, `${path.basename(result.scene.dir)}-${result.scene.name}.png`)
    await sideBySide(result, file)
    console.log(`  ${path.basename(result.scene.dir)}/${result.scene.name}  mIoU ${fmt(result.meanIoU)}  patch ${pct(result.patchiness)}  leak ${pct(result.leak)}  → ${path.relative(repoRoot, file)}`)
  }
  if (failures.length) {
    console.log(`\n${failures.length} target(s) missed: ${failures.join(', ')}`)
    process.exitCode = 1
  }
}

await main()
