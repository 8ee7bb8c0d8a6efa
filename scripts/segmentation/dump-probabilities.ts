// npx tsx scripts/segmentation/dump-probabilities.ts SCENES DUMP: per labelled scene in SCENES, the surface network's
// answer as the server reads it (averagedProbabilities: every view, mirrored and not, on the first view's grid), written
// to DUMP for the surface refiner to learn from (refine.py): NAME.probs.bin (float32 class planes), NAME.view.bin (the
// first view's RGB bytes) and NAME.json (its size). Scenes already dumped are skipped.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { networkViews } from '../../src/server/providers/generation/local/find-surfaces'
import { averagedProbabilities } from '../../src/server/providers/generation/local/surface-network'

const [inDir, outDir] = process.argv.slice(2)
mkdirSync(outDir!, { recursive: true })
const names = readdirSync(inDir!).filter((f) => f.endsWith('.jpg')).map((f) => f.slice(0, -4)).filter((n) => existsSync(path.join(inDir!, n + '.labels.png')))
let done = 0
for (const name of names) {
  const target = path.join(outDir!, name + '.probs.bin')
  if (existsSync(target)) continue
  const { data, info } = await sharp(path.join(inDir!, name + '.jpg')).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const { width, height } = info
  const views = await networkViews(new Uint8Array(data.buffer, data.byteOffset, data.length), width, height)
  const probs = await averagedProbabilities(views)
  writeFileSync(path.join(outDir!, name + '.view.bin'), views[0]!.rgb)
  writeFileSync(path.join(outDir!, name + '.json'), JSON.stringify({ width: views[0]!.width, height: views[0]!.height, photoWidth: width, photoHeight: height }))
  writeFileSync(target, Buffer.from(probs.buffer, probs.byteOffset, probs.byteLength))
  done++
}
console.log(`dumped ${done} of ${names.length}`)
