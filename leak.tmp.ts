import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { renderLocalRedesign } from './src/server/providers/generation/local/local-engine'
import { decodeLabelPixels, LABEL_CLASSES } from './src/server/providers/generation/local/label-classes'
import { rgbPixelsToLab } from './src/server/providers/generation/local/colour-space'
import { deltaE2000Components } from './src/server/providers/generation/local/colour-space'
const name = process.argv[2]!, style = process.argv[3]!, palette = process.argv[4]!
const raw = async (f: string | Buffer) => { const { data, info } = await sharp(f).toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true }); return { data: new Uint8Array(data), width: info.width, height: info.height } }
const bytes = readFileSync(`bench/scenes/dev/${name}.jpg`)
const photo = await raw(bytes)
const truth = decodeLabelPixels((await raw(`bench/scenes/dev/${name}.labels.png`)).data, 3)
const result = await renderLocalRedesign({ image: bytes, styleId: style as never, paletteId: palette as never, roomType: 'bathroom', seed: 7 }, { withSurfaces: true })
const out = await raw(result.image)
const a = rgbPixelsToLab(photo.data, 3), b = rgbPixelsToLab(out.data, 3)
const stats = new Map<number, [number, number, number]>()
for (let p = 0; p < truth.length; p++) {
  const o = p * 3
  const d = deltaE2000Components(a[o]!, a[o + 1]!, a[o + 2]!, b[o]!, b[o + 1]!, b[o + 2]!)
  const s = stats.get(truth[p]!) ?? [0, 0, 0]
  s[0]++; s[1] += d; if (d > 10) s[2]++
  stats.set(truth[p]!, s)
}
for (const [id, [n, sum, big]] of stats) console.log(LABEL_CLASSES[id]!.name.padEnd(12), n, (sum / n).toFixed(1), (big / n * 100).toFixed(0) + '%')
await sharp(out.data, { raw: { width: out.width, height: out.height, channels: 3 } }).png().toFile('/tmp/leak-out.png')
console.log('photo', photo.width, photo.height, 'out', out.width, out.height, 'surfaces', result.surfaces!.width, result.surfaces!.height, result.surfaces!.source)
