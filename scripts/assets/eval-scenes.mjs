// npm run assets:render -- eval --seed S --count N --out DIR [--width W] [--samples N] [--start I] [--force]
//                               [--emphasis glass]   (training data only: more shower screens; see lavo_eval.py)
//
// Labelled evaluation scenes: N randomised bathrooms from seed S (scripts/assets/lavo_eval.py), each written
// to DIR as <name>.jpg (the photo), <name>.labels.png (one class per pixel, in the colours of
// src/server/providers/generation/local/label-classes.ts) and <name>.json (what was built and how it was
// lit and shot). Deterministic per seed and index; a scene whose three files exist with the same job is
// skipped, so a long batch can be stopped and resumed. See docs/assets.md.
import { Buffer } from 'node:buffer'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { autoExposure, denoisePasses, filmicLook, grade } from './denoise.mjs'

/** Bump when the scene code changes in a way that changes renders: every eval scene's job hash changes. */
export const EVAL_VERSION = 1

/** Ways a training batch can lean its scenes (lavo_eval.py); the evaluation sets use none. */
export const EMPHASES = ['glass']

export function parseEvalArgs(argv) {
  const args = { seed: 1, count: 10, out: null, width: 640, samples: 8, start: 0, force: false, emphasis: null }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    const next = () => {
      const value = argv[++i]
      if (value === undefined) throw new Error(`${a} needs a value`)
      return value
    }
    if (a === '--seed') args.seed = Number(next())
    else if (a === '--count') args.count = Number(next())
    else if (a === '--out') args.out = next()
    else if (a === '--width') args.width = Number(next())
    else if (a === '--samples') args.samples = Number(next())
    else if (a === '--start') args.start = Number(next())
    else if (a === '--force') args.force = true
    else if (a === '--emphasis') args.emphasis = next()
    else throw new Error(`unknown argument for eval: ${a}`)
  }
  for (const key of ['seed', 'count', 'width', 'samples', 'start']) {
    if (!Number.isInteger(args[key]) || args[key] < 0) throw new Error(`--${key} must be a whole number, got ${args[key]}`)
  }
  if (!args.out) throw new Error('eval needs --out DIR')
  if (args.emphasis !== null && !EMPHASES.includes(args.emphasis)) throw new Error(`--emphasis must be one of ${EMPHASES.join(', ')}`)
  if (args.width < 64 || args.width > 2048) throw new Error('--width (the long side) must be between 64 and 2048')
  return args
}

export const sceneName = (seed, index) => `s${seed}-${String(index).padStart(3, '0')}`

/** Class ids (one byte per pixel) → an RGB PNG in the label colours. */
export async function writeLabelPng(labels, width, height, rgbTable, file) {
  const rgb = Buffer.alloc(width * height * 3)
  for (let p = 0; p < labels.length; p++) {
    const colour = rgbTable[labels[p]]
    if (!colour) throw new Error(`label ${labels[p]} is no class`)
    rgb[p * 3] = colour[0]
    rgb[p * 3 + 1] = colour[1]
    rgb[p * 3 + 2] = colour[2]
  }
  await sharp(rgb, { raw: { width, height, channels: 3 } }).png({ compressionLevel: 9, adaptiveFiltering: true, palette: false }).toFile(file)
}

/**
 * Renders one job (eval scene or product layout) with its label pass in `blender` (a Blender of blender.mjs);
 * returns the tonemapped 16-bit PNG path, labels and meta.
 */
export async function renderWithLabels(blender, job, workDir, { photo = true } = {}) {
  mkdirSync(workDir, { recursive: true })
  const jobFile = join(workDir, 'job.json')
  writeFileSync(jobFile, JSON.stringify({ ...job, passDir: workDir, labels: true, labelsOnly: !photo }))
  const blenderSeconds = await blender.run(['render', jobFile], join(workDir, 'render.log'))
  const meta = JSON.parse(readFileSync(join(workDir, 'meta.json'), 'utf8'))
  const labels = new Uint8Array(readFileSync(join(workDir, 'labels.u8')))
  if (labels.length !== meta.width * meta.height) throw new Error(`label pass has ${labels.length} pixels, expected ${meta.width}×${meta.height}`)
  const result = { meta, labels, blenderSeconds, png: null, exposure: null, look: null, denoiseSeconds: 0, tonemapSeconds: 0 }
  if (!photo) return result
  const t0 = Date.now()
  const linear = denoisePasses(workDir, meta.width, meta.height)
  grade(linear, meta.grade)
  const exposure = autoExposure(linear, meta.dated ? 0.3 : 0.4) + (meta.grade.exposureBias ?? 0)
  result.denoiseSeconds = (Date.now() - t0) / 1000
  const linearFile = join(workDir, 'linear.f32')
  writeFileSync(linearFile, Buffer.from(linear.buffer))
  const look = filmicLook(meta.grade.contrast ?? 0)
  const png = join(workDir, 'photo.png')
  result.tonemapSeconds = await blender.run(['tonemap', linearFile, meta.width, meta.height, png, look, exposure.toFixed(3)], join(workDir, 'tonemap.log'))
  Object.assign(result, { png, exposure, look })
  return result
}

