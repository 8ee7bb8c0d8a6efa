// Images that are not photographs of a room, made on the spot: what the photo check must refuse (decision
// 0042-refusing-people-and-non-photos). Each is a JPEG, as the wizard's compression would send it.
import sharp, { type Sharp } from 'sharp'

const jpeg = (input: Sharp) => input.jpeg({ quality: 85 }).toBuffer()
const svg = (markup: string) => sharp(Buffer.from(markup))

/** A mulberry32 stream, so the noisy image is the same on every run. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

export type NotAPhoto = { name: string; bytes: Buffer }

/** Blank, near-uniform, gradient, document and slide images, 1024–1754 px. */
export async function constructedNotPhotos(): Promise<NotAPhoto[]> {
  const width = 1024
  const height = 768
  const next = random(42)
  const noisy = Buffer.alloc(width * height * 3)
  for (let index = 0; index < noisy.length; index += 1) noisy[index] = 200 + Math.floor(next() * 6)
  const lines = Array.from(
    { length: 40 },
    (_, line) => `<text x="90" y="${190 + line * 36}" font-family="sans-serif" font-size="20" fill="#222">${line + 1}. Wall tiles, grout and sealant for the main bathroom: ${line * 3 + 2} boxes at $${(line * 17.35).toFixed(2)}</text>`,
  ).join('')
  return [
    { name: 'white', bytes: await jpeg(sharp({ create: { width, height, channels: 3, background: '#ffffff' } })) },
    { name: 'black', bytes: await jpeg(sharp({ create: { width, height, channels: 3, background: '#000000' } })) },
    { name: 'grey', bytes: await jpeg(sharp({ create: { width, height, channels: 3, background: '#7f7f7f' } })) },
    { name: 'near-uniform with noise', bytes: await jpeg(sharp(noisy, { raw: { width, height, channels: 3 } })) },
    {
      name: 'soft gradient',
      bytes: await jpeg(svg(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#dde0ee"/><stop offset="1" stop-color="#a9adc0"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/></svg>`)),
    },
    {
      name: 'document',
      bytes: await jpeg(svg(`<svg xmlns="http://www.w3.org/2000/svg" width="1240" height="1754"><rect width="100%" height="100%" fill="#fff"/><text x="90" y="120" font-family="serif" font-size="40" font-weight="bold">Quote for a bathroom renovation</text>${lines}</svg>`)),
    },
    {
      name: 'slide',
      bytes: await jpeg(
        svg(
          `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720"><rect width="100%" height="100%" fill="#1e3a5f"/><rect y="600" width="1280" height="120" fill="#f2b705"/><text x="80" y="200" font-family="sans-serif" font-size="64" fill="#fff">Our bathroom plan</text><text x="80" y="300" font-family="sans-serif" font-size="32" fill="#dde">New tiles, a walk-in shower and a double vanity</text><circle cx="1050" cy="330" r="140" fill="#5b8db8"/></svg>`,
        ),
      ),
    },
  ]
}
