#!/usr/bin/env node
// npm run assets:render [-- names…] [--force] [--samples N] [--post-only] [--list] [--report]
// npm run assets:render -- --labels            label maps of the stock photos (bench/scenes/stock); with names, only those
// npm run assets:render -- eval --seed S --count N --out DIR [--width W]   labelled evaluation scenes (eval-scenes.mjs)
//
// Renders Lavo's product images from procedurally modelled bathrooms with Blender (Cycles, CPU),
// driven by the shared style and palette catalogues, then writes the committed AVIF/WebP/JPEG files
// under public/images. Raw renders live in .tmp/renders (git-ignored); an image whose raw render is
// fresh (same job: same catalogue data, layout and settings) is skipped, so a batch can resume.
// See docs/assets.md.
import { Buffer } from 'node:buffer'
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync, readdirSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Blender } from './blender.mjs'
import { autoExposure, denoisePasses, filmicLook, grade } from './denoise.mjs'
import { renderEvalScenes, renderWithLabels, writeLabelPng } from './eval-scenes.mjs'
import { ASPECT, writeVariants } from './variants.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const blender = new Blender(ROOT)
const RAW = join(ROOT, '.tmp/renders')
const PUBLIC = join(ROOT, 'public/images')

// Which layout shows each style best (the catalogue says what a style is made of, not the room).
export const STYLE_LAYOUTS = {
  minimalist: 'shower', contemporary: 'shower', industrial: 'shower', transitional: 'shower', coastal: 'shower',
  'zen-japandi': 'tub', victorian: 'tub', glam: 'tub', farmhouse: 'tub', 'kids-bathroom': 'tub', 'little-boys-bathroom': 'tub',
  'mid-century-modern': 'vanity', traditional: 'vanity', mediterranean: 'vanity', 'french-country': 'vanity', 'organic-modern': 'vanity',
  scandinavian: 'powder', eclectic: 'powder', bohemian: 'powder', 'little-girls-bathroom': 'powder', rustic: 'powder',
}

// Plain, dated "before" rooms: one per layout, each in a different period finish.
const STOCK = [
  { name: 'stock-1', layout: 'shower', variant: 'beige' },
  { name: 'stock-2', layout: 'tub', variant: 'pink' },
  { name: 'stock-3', layout: 'vanity', variant: 'granite' },
  { name: 'stock-4', layout: 'powder', variant: 'almond' },
]

// The gallery's and the hero's before/after pairs are not rendered here: they are sample photos and the built-in
// engine's redesigns of them (npm run assets:showcase, decision 0023).

function parseArgs(argv) {
  const args = { names: [], force: false, samples: 14, postOnly: false, list: false, report: false, width: 800 }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--force') args.force = true
    else if (a === '--post-only') args.postOnly = true
    else if (a === '--list') args.list = true
    else if (a === '--report') args.report = true
    else if (a === '--labels') args.labels = true
    else if (a === '--samples') args.samples = Number(argv[++i])
    else if (a === '--width') args.width = Number(argv[++i])
    else args.names.push(a)
  }
  return args
}

function requireBlender() {
  const probe = spawnSync('blender', ['--version'], { encoding: 'utf8' })
  if (probe.error || probe.status !== 0) {
    console.error('Blender was not found on PATH. Install Debian\'s package (Cycles renders on the CPU):\n\n' +
      '  sudo apt-get update && sudo apt-get install -y --no-install-recommends blender\n')
    process.exit(1)
  }
  return probe.stdout.split('\n')[0]
}

/** The shared catalogues as JSON, read through tsx so the pipeline uses exactly what the app uses. */
function exportCatalogue() {
  const snippet = `
    const styles = await import(${JSON.stringify(join(ROOT, 'src/shared/catalogue/styles.ts'))})
    const palettes = await import(${JSON.stringify(join(ROOT, 'src/shared/catalogue/palettes.ts'))})
    const labels = await import(${JSON.stringify(join(ROOT, 'src/server/providers/generation/local/label-classes.ts'))})
    process.stdout.write(JSON.stringify({ styles: styles.STYLES, palettes: palettes.PALETTES, labels: labels.LABEL_CLASSES }))`
  const out = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', snippet], { cwd: ROOT, encoding: 'utf8' })
  if (out.status !== 0) throw new Error('could not export the catalogue: ' + out.stderr)
  return JSON.parse(out.stdout)
}

