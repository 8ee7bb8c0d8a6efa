export type ImageType = 'jpeg' | 'png' | 'webp' | 'avif' | 'heic'

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

/** The image type from the file's first bytes (never from its name or declared type), or undefined. */
export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  if (bytes.length < 12) return undefined
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg'
  if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47 && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) return 'png'
  const ascii = (start: number, end: number) => String.fromCharCode(...bytes.subarray(start, end))
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return 'webp'
  if (ascii(4, 8) === 'ftyp') {
    // ISO-BMFF: the major brand, then compatible brands, decide AVIF versus HEIC/HEIF.
    const boxSize = (bytes[0]! << 24) | (bytes[1]! << 16) | (bytes[2]! << 8) | bytes[3]!
    const brands = [ascii(8, 12)]
    for (let offset = 16; offset + 4 <= Math.min(boxSize, bytes.length, 64); offset += 4) brands.push(ascii(offset, offset + 4))
    if (brands.some((brand) => AVIF_BRANDS.has(brand))) return 'avif'
    if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'heic'
  }
  return undefined
}

// Markup hidden in an image (an HTML/JPEG polyglot) is refused: browsers that sniff could run it.
const MARKUP = [/<\s*html/i, /<\s*script/i, /<\s*svg/i, /<!doctype\s+html/i, /<\s*iframe/i, /<\s*body/i]

export function containsMarkup(bytes: Buffer): boolean {
  const text = bytes.toString('latin1')
  return MARKUP.some((pattern) => pattern.test(text))
}
