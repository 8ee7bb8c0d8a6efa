// The redesign from surfaces, judged apart from the surface finder: every labelled scene (the committed
// development set and the stock photos with their exact label maps, or any --scenes folder) and a constructed box
// room are redesigned FROM THEIR TRUE LABELS, and scored on leak (kept pixels changed by ΔE2000 > 10) and
// patchiness (pixels off their surface's median change by ΔE2000 > 15), with the engine-accuracy measures.
// It writes contact sheets (each stock scene in all 21 styles; stock-1 in the 10 palettes; six development scenes
// and the fixture photos through the whole engine in all 21 styles, cc0-interior-1 in the 10 palettes) under bench/results/surface-redesign/, and measures the whole engine's speed and
// peak memory on a 4 MP photo in a fresh process.
//   npm run bench -- surface-redesign [--scenes DIR]… [--no-sheets] [--no-speed]
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp, { type OverlayOptions } from 'sharp'
import { rgbPixelsToLab } from '../src/server/providers/generation/local/colour-space'
import { decodeLabelPixels, encodeLabelPixels } from '../src/server/providers/generation/local/label-classes'
import { renderLocalRedesign } from '../src/server/providers/generation/local/local-engine'
import { redesignFromSurfaces } from '../src/server/providers/generation/local/surface-compose'
import { PALETTES, PALETTE_IDS, type NamedPaletteId, type PaletteId } from '../src/shared/catalogue/palettes'
import { findStyleRecipe } from '../src/server/catalogue/style-recipes'
import { STYLES, STYLE_IDS, findStyle, type StyleId } from '../src/shared/catalogue/styles'
import { renderBoxRoom } from '../tests/support/box-room'
import { leakShare, patchiness } from './support/engine-accuracy'

const repoRoot = path.resolve(import.meta.dirname, '..')
const resultsDir = path.join(repoRoot, 'bench', 'results', 'surface-redesign')
const fixturesDir = path.resolve(repoRoot, '..', 'shared', 'fixtures', 'photos')
const DEFAULT_SCENES = [path.join(repoRoot, 'bench', 'scenes', 'dev'), path.join(repoRoot, 'bench', 'scenes', 'stock')]
const NAMED_PALETTES = PALETTE_IDS.filter((id): id is NamedPaletteId => id !== 'surprise-me')
const TARGETS = { leak: 0.03, patchinessMedian: 0.05, patchinessWorst: 0.1, p50Seconds: 1.5, peakRssMb: 500, coldSeconds: 3 } as const
const SEED = 7
const CARD = 320
const COLUMNS = 6
const SPEED_RUNS = 7
/** Development scenes shown in all 21 styles through the whole engine. */
const SHEET_SCENES = 6

type Labelled = { name: string; pixels: Uint8Array; labels: Uint8Array; width: number; height: number }

function redesign(scene: Labelled, styleId: StyleId, paletteId: PaletteId): Uint8Array {
  const style = findStyle(styleId)!
  const palette = PALETTES.find((entry) => entry.id === (paletteId === 'surprise-me' ? style.signaturePalette : paletteId))!
  return redesignFromSurfaces({
    pixels: scene.pixels,
    width: scene.width,
    height: scene.height,
    labels: scene.labels,
    labelWidth: scene.width,
    labelHeight: scene.height,
    look: style.look,
    palette: palette.colors,
    recipe: findStyleRecipe(styleId),
    seed: SEED,
  }).pixels
}

async function loadScenes(dirs: string[]): Promise<Labelled[]> {
  const scenes: Labelled[] = []
  for (const dir of dirs) {
    if (!existsSync(dir)) {
      console.log(`(no scene folder ${path.relative(repoRoot, dir)})`)
      continue
    }
    for (const file of readdirSync(dir).filter((name) => name.endsWith('.labels.png')).sort()) {
      const name = file.slice(0, -'.labels.png'.length)
      const photoFile = path.join(dir, `${name}.jpg`)
      if (!existsSync(photoFile)) continue
      const photo = await sharp(photoFile).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true })
      const labels = await sharp(path.join(dir, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
      if (labels.info.width !== photo.info.width || labels.info.height !== photo.info.height) throw new Error(`${name}: labels and photo differ in size`)
      scenes.push({ name: `${path.basename(dir)}/${name}`, pixels: new Uint8Array(photo.data), labels: decodeLabelPixels(new Uint8Array(labels.data), 3), width: photo.info.width, height: photo.info.height })
    }
  }
  const room = renderBoxRoom({ width: 640, height: 480 })
  scenes.push({ name: 'constructed/box-room', pixels: room.pixels, labels: room.labels, width: room.width, height: room.height })
  const wide = renderBoxRoom({ width: 640, height: 480, yaw: -18, pitch: 4, depth: 3, fieldOfView: 76 })
  scenes.push({ name: 'constructed/box-room-wide', pixels: wide.pixels, labels: wide.labels, width: wide.width, height: wide.height })
  return scenes
}