function buildJobs(catalogue, args) {
  const styleJob = (style, layout, camera = 'main') => ({
    mode: 'style', layout, camera, style,
    palette: catalogue.palettes.find((p) => p.id === style.signaturePalette),
  })
  const beforeJob = (variant, layout, camera = 'main') => ({ mode: 'before', layout, camera, variant })
  const jobs = []
  for (const s of STOCK) jobs.push({ kind: 'stock', name: s.name, ...beforeJob(s.variant, s.layout) })
  for (const style of catalogue.styles) {
    const layout = STYLE_LAYOUTS[style.id]
    if (!layout) throw new Error(`no layout for style ${style.id}`)
    jobs.push({ kind: 'styles', name: style.id, ...styleJob(style, layout) })
  }
  const height = Math.round(args.width * ASPECT)
  for (const job of jobs) {
    Object.assign(job, { width: args.width, height, samples: args.samples })
    job.hash = createHash('sha1').update(JSON.stringify({ ...job, hash: undefined })).digest('hex').slice(0, 16)
  }
  return jobs
}

const rawPng = (kind, name) => join(RAW, kind, `${name}.png`)
const rawMeta = (kind, name) => join(RAW, kind, `${name}.json`)

function isFresh(job) {
  if (!existsSync(rawPng(job.kind, job.name)) || !existsSync(rawMeta(job.kind, job.name))) return false
  try {
    return JSON.parse(readFileSync(rawMeta(job.kind, job.name), 'utf8')).hash === job.hash
  } catch {
    return false
  }
}

async function renderJob(job) {
  const passDir = join(RAW, 'passes', `${job.kind}-${job.name}`)
  const logDir = join(RAW, 'logs')
  mkdirSync(passDir, { recursive: true })
  mkdirSync(logDir, { recursive: true })
  mkdirSync(join(RAW, job.kind), { recursive: true })
  const jobFile = join(passDir, 'job.json')
  writeFileSync(jobFile, JSON.stringify({ ...job, passDir }))
  const blenderSeconds = await blender.run(['render', jobFile], join(logDir, `${job.kind}-${job.name}.render.log`))
  const meta = JSON.parse(readFileSync(join(passDir, 'meta.json'), 'utf8'))
  const t0 = Date.now()
  const linear = denoisePasses(passDir, meta.width, meta.height)
  grade(linear, meta.grade)
  const exposure = autoExposure(linear, meta.dated ? 0.3 : 0.4) + (meta.grade.exposureBias ?? 0)
  const denoiseSeconds = (Date.now() - t0) / 1000
  const linearFile = join(passDir, 'linear.f32')
  writeFileSync(linearFile, Buffer.from(linear.buffer))
  const look = filmicLook(meta.grade.contrast ?? 0)
  const tonemapSeconds = await blender.run(['tonemap', linearFile, meta.width, meta.height, rawPng(job.kind, job.name), look, exposure.toFixed(3)],
    join(logDir, `${job.kind}-${job.name}.tonemap.log`))
  const record = {
    hash: job.hash, samples: job.samples, width: meta.width, height: meta.height, look, exposure: Number(exposure.toFixed(3)),
    renderSeconds: meta.renderSeconds, buildSeconds: meta.buildSeconds, blenderSeconds: Number(blenderSeconds.toFixed(1)),
    denoiseSeconds: Number(denoiseSeconds.toFixed(1)), tonemapSeconds: Number(tonemapSeconds.toFixed(1)), renderedAt: new Date().toISOString(),
  }
  writeFileSync(rawMeta(job.kind, job.name), JSON.stringify(record, null, 2))
  if (!process.env.LAVO_KEEP_PASSES) rmSync(passDir, { recursive: true, force: true })
  return record
}

/** Raw render → the committed sizes and formats. */
async function postProcess(job) {
  const source = rawPng(job.kind, job.name)
  if (!existsSync(source)) throw new Error(`no raw render for ${job.kind}/${job.name} (${source})`)
  const dir = join(PUBLIC, job.kind)
  mkdirSync(dir, { recursive: true })
  return writeVariants(source, dir, job.name)
}

function folderSize(dir) {
  if (!existsSync(dir)) return 0
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name)
    total += entry.isDirectory() ? folderSize(p) : statSync(p).size
  }
  return total
}

function report(jobs) {
  console.log('| image | layout | rendered at | samples | render s | denoise s | total s | bytes (all formats) |')
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |')
  let sum = 0
  for (const job of jobs) {
    const metaFile = rawMeta(job.kind, job.name)
    const meta = existsSync(metaFile) ? JSON.parse(readFileSync(metaFile, 'utf8')) : null
    const bytes = existsSync(join(PUBLIC, job.kind))
      ? readdirSync(join(PUBLIC, job.kind)).filter((f) => f.startsWith(`${job.name}-`) && /-(480|720|960)\.(avif|webp|jpg)$/.test(f))
        .reduce((t, f) => t + statSync(join(PUBLIC, job.kind, f)).size, 0)
      : 0
    const total = meta ? meta.blenderSeconds + meta.denoiseSeconds + meta.tonemapSeconds : 0
    sum += total
    console.log(`| ${job.kind}/${job.name} | ${job.layout} | ${meta ? `${meta.width}×${meta.height}` : ''} | ${meta?.samples ?? ''} | ` +
      `${meta?.renderSeconds ?? ''} | ${meta?.denoiseSeconds ?? ''} | ${total.toFixed(0)} | ${bytes} |`)
  }
  console.log(`\nTotal pipeline time: ${(sum / 60).toFixed(1)} min; public/images: ${(folderSize(PUBLIC) / 1024 / 1024).toFixed(2)} MB`)
}

