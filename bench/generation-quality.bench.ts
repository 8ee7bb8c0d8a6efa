// Generation quality of the local engine (issue 6 §6–7): structure kept, palette applied, styles distinct,
// speed and memory; writes contact sheets to bench/results/ for a person to look at.
// Run: npm run bench (all benches) or node --import tsx bench/generation-quality.bench.ts
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import sharp, { type Metadata, type OverlayOptions } from 'sharp'
import { captionBandHeight } from '../src/server/providers/generation/local/caption'
import { hexToLab, rgbPixelsToLab, type Lab } from '../src/server/providers/generation/local/colour-space'
import { renderLocalRedesign } from '../src/server/providers/generation/local/local-engine'
import { EDGE_CORRELATION_SCALE, dominantColours, edgeCorrelation, meanDeltaE2000, paletteDistance, type GreyImage } from './support/image-metrics'
import { PALETTES, PALETTE_IDS, paletteLabel, type NamedPaletteId, type PaletteId } from '../src/shared/catalogue/palettes'
import { STYLE_IDS, styleTitle, type StyleId } from '../src/shared/catalogue/styles'
import { fixturePhotosDir } from '../tests/support/paths'

const repoRoot = path.resolve(import.meta.dirname, '..')
const fixturesDir = fixturePhotosDir()
const stockDir = path.join(repoRoot, 'public', 'images', 'stock')
const resultsDir = path.join(repoRoot, 'bench', 'results')

// Peak RSS: issue 15 §5, at most 500 MB with any model loaded (the surface network and its refiner, decision 0078).
const TARGETS = { structure: 0.6, palette: 12, distinctness: 5, p50Seconds: 1.5, peakRssMb: 500 } as const
/** The palette every style is rendered in for the distinctness test. */
const DISTINCTNESS_PALETTE: NamedPaletteId = 'warm-neutrals'
/** Styles each named palette is measured with: a neutral, a warm and a playful one. */
const PALETTE_TEST_STYLES: readonly StyleId[] = ['transitional', 'farmhouse', 'kids-bathroom']
/** The style of the "10 palettes" contact sheet. */
const PALETTE_SHEET_STYLE: StyleId = 'transitional'
/** Stock photos can be many; measure a bounded, stable selection so the bench stays within minutes. */
const MAX_STOCK_PHOTOS = 4
const SEED = 7
const SPEED_RUNS = 7

type Photo = { name: string; image: Buffer; width: number; height: number; grey: GreyImage; lab: Float32Array }
type RenderMeasure = { photo: string; styleId: StyleId; paletteId: PaletteId; structure: number; change: number }

if (process.argv.includes('--speed-child')) {
  await speedChild()
} else {
  await main()
}