function score(scene: Labelled, output: Uint8Array): { leak: number; patchiness: number } {
  const before = rgbPixelsToLab(scene.pixels, 3)
  const after = rgbPixelsToLab(output, 3)
  return { leak: leakShare(scene.labels, before, after, scene.width, scene.height), patchiness: patchiness(scene.labels, before, after, scene.width, scene.height).share }
}

const pct = (value: number) => (Number.isNaN(value) ? '  n/a' : `${(value * 100).toFixed(1).padStart(5)}%`)

function accuracy(scenes: Labelled[]): boolean {
  console.log('Redesign from true labels: leak and patchiness (style and palette rotate over the scenes; stock scenes in every style)')
  const rows: Array<{ name: string; styleId: StyleId; paletteId: NamedPaletteId; leak: number; patchiness: number }> = []
  scenes.forEach((scene, index) => {
    const pairs: Array<[StyleId, NamedPaletteId]> = scene.name.startsWith('stock/')
      ? STYLE_IDS.map((styleId, offset) => [styleId, NAMED_PALETTES[(index + offset) % NAMED_PALETTES.length]!])
      : [[STYLE_IDS[(index * 5) % STYLE_IDS.length]!, NAMED_PALETTES[(index * 3) % NAMED_PALETTES.length]!]]
    for (const [styleId, paletteId] of pairs) rows.push({ name: scene.name, styleId, paletteId, ...score(scene, redesign(scene, styleId, paletteId)) })
  })
  console.log(`${'scene'.padEnd(28)} ${'style'.padEnd(22)} ${'palette'.padEnd(21)}   leak  patchy`)
  for (const row of rows) console.log(`${row.name.padEnd(28)} ${row.styleId.padEnd(22)} ${row.paletteId.padEnd(21)} ${pct(row.leak)} ${pct(row.patchiness)}`)
  const leaks = rows.map((row) => row.leak).filter((value) => !Number.isNaN(value))
  const patches = rows.map((row) => row.patchiness).sort((a, b) => a - b)
  const meanLeak = leaks.reduce((sum, value) => sum + value, 0) / Math.max(1, leaks.length)
  const median = patches[Math.floor(patches.length / 2)]!
  const worst = patches[patches.length - 1]!
  const worstRows = [...rows].sort((a, b) => b.patchiness - a.patchiness).slice(0, 5)
  console.log(`\n${rows.length} renders over ${scenes.length} scenes: leak mean ${pct(meanLeak)} (max ${pct(Math.max(...leaks))}), patchiness median ${pct(median)}, worst ${pct(worst)}`)
  console.log(`worst patchiness: ${worstRows.map((row) => `${row.name} ${row.styleId}+${row.paletteId} ${pct(row.patchiness).trim()}`).join('; ')}`)
  const pass = Math.max(...leaks) <= TARGETS.leak && median <= TARGETS.patchinessMedian && worst <= TARGETS.patchinessWorst
  console.log(`targets: leak ≤ ${pct(TARGETS.leak).trim()} in every render, patchiness median ≤ ${pct(TARGETS.patchinessMedian).trim()} and worst ≤ ${pct(TARGETS.patchinessWorst).trim()}: ${pass ? 'PASS' : 'FAIL'}`)
  return pass
}

async function card(image: Buffer, title: string): Promise<OverlayOptions['input']> {
  const resized = await sharp(image).resize(CARD, Math.round(CARD * 0.75), { fit: 'cover' }).toBuffer()
  const label = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${CARD}" height="22"><rect width="${CARD}" height="22" fill="#000" fill-opacity="0.6"/><text x="6" y="16" font-family="DejaVu Sans" font-size="13" fill="#fff">${title}</text></svg>`)
  return sharp(resized).composite([{ input: label, left: 0, top: 0 }]).png().toBuffer()
}