/**
 * A photo with (nearly) no variation: a room without a window, a lamp or the photographer's fill light renders black.
 * Scenes from before the scene code always brought a light (lavo_eval.py) are rendered again rather than kept.
 */
async function isUniform(file) {
  const data = await sharp(file).resize(64, 64, { fit: 'inside' }).toColourspace('srgb').removeAlpha().raw().toBuffer()
  let sum = 0
  let squares = 0
  for (const value of data) {
    sum += value
    squares += value * value
  }
  const mean = sum / data.length
  return Math.sqrt(Math.max(0, squares / data.length - mean * mean)) < UNIFORM_STDEV
}

/** Standard deviation of the 8-bit values (all channels) below which a photo is one flat colour. */
const UNIFORM_STDEV = 2

/** Renders the labelled scenes `argv` asks for in `blender` (a Blender of blender.mjs; the caller closes it). */
export async function renderEvalScenes(root, blender, argv, catalogue, labelTable) {
  const args = parseEvalArgs(argv)
  const outDir = resolve(root, args.out)
  mkdirSync(outDir, { recursive: true })
  const catalogueFile = join(root, '.tmp/renders/eval-catalogue.json')
  mkdirSync(join(root, '.tmp/renders'), { recursive: true })
  writeFileSync(catalogueFile, JSON.stringify(catalogue))
  const catalogueHash = createHash('sha1').update(JSON.stringify(catalogue)).digest('hex').slice(0, 12)
  const rgbTable = labelTable.map((entry) => {
    const value = Number.parseInt(entry.colour.slice(1), 16)
    return [(value >> 16) & 255, (value >> 8) & 255, value & 255]
  })
  let rendered = 0
  let skipped = 0
  let failed = 0
  for (let index = args.start; index < args.start + args.count; index++) {
    const name = sceneName(args.seed, index)
    const job = { mode: 'eval', seed: args.seed, index, width: args.width, samples: args.samples, version: EVAL_VERSION, catalogueHash, ...(args.emphasis && { emphasis: args.emphasis }) }
    const hash = createHash('sha1').update(JSON.stringify(job)).digest('hex').slice(0, 16)
    const files = { photo: join(outDir, `${name}.jpg`), labels: join(outDir, `${name}.labels.png`), params: join(outDir, `${name}.json`) }
    if (!args.force && Object.values(files).every((file) => existsSync(file))) {
      try {
        if (JSON.parse(readFileSync(files.params, 'utf8')).job?.hash === hash && !(await isUniform(files.photo))) {
          skipped++
          continue
        }
      } catch {
        // unreadable params: render again
      }
    }
    const started = Date.now()
    process.stdout.write(`eval ${name} … `)
    const workDir = join(root, '.tmp/renders/eval', name)
    try {
      const r = await renderWithLabels(blender, { ...job, name, catalogue: catalogueFile }, workDir)
      if (await isUniform(r.png)) throw new Error('the photo came out one flat colour (no light reached the camera): not a scene to learn from or measure on')
      await sharp(r.png).toColourspace('srgb').jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: '4:2:0' }).toFile(files.photo)
      await writeLabelPng(r.labels, r.meta.width, r.meta.height, rgbTable, files.labels)
      const counts = {}
      for (const id of r.labels) counts[labelTable[id].name] = (counts[labelTable[id].name] ?? 0) + 1
      const share = Object.fromEntries(Object.entries(counts).sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, Number((v / r.labels.length).toFixed(4))]))
      const record = {
        name, width: r.meta.width, height: r.meta.height,
        job: { ...job, hash },
        scene: r.meta.params,
        render: { samples: args.samples, exposure: Number(r.exposure.toFixed(3)), look: r.look, buildSeconds: r.meta.buildSeconds, renderSeconds: r.meta.renderSeconds,
          labelSeconds: r.meta.labelSeconds, denoiseSeconds: Number(r.denoiseSeconds.toFixed(1)), totalSeconds: Number(((Date.now() - started) / 1000).toFixed(1)) },
        labelShare: share,
        unlabelledObjects: r.meta.unlabelled,
      }
      writeFileSync(files.params, JSON.stringify(record, null, 2) + '\n')
      if (!process.env.LAVO_KEEP_PASSES) rmSync(workDir, { recursive: true, force: true })
      rendered++
      console.log(`${record.render.totalSeconds}s (${r.meta.width}×${r.meta.height}, render ${r.meta.renderSeconds}s)`)
    } catch (error) {
      failed++
      console.log(`FAILED: ${error.message}`)
      process.exitCode = 1
    }
  }
  console.log(`${rendered} rendered, ${skipped} already done, ${failed} failed → ${outDir}`)
}