async function main(): Promise<void> {
  mkdirSync(resultsDir, { recursive: true })
  const photos = await loadPhotos()
  console.log(`Local engine (local-style-transfer) on ${photos.length} photos: ${photos.map((photo) => photo.name).join(', ')}`)

  const measures: RenderMeasure[] = []
  const paletteScores = new Map<NamedPaletteId, Array<{ photo: string; styleId: StyleId; score: number }>>()
  const distinctness: Array<{ photo: string; min: number; mean: number; pair: string }> = []
  const started = performance.now()

  for (const photo of photos) {
    // 21 styles in one palette: structure, distinctness, and the styles contact sheet.
    const styleLabs: Float32Array[] = []
    const styleTiles: Buffer[] = []
    for (const styleId of STYLE_IDS) {
      const rendered = await render(photo, styleId, DISTINCTNESS_PALETTE)
      measures.push(await measure(photo, styleId, DISTINCTNESS_PALETTE, rendered))
      styleLabs.push(await labOf(rendered, photo.height, 320))
      styleTiles.push(rendered)
    }
    let min = Number.POSITIVE_INFINITY
    let total = 0
    let pairs = 0
    let closest = ''
    for (let first = 0; first < STYLE_IDS.length; first++) {
      for (let second = first + 1; second < STYLE_IDS.length; second++) {
        const difference = meanDeltaE2000(styleLabs[first]!, styleLabs[second]!)
        total += difference
        pairs++
        if (difference < min) {
          min = difference
          closest = `${STYLE_IDS[first]} / ${STYLE_IDS[second]}`
        }
      }
    }
    distinctness.push({ photo: photo.name, min, mean: total / pairs, pair: closest })
    await contactSheet(
      styleTiles,
      STYLE_IDS.map((styleId) => styleTitle(styleId)),
      photo,
      `styles-${slug(photo.name)}.png`,
      `21 styles · ${paletteLabel(DISTINCTNESS_PALETTE)} palette · seed ${SEED}`,
    )

    // Every palette on a few styles: palette adherence, and the palettes contact sheet.
    const paletteTiles: Buffer[] = []
    for (const paletteId of PALETTE_IDS) {
      for (const styleId of PALETTE_TEST_STYLES) {
        if (paletteId === 'surprise-me' && styleId !== PALETTE_SHEET_STYLE) continue
        const rendered = await render(photo, styleId, paletteId)
        if (styleId === PALETTE_SHEET_STYLE) paletteTiles.push(rendered)
        if (paletteId === 'surprise-me') continue
        measures.push(await measure(photo, styleId, paletteId, rendered))
        const palette = PALETTES.find((entry) => entry.id === paletteId)!
        const paletteLabs: Lab[] = Object.values(palette.colors).map((hex) => hexToLab(hex))
        const score = paletteDistance(dominantColours(await labOf(rendered, photo.height, 160), 5), paletteLabs).mean
        const scores = paletteScores.get(paletteId) ?? []
        scores.push({ photo: photo.name, styleId, score })
        paletteScores.set(paletteId, scores)
      }
    }
    await contactSheet(paletteTiles, PALETTE_IDS.map((paletteId) => paletteLabel(paletteId)), photo, `palettes-${slug(photo.name)}.png`, `10 palettes · ${styleTitle(PALETTE_SHEET_STYLE)} · seed ${SEED}`)
    console.log(`  ${photo.name}: ${STYLE_IDS.length + PALETTE_IDS.length + (PALETTE_IDS.length - 1) * (PALETTE_TEST_STYLES.length - 1)} renders, ${((performance.now() - started) / 1000).toFixed(0)} s so far`)
  }

  const speed = runSpeedChild()
  const failures: string[] = []
  const verdict = (pass: boolean, label: string) => {
    if (!pass) failures.push(label)
    return pass ? 'PASS' : 'FAIL'
  }

  console.log('\nStructure: Pearson correlation of Sobel edge maps, input vs output, caption band excluded.')
  console.log(`  Scale: greyscale copy ${EDGE_CORRELATION_SCALE.width} px wide, Gaussian blur σ=${EDGE_CORRELATION_SCALE.blurSigma}, ${EDGE_CORRELATION_SCALE.kernel}.`)
  console.log('  Surface change: mean per-pixel ΔE2000 input vs output (same scale, 320 px): a plain tint keeps structure too, so this shows a redesign happened.')
  printRow(['photo', 'renders', 'structure min', 'structure mean', 'target', 'change mean', 'change min', 'result'])
  for (const photo of photos) {
    const own = measures.filter((entry) => entry.photo === photo.name)
    const structureMin = Math.min(...own.map((entry) => entry.structure))
    const structureMean = mean(own.map((entry) => entry.structure))
    printRow([photo.name, String(own.length), structureMin.toFixed(3), structureMean.toFixed(3), `≥ ${TARGETS.structure}`, mean(own.map((entry) => entry.change)).toFixed(1), Math.min(...own.map((entry) => entry.change)).toFixed(1), verdict(structureMin >= TARGETS.structure, `structure on ${photo.name}`)])
  }
  const worstStructure = [...measures].sort((first, second) => first.structure - second.structure).slice(0, 3)
  console.log(`  lowest: ${worstStructure.map((entry) => `${entry.styleId}/${entry.paletteId} on ${entry.photo} ${entry.structure.toFixed(3)}`).join('; ')}`)

  console.log(`\nPalette: mean ΔE2000 between the output's 5 dominant colours (k-means in Lab, 160 px copy, band excluded) and their nearest palette colours.`)
  console.log(`  Per palette: mean over ${photos.length} photos × ${PALETTE_TEST_STYLES.length} styles (${PALETTE_TEST_STYLES.join(', ')}).`)
  printRow(['palette', 'mean ΔE00', 'worst ΔE00', 'worst render', 'target', 'result'])
  for (const palette of PALETTES) {
    const scores = paletteScores.get(palette.id) ?? []
    const worst = scores.reduce((best, entry) => (entry.score > best.score ? entry : best), scores[0]!)
    const average = mean(scores.map((entry) => entry.score))
    printRow([palette.id, average.toFixed(2), worst.score.toFixed(2), `${worst.styleId} on ${worst.photo}`, `≤ ${TARGETS.palette}`, verdict(average <= TARGETS.palette, `palette ${palette.id}`)])
  }

  console.log(`\nDistinctness: mean per-pixel ΔE2000 between every pair of the 21 styles (210 pairs), same photo, ${paletteLabel(DISTINCTNESS_PALETTE)} palette, 320 px copies, band excluded.`)
  printRow(['photo', 'min pair ΔE00', 'closest pair', 'mean pair ΔE00', 'target', 'result'])
  for (const entry of distinctness) printRow([entry.photo, entry.min.toFixed(2), entry.pair, entry.mean.toFixed(2), `≥ ${TARGETS.distinctness}`, verdict(entry.min >= TARGETS.distinctness, `distinctness on ${entry.photo}`)])

  console.log(`\nSpeed and memory: ${speed.width}×${speed.height} (${(speed.width * speed.height / 1e6).toFixed(2)} MP) upscaled fixture, fresh child process, ${SPEED_RUNS} timed renders after one untimed render per style.`)
  printRow(['figure', 'value', 'target', 'result'])
  printRow(['first render (cold)', `${speed.cold.toFixed(2)} s`, '—', 'info'])
  printRow(['p50', `${speed.p50.toFixed(2)} s`, `≤ ${TARGETS.p50Seconds} s`, verdict(speed.p50 <= TARGETS.p50Seconds, 'speed p50')])
  printRow(['max', `${speed.max.toFixed(2)} s`, '—', 'info'])
  printRow(['CPU time p50', `${speed.cpuP50.toFixed(2)} s`, '—', 'info'])
  printRow(['load average', speed.load.map((value) => value.toFixed(1)).join(' '), '—', 'info'])
  printRow(['peak RSS', `${speed.peakRssMb.toFixed(0)} MB`, `≤ ${TARGETS.peakRssMb} MB`, verdict(speed.peakRssMb <= TARGETS.peakRssMb, 'peak RSS')])

  console.log(`\nContact sheets in ${path.relative(repoRoot, resultsDir)}/ (styles-*.png, palettes-*.png). Total ${((performance.now() - started) / 1000).toFixed(0)} s.`)
  if (failures.length > 0) {
    console.log(`FAILED: ${failures.join(', ')}`)
    process.exit(1)
  }
  console.log('All generation-quality targets met.')
}