async function sheet(cards: Array<OverlayOptions['input']>, name: string): Promise<void> {
  const rows = Math.ceil(cards.length / COLUMNS)
  const cardHeight = Math.round(CARD * 0.75)
  const file = path.join(resultsDir, `${name}.jpg`)
  await sharp({ create: { width: COLUMNS * CARD, height: rows * cardHeight, channels: 3, background: '#202020' } })
    .composite(cards.map((input, index) => ({ input, left: (index % COLUMNS) * CARD, top: Math.floor(index / COLUMNS) * cardHeight })))
    .jpeg({ quality: 85 })
    .toFile(file)
  console.log(`wrote ${path.relative(repoRoot, file)}`)
}

const raw = (scene: { width: number; height: number }) => ({ raw: { width: scene.width, height: scene.height, channels: 3 as const } })

async function sheets(scenes: Labelled[]): Promise<void> {
  mkdirSync(resultsDir, { recursive: true })
  for (const scene of scenes.filter((entry) => entry.name.startsWith('stock/') || entry.name.startsWith('constructed/'))) {
    const name = scene.name.replace('/', '-')
    const photo = await sharp(scene.pixels, raw(scene)).png().toBuffer()
    const cards = [await card(photo, `${scene.name} (photo)`), await card(await sharp(encodeLabelPixels(scene.labels), raw(scene)).png().toBuffer(), 'true labels')]
    for (const style of STYLES) cards.push(await card(await sharp(redesign(scene, style.id, 'surprise-me'), raw(scene)).png().toBuffer(), style.name))
    await sheet(cards, `${name}-styles`)
    if (scene.name === 'stock/stock-1' || scene.name === 'constructed/box-room') {
      const paletteCards = [await card(photo, `${scene.name} (photo)`)]
      for (const paletteId of NAMED_PALETTES) paletteCards.push(await card(await sharp(redesign(scene, 'transitional', paletteId), raw(scene)).png().toBuffer(), `transitional · ${paletteId}`))
      await sheet(paletteCards, `${name}-palettes`)
    }
  }
  // Six labelled development scenes and the fixture photos go through the whole engine, surface finder included,
  // as an upload would: the labelled scenes show the found surfaces beside the true ones.
  const development = scenes.filter((entry) => entry.name.startsWith('dev/'))
  const chosen = development.length <= SHEET_SCENES ? development : Array.from({ length: SHEET_SCENES }, (_, index) => development[Math.floor((index * development.length) / SHEET_SCENES)]!)
  for (const scene of chosen) {
    const image = await sharp(scene.pixels, raw(scene)).jpeg({ quality: 92 }).toBuffer()
    const truth = await card(await sharp(encodeLabelPixels(scene.labels), raw(scene)).png().toBuffer(), 'true labels')
    await wholeEngineSheet(image, scene.name, [truth], `${scene.name.replace('/', '-')}-styles`)
  }
  if (!existsSync(fixturesDir)) return
  for (const file of readdirSync(fixturesDir).filter((name) => /^cc0-interior-\d\.jpg$/.test(name)).sort()) {
    const image = await sharp(readFileSync(path.join(fixturesDir, file))).rotate().resize(1280, 1280, { fit: 'inside' }).jpeg({ quality: 92 }).toBuffer()
    await wholeEngineSheet(image, file, [], `${file.replace('.jpg', '')}-styles`)
    if (file === 'cc0-interior-1.jpg') {
      const paletteCards = [await card(image, `${file} (photo)`)]
      for (const paletteId of NAMED_PALETTES) paletteCards.push(await card((await renderLocalRedesign({ image, styleId: 'transitional', paletteId, roomType: 'bathroom', seed: SEED })).image, `transitional · ${paletteId}`))
      await sheet(paletteCards, `${file.replace('.jpg', '')}-palettes`)
    }
  }
}

/** A photo through the whole engine in all 21 styles: the photo, `extra` cards (e.g. true labels), the surfaces found, then the styles. */
async function wholeEngineSheet(image: Buffer, title: string, extra: Array<OverlayOptions['input']>, name: string): Promise<void> {
  const first = await renderLocalRedesign({ image, styleId: STYLES[0]!.id, paletteId: 'surprise-me', roomType: 'bathroom', seed: SEED }, { withSurfaces: true })
  const found = first.surfaces!
  const cards = [
    await card(image, `${title} (photo)`),
    ...extra,
    await card(await sharp(encodeLabelPixels(found.labels), { raw: { width: found.width, height: found.height, channels: 3 } }).png().toBuffer(), 'found surfaces'),
    await card(first.image, STYLES[0]!.name),
  ]
  for (const style of STYLES.slice(1)) cards.push(await card((await renderLocalRedesign({ image, styleId: style.id, paletteId: 'surprise-me', roomType: 'bathroom', seed: SEED })).image, style.name))
  await sheet(cards, name)
}

