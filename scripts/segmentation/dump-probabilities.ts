// npx tsx scripts/segmentation/dump-probabilities.ts SCENES DUMP [--degraded K]: per labelled scene in SCENES, the
// surface network's answer as the server reads it (averagedProbabilities: every view, mirrored and not, on the first
// view's grid), written to DUMP for the surface refiner to learn from (refine.py): NAME.probs.bin (float32 class
// planes), NAME.view.bin (the first view's RGB bytes) and NAME.json (its size). Scenes already dumped are skipped.
//
// With --degraded K, each scene is also read K times as a camera might have taken it (NAME~1 … NAME~K): exposure,
// white balance, saturation, a little blur and sensor noise, then JPEG at quality 35–90, each drawn afresh per copy
// from the scene's name. Nothing moves, so the scene's labels still hold. The refiner then learns the network's
// mistakes on photo-like pictures too, not only on the renderer's clean ones.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { networkViews } from '../../src/server/providers/generation/local/find-surfaces'
import { createRandom, hashSeed } from '../../src/server/providers/generation/local/random'
import { averagedProbabilities } from '../../src/server/providers/generation/local/surface-network'

const [inDir, outDir, flag, countText] = process.argv.slice(2)
const copies = flag === '--degraded' ? Number(countText) : 0
if (!inDir || !outDir || (flag !== undefined && !(copies >= 1))) {
  console.error('usage: dump-probabilities.ts SCENES DUMP [--degraded K]')
  process.exit(2)
}
mkdirSync(outDir, { recursive: true })
const names = readdirSync(inDir).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)).filter((n) => existsSync(path.join(inDir, n + '.labels.png')))

/** The photo as a camera might have taken it: see the header. */
async function degraded(rgb: Buffer, width: number, height: number, seedText: string): Promise<Buffer> {
  const next = createRandom(hashSeed(seedText))
  const between = (low: number, high: number) => low + (high - low) * next()
  const exposure = between(0.7, 1.3)
  const cast = [between(0.88, 1.12), between(0.94, 1.06), between(0.88, 1.12)]
  const gamma = between(0.85, 1.15)
  const noise = between(0, 6)
  const out = Buffer.alloc(rgb.length)
  for (let i = 0; i < rgb.length; i++) {
    const linear = Math.pow(rgb[i]! / 255, gamma) * exposure * cast[i % 3]!
    const gaussian = (next() + next() + next() - 1.5) * 2 * noise
    out[i] = Math.max(0, Math.min(255, Math.round(linear * 255 + gaussian)))
  }
  let image = sharp(out, { raw: { width, height, channels: 3 } }).modulate({ saturation: between(0.7, 1.3) })
  if (next() < 0.5) image = image.blur(between(0.3, 1.0))
  const jpeg = await image.jpeg({ quality: Math.round(between(35, 90)) }).toBuffer()
  return sharp(jpeg).removeAlpha().raw().toBuffer()
}

async function dump(name: string, rgb: Buffer, width: number, height: number): Promise<void> {
  const views = await networkViews(new Uint8Array(rgb.buffer, rgb.byteOffset, rgb.length), width, height)
  const probs = await averagedProbabilities(views)
  writeFileSync(path.join(outDir!, name + '.view.bin'), views[0]!.rgb)
  writeFileSync(path.join(outDir!, name + '.json'), JSON.stringify({ width: views[0]!.width, height: views[0]!.height, photoWidth: width, photoHeight: height }))
  writeFileSync(path.join(outDir!, name + '.probs.bin'), Buffer.from(probs.buffer, probs.byteOffset, probs.byteLength))
}

let done = 0
for (const name of names) {
  const targets = [name, ...Array.from({ length: copies }, (_, k) => `${name}~${k + 1}`)].filter((target) => !existsSync(path.join(outDir, target + '.probs.bin')))
  if (targets.length === 0) continue
  const { data, info } = await sharp(path.join(inDir, name + '.jpg')).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  for (const target of targets) {
    await dump(target, target === name ? data : await degraded(data, info.width, info.height, target), info.width, info.height)
    done++
  }
}
console.log(`dumped ${done} pictures of ${names.length} scenes`)