async function loadPhotos(): Promise<Photo[]> {
  const fixtureFiles = readdirSync(fixturesDir).filter((name) => name.toLowerCase().endsWith('.jpg')).sort().map((name) => path.join(fixturesDir, name))
  const stockFiles = existsSync(stockDir)
    ? readdirSync(stockDir).filter((name) => name.toLowerCase().endsWith('.jpg')).sort().slice(0, MAX_STOCK_PHOTOS).map((name) => path.join(stockDir, name))
    : []
  const photos: Photo[] = []
  const seen = new Set<string>()
  // Files without an orientation tag first, so a duplicate with a bogus tag is the one skipped.
  const files = await Promise.all([...fixtureFiles, ...stockFiles].map(async (file) => ({ file, tagged: ((await sharp(file).metadata()).orientation ?? 1) !== 1 })))
  files.sort((first, second) => Number(first.tagged) - Number(second.tagged))
  for (const { file } of files) {
    const image = readFileSync(file)
    // The fixtures hold one photo twice (once with GPS and a bogus orientation tag): measure each picture once.
    const digest = createHash('sha256').update(await sharp(image).raw().toBuffer()).digest('hex')
    if (seen.has(digest)) {
      console.log(`  skipping ${path.basename(file)}: same pixels as a photo already measured`)
      continue
    }
    seen.add(digest)
    const { width, height } = await sharp(image, { autoOrient: true }).metadata().then((meta) => orientedSize(meta))
    const normalised = await sharp(image, { autoOrient: true }).jpeg({ quality: 92 }).toBuffer()
    photos.push({ name: path.basename(file), image: normalised, width, height, grey: await greyOf(normalised, height), lab: await labOf(normalised, height, 320) })
  }
  return photos
}

function orientedSize(meta: Metadata): { width: number; height: number } {
  return { width: meta.autoOrient?.width ?? meta.width!, height: meta.autoOrient?.height ?? meta.height! }
}

async function render(photo: Photo, styleId: StyleId, paletteId: PaletteId): Promise<Buffer> {
  const result = await renderLocalRedesign({ image: photo.image, styleId, paletteId, roomType: 'bathroom', seed: SEED })
  if (result.width !== photo.width || result.height !== photo.height) throw new Error(`${styleId} on ${photo.name}: output size differs from input`)
  return result.image
}

async function measure(photo: Photo, styleId: StyleId, paletteId: PaletteId, rendered: Buffer): Promise<RenderMeasure> {
  return {
    photo: photo.name,
    styleId,
    paletteId,
    structure: edgeCorrelation(photo.grey, await greyOf(rendered, photo.height)),
    change: meanDeltaE2000(photo.lab, await labOf(rendered, photo.height, 320)),
  }
}

/** The image above the caption band, as an 8-bit greyscale copy 512 px wide. */
async function greyOf(image: Buffer, height: number): Promise<GreyImage> {
  const meta = await sharp(image).metadata()
  const { data, info } = await sharp(image)
    .extract({ left: 0, top: 0, width: meta.width!, height: height - captionBandHeight(height) })
    .resize({ width: EDGE_CORRELATION_SCALE.width })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return { data: new Uint8Array(data), width: info.width, height: info.height }
}