/** Label maps for the stock photos: the same scene and camera as the committed photo, at its 960×720 size. */
async function renderStockLabels(catalogue, jobs, force) {
  const dir = join(ROOT, 'bench/scenes/stock')
  mkdirSync(dir, { recursive: true })
  for (const job of jobs.filter((j) => j.kind === 'stock')) {
    const files = { photo: join(dir, `${job.name}.jpg`), labels: join(dir, `${job.name}.labels.png`), params: join(dir, `${job.name}.json`) }
    const hash = createHash('sha1').update(JSON.stringify({ hash: job.hash, size: 960 })).digest('hex').slice(0, 16)
    if (!force && existsSync(files.labels) && existsSync(files.params) && JSON.parse(readFileSync(files.params, 'utf8')).job?.hash === hash) {
      console.log(`skip   labels ${job.name}`)
      continue
    }
    process.stdout.write(`labels ${job.name} … `)
    const workDir = join(RAW, 'passes', `labels-${job.name}`)
    const r = await renderWithLabels(blender, { ...job, width: 960, height: 720 }, workDir, { photo: false })
    const source = join(PUBLIC, 'stock', `${job.name}-960.jpg`)
    writeFileSync(files.photo, readFileSync(source))
    await writeLabelPng(r.labels, 960, 720, catalogue.labels.map((e) => {
      const v = Number.parseInt(e.colour.slice(1), 16)
      return [(v >> 16) & 255, (v >> 8) & 255, v & 255]
    }), files.labels)
    writeFileSync(files.params, JSON.stringify({ name: job.name, width: 960, height: 720, job: { layout: job.layout, variant: job.variant, hash },
      photo: `public/images/stock/${job.name}-960.jpg`, unlabelledObjects: r.meta.unlabelled }, null, 2) + '\n')
    rmSync(workDir, { recursive: true, force: true })
    console.log('done')
  }
}

async function main() {
  try {
    await run()
  } finally {
    blender.close()
  }
}

async function run() {
  const argv = process.argv.slice(2)
  const catalogue = exportCatalogue()
  if (argv[0] === 'eval') {
    console.log(requireBlender())
    return renderEvalScenes(ROOT, blender, argv.slice(1), catalogue, catalogue.labels)
  }
  const args = parseArgs(argv)
  const all = buildJobs(catalogue, args)
  const wanted = args.names.length
    ? all.filter((j) => args.names.some((n) => n === j.name || n === `${j.kind}/${j.name}` || n === j.kind))
    : all
  if (!wanted.length) throw new Error(`no image matches ${args.names.join(', ')}; try --list`)
  if (args.labels) {
    console.log(requireBlender())
    return renderStockLabels(catalogue, wanted, args.force)
  }
  if (args.list) {
    for (const job of all) console.log(`${job.kind}/${job.name} [${job.layout}]`)
    return
  }
  if (args.report) return report(all)
  if (!args.postOnly) {
    console.log(requireBlender())
    mkdirSync(RAW, { recursive: true })
    writeFileSync(join(RAW, 'catalogue.json'), JSON.stringify(catalogue))
    for (const job of wanted) {
      if (!args.force && isFresh(job)) {
        console.log(`skip   ${job.kind}/${job.name} (fresh raw render)`)
        continue
      }
      process.stdout.write(`render ${job.kind}/${job.name} [${job.layout}, ${job.width}×${job.height}, ${job.samples} spp] … `)
      try {
        const r = await renderJob(job)
        console.log(`${r.renderSeconds}s render, ${r.denoiseSeconds}s denoise`)
      } catch (error) {
        // keep going so one broken scene does not cost the rest of a long batch
        console.log(`FAILED: ${error.message}`)
        process.exitCode = 1
      }
    }
  }
  for (const job of wanted) {
    const source = rawPng(job.kind, job.name)
    if (!existsSync(source)) {
      console.log(`missing raw render for ${job.kind}/${job.name}; skipped`)
      continue
    }
    await postProcess(job)
  }
  // The pages address each image with its content version: record the new ones.
  spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/assets/image-versions.ts')], { cwd: ROOT, stdio: 'inherit' })
  const total = folderSize(PUBLIC)
  console.log(`public/images: ${(total / 1024 / 1024).toFixed(2)} MB`)
  if (total > 8 * 1024 * 1024) {
    console.error('public/images is over the 8 MB budget: lower the AVIF/WebP/JPEG quality in render.mjs')
    process.exitCode = 1
  }
}

main().catch((error) => {
  console.error(error)
  process.exit(1)
})