/**
 * In a fresh process: the whole engine on a 4 MP photo that is not a stock photo (so the surfaces come from the
 * network, as for an upload): the cold first redesign (model and material tiles loaded on the way), then p50 of
 * SPEED_RUNS after a warm-up, and peak RSS.
 */
async function speedChild(): Promise<void> {
  const dev = path.join(repoRoot, 'bench', 'scenes', 'dev')
  const source = readdirSync(dev).filter((file) => file.endsWith('.jpg')).sort()[0]!
  const image = await sharp(path.join(dev, source)).resize(2310, 1732, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()
  const styles: StyleId[] = ['farmhouse', 'industrial', 'glam', 'coastal', 'transitional', 'victorian', 'mid-century-modern']
  const coldStarted = performance.now()
  const first = await renderLocalRedesign({ image, styleId: 'zen-japandi', paletteId: 'surprise-me', roomType: 'bathroom', seed: 1 }, { withSurfaces: true })
  const coldSeconds = (performance.now() - coldStarted) / 1000
  for (const styleId of styles) await renderLocalRedesign({ image, styleId, paletteId: 'surprise-me', roomType: 'bathroom', seed: 1 })
  const wall: number[] = []
  const cpu: number[] = []
  let peak = process.memoryUsage().rss
  for (let run = 0; run < SPEED_RUNS; run++) {
    const started = performance.now()
    const usage = process.cpuUsage()
    await renderLocalRedesign({ image, styleId: styles[run % styles.length]!, paletteId: 'surprise-me', roomType: 'bathroom', seed: run })
    const used = process.cpuUsage(usage)
    wall.push((performance.now() - started) / 1000)
    cpu.push((used.user + used.system) / 1e6)
    peak = Math.max(peak, process.memoryUsage().rss)
  }
  const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  console.log(JSON.stringify({ p50Seconds: p50(wall), p50CpuSeconds: p50(cpu), peakRssMb: peak / 1e6, coldSeconds, surfaceSource: first.surfaces?.source ?? null, scene: source }))
}

async function speed(): Promise<boolean> {
  const child = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--speed-child'], { encoding: 'utf8' })
  const line = child.stdout.trim().split('\n').pop() ?? ''
  const figures = JSON.parse(line) as { p50Seconds: number; p50CpuSeconds: number; peakRssMb: number; coldSeconds: number; surfaceSource: string | null; scene: string }
  const pass = figures.p50Seconds <= TARGETS.p50Seconds && figures.peakRssMb <= TARGETS.peakRssMb && figures.coldSeconds <= TARGETS.coldSeconds
  console.log(
    `\nWhole engine on a 4 MP photo (${figures.scene} at 2310 × 1732, surfaces from: ${figures.surfaceSource}): cold first redesign ${figures.coldSeconds.toFixed(2)} s; ` +
      `p50 ${figures.p50Seconds.toFixed(2)} s wall, ${figures.p50CpuSeconds.toFixed(2)} s CPU; peak RSS ${figures.peakRssMb.toFixed(0)} MB. ` +
      `Targets cold ≤ ${TARGETS.coldSeconds} s, p50 ≤ ${TARGETS.p50Seconds} s, RSS ≤ ${TARGETS.peakRssMb} MB: ${pass ? 'PASS' : 'FAIL'} (wall time depends on the machine's other load)`,
  )
  return pass
}

async function main(): Promise<void> {
  const args = process.argv.slice(2)
  const dirs: string[] = []
  for (let index = 0; index < args.length; index++) {
    if (args[index] === '--scenes') dirs.push(path.resolve(process.cwd(), args[++index] ?? ''))
    else if (args[index] !== '--no-sheets' && args[index] !== '--no-speed') throw new Error(`unknown argument: ${args[index]} (use --scenes DIR, --no-sheets, --no-speed)`)
  }
  const scenes = await loadScenes(dirs.length > 0 ? dirs : DEFAULT_SCENES)
  let pass = accuracy(scenes)
  if (!args.includes('--no-sheets')) await sheets(scenes)
  if (!args.includes('--no-speed')) pass = (await speed()) && pass
  process.exit(pass ? 0 : 1)
}

if (process.argv.includes('--speed-child')) await speedChild()
else await main()