/** The image above the caption band, in Lab, `width` px wide. */
async function labOf(image: Buffer, height: number, width: number): Promise<Float32Array> {
  const meta = await sharp(image).metadata()
  const { data } = await sharp(image)
    .extract({ left: 0, top: 0, width: meta.width!, height: height - captionBandHeight(height) })
    .resize({ width })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return rgbPixelsToLab(new Uint8Array(data), 3)
}

async function contactSheet(renders: Buffer[], labels: string[], photo: Photo, file: string, title: string): Promise<void> {
  const tileWidth = 400
  const tileHeight = Math.round((photo.height / photo.width) * tileWidth)
  const labelHeight = 22
  const columns = 4
  const tiles = [await sharp(photo.image).resize(tileWidth, tileHeight).png().toBuffer(), ...(await Promise.all(renders.map((image) => sharp(image).resize(tileWidth, tileHeight).png().toBuffer())))]
  const names = ['Original photo', ...labels]
  const rows = Math.ceil(tiles.length / columns)
  const headerHeight = 34
  const composites: OverlayOptions[] = [{ input: textSvg(`${photo.name} · ${title}`, columns * tileWidth, headerHeight, 16), left: 0, top: 0 }]
  tiles.forEach((tile, index) => {
    const left = (index % columns) * tileWidth
    const top = headerHeight + Math.floor(index / columns) * (tileHeight + labelHeight)
    composites.push({ input: tile, left, top })
    composites.push({ input: textSvg(names[index]!, tileWidth, labelHeight, 13), left, top: top + tileHeight })
  })
  await sharp({ create: { width: columns * tileWidth, height: headerHeight + rows * (tileHeight + labelHeight), channels: 3, background: '#ffffff' } })
    .composite(composites)
    .png()
    .toFile(path.join(resultsDir, file))
}

function textSvg(text: string, width: number, height: number, size: number): Buffer {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><text x="8" y="${Math.round(height / 2 + size * 0.36)}" font-family="DejaVu Sans, sans-serif" font-size="${size}" fill="#222">${escaped}</text></svg>`)
}

type SpeedResult = { width: number; height: number; cold: number; p50: number; max: number; cpuP50: number; peakRssMb: number; load: number[] }

function runSpeedChild(): SpeedResult {
  const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'generation-quality.bench.ts'), '--speed-child'], { encoding: 'utf8', env: process.env, maxBuffer: 1 << 20 })
  const line = result.stdout.split('\n').find((entry) => entry.startsWith('{'))
  if (result.status !== 0 || !line) throw new Error(`speed child failed (${result.status}): ${result.stderr}`)
  return JSON.parse(line) as SpeedResult
}

/** Runs in a fresh process so its peak RSS is the engine's alone. */
async function speedChild(): Promise<void> {
  const fixture = readFileSync(path.join(fixturesDir, 'cc0-interior-1.jpg'))
  // About 4 MP, the most the upload normaliser lets through.
  const width = 2582
  const height = 1549
  const image = await sharp(fixture).resize(width, height).jpeg({ quality: 90 }).toBuffer()
  const styles: StyleId[] = ['transitional', 'mid-century-modern', 'eclectic', 'farmhouse', 'glam', 'kids-bathroom', 'victorian']
  const cpuTimes: number[] = []
  const time = async (styleId: StyleId, seed: number) => {
    const start = performance.now()
    const cpuStart = process.cpuUsage()
    await renderLocalRedesign({ image, styleId, paletteId: 'surprise-me', roomType: 'bathroom', seed })
    const cpu = process.cpuUsage(cpuStart)
    cpuTimes.push((cpu.user + cpu.system) / 1e6)
    return (performance.now() - start) / 1000
  }
  const cold = await time(styles[0]!, 1)
  for (const styleId of styles.slice(1)) await time(styleId, 1)
  cpuTimes.length = 0
  const times: number[] = []
  for (let run = 0; run < SPEED_RUNS; run++) times.push(await time(styles[run % styles.length]!, 100 + run))
  times.sort((first, second) => first - second)
  cpuTimes.sort((first, second) => first - second)
  const result: SpeedResult = {
    width,
    height,
    cold,
    p50: times[Math.floor(times.length / 2)]!,
    max: times[times.length - 1]!,
    cpuP50: cpuTimes[Math.floor(cpuTimes.length / 2)]!,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    load: loadavg(),
  }
  console.log(JSON.stringify(result))
}

function printRow(cells: string[]): void {
  const widths = [24, 14, 16, 28, 12, 12, 12, 8]
  console.log('  ' + cells.map((cell, index) => cell.padEnd(widths[index] ?? 12)).join(' '))
}

function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length
}

function slug(name: string): string {
  return name.replace(/\.[^.]+$/, '').replace(/[^a-z0-9]+/gi, '-').toLowerCase()
}
