// npm run assets:showcase — the home hero's and the gallery's before/after pairs (decision 0023): the before is one
// of the wizard's sample photos, the after is what the product's default generator (the built-in engine, surface
// finder included) makes of it, exactly as a visitor who picks that photo in step 1 gets it. Run it whenever the
// engine changes and commit what it writes; tests/integration/showcase.test.ts fails when they no longer match.
import { spawnSync } from 'node:child_process'
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { renderLocalRedesign } from '../../src/server/providers/generation/local/local-engine'
import { SHOWCASE_SEED, showcasePairs } from '../../src/shared/catalogue/showcase'
// @ts-expect-error: a plain ES module shared with render.mjs
import { writeVariants as writeVariantsUntyped } from './variants.mjs'

const writeVariants = writeVariantsUntyped as (source: Buffer, dir: string, name: string) => Promise<string[]>
const ROOT = path.resolve(import.meta.dirname, '..', '..')
const PUBLIC = path.join(ROOT, 'public', 'images')

for (const pair of showcasePairs()) {
  const photo = readFileSync(path.join(PUBLIC, 'stock', `${pair.from}-960.jpg`))
  const started = performance.now()
  const { image } = await renderLocalRedesign({ image: photo, styleId: pair.styleId, paletteId: 'surprise-me', roomType: 'bathroom', seed: SHOWCASE_SEED })
  const dir = path.join(PUBLIC, pair.kind)
  mkdirSync(dir, { recursive: true })
  await writeVariants(photo, dir, pair.before)
  await writeVariants(image, dir, pair.after)
  console.log(`${pair.kind}/${pair.before} + ${pair.after} ← stock/${pair.from} in ${pair.styleId} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
}
// The pages address each image with its content version: record the new ones.
const versions = spawnSync(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'assets', 'image-versions.ts')], { cwd: ROOT, stdio: 'inherit' })
process.exit(versions.status ?? 1)
