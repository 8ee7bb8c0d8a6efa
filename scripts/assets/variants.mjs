// The committed sizes and formats of a catalogue image (public/images/<kind>/<name>-<width>.<avif|webp|jpg>), written
// from one source image. Shared by the render pipeline (render.mjs) and the showcase (showcase.ts).
//   node scripts/assets/variants.mjs --missing   writes every width a committed image lacks, from its 960 px JPEG
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import sharp from 'sharp'

/** Widths every image is committed at (src/shared/catalogue/images.ts IMAGE_SIZES says the same to the pages). */
export const SIZES = [480, 720, 960]
export const ASPECT = 3 / 4
const FALLBACK_WIDTH = 960

/** Writes one width of `name` (AVIF and WebP, and the JPEG fallback at 960) into `dir` from `source`; returns the files. */
async function writeWidth(source, dir, name, width) {
  const height = Math.round(width * ASPECT)
  const base = sharp(source).resize(width, height, { fit: 'cover', kernel: 'lanczos3' }).toColourspace('srgb')
  const sharpened = width < FALLBACK_WIDTH ? base.clone().sharpen({ sigma: 0.5 }) : base.clone()
  const stem = join(dir, `${name}-${width}`)
  await sharpened.clone().avif({ quality: 50, effort: 6, chromaSubsampling: '4:2:0' }).toFile(`${stem}.avif`)
  await sharpened.clone().webp({ quality: 72, effort: 5 }).toFile(`${stem}.webp`)
  const written = [`${stem}.avif`, `${stem}.webp`]
  if (width === FALLBACK_WIDTH) {
    await sharpened.clone().jpeg({ quality: 78, mozjpeg: true, progressive: true }).toFile(`${stem}.jpg`)
    written.push(`${stem}.jpg`)
  }
  return written
}

/** Writes every size and format of `name` into `dir` from `source` (a file path or an encoded image); returns the files. */
export async function writeVariants(source, dir, name) {
  const written = []
  for (const width of SIZES) written.push(...(await writeWidth(source, dir, name, width)))
  return written
}

/**
 * Writes the widths a committed image lacks (after SIZES gained one) from its 960 px JPEG, the largest file committed,
 * so the renders need not be made again; a later render or showcase run writes every width from its own source.
 */
export async function writeMissingWidths(imagesDir) {
  const written = []
  for (const kind of readdirSync(imagesDir)) {
    for (const file of readdirSync(join(imagesDir, kind)).filter((entry) => entry.endsWith(`-${FALLBACK_WIDTH}.jpg`))) {
      const name = file.slice(0, -`-${FALLBACK_WIDTH}.jpg`.length)
      for (const width of SIZES.filter((size) => size < FALLBACK_WIDTH)) {
        if (existsSync(join(imagesDir, kind, `${name}-${width}.avif`)) && existsSync(join(imagesDir, kind, `${name}-${width}.webp`))) continue
        written.push(...(await writeWidth(join(imagesDir, kind, file), join(imagesDir, kind), name, width)))
      }
    }
  }
  return written
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv[2] !== '--missing') throw new Error('usage: node scripts/assets/variants.mjs --missing')
  const written = await writeMissingWidths(join(import.meta.dirname, '..', '..', 'public', 'images'))
  console.log(`wrote ${written.length} files`)
}
