// The committed sizes and formats of a catalogue image (public/images/<kind>/<name>-<width>.<avif|webp|jpg>), written
// from one source image. Shared by the render pipeline (render.mjs) and the showcase (showcase.ts).
import { join } from 'node:path'
import sharp from 'sharp'

export const SIZES = [480, 960]
export const ASPECT = 3 / 4

/** Writes every size and format of `name` into `dir` from `source` (a file path or an encoded image); returns the files. */
export async function writeVariants(source, dir, name) {
  const written = []
  for (const width of SIZES) {
    const height = Math.round(width * ASPECT)
    const base = sharp(source).resize(width, height, { fit: 'cover', kernel: 'lanczos3' }).toColourspace('srgb')
    const sharpened = width < 960 ? base.clone().sharpen({ sigma: 0.5 }) : base.clone()
    const stem = join(dir, `${name}-${width}`)
    await sharpened.clone().avif({ quality: 50, effort: 6, chromaSubsampling: '4:2:0' }).toFile(`${stem}.avif`)
    await sharpened.clone().webp({ quality: 72, effort: 5 }).toFile(`${stem}.webp`)
    written.push(`${stem}.avif`, `${stem}.webp`)
    if (width === 960) {
      await sharpened.clone().jpeg({ quality: 78, mozjpeg: true, progressive: true }).toFile(`${stem}.jpg`)
      written.push(`${stem}.jpg`)
    }
  }
  return written
}
