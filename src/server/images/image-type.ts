import type { ImageFormat } from '../../shared/upload-rules'

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'mif1', 'msf1'])
const AVIF_BRANDS = new Set(['avif', 'avis'])

/** The image type from the file's first bytes (never from its name or declared type), or undefined. */
export function detectImageType(bytes: Uint8Array): ImageFormat | undefined {
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

/** [start, end) of bytes in the file. */
type Span = readonly [start: number, end: number]

/**
 * Whether markup hides in the parts of an image a person or tool can write freely: metadata, comments,
 * unknown chunks and boxes, and anything after the image ends. Compressed data (pixels, deflated text
 * and profiles) is not searched: it is close to random and spelt a tag by chance in about 1 photo in
 * 250; what we store is re-encoded by sharp anyway. Where the structure breaks or is cut short,
 * everything from that point on is searched.
 */
export function containsMarkup(bytes: Buffer): boolean {
  let cursor = 0
  for (const [start, end] of compressedSpans(bytes)) {
    if (markupIn(bytes, cursor, start)) return true
    cursor = end
  }
  return markupIn(bytes, cursor, bytes.length)
}

function markupIn(bytes: Buffer, start: number, end: number): boolean {
  if (start >= end) return false
  const text = bytes.toString('latin1', start, end)
  return MARKUP.some((pattern) => pattern.test(text))
}

/** The compressed parts of a well-formed file, in file order; none for a type we do not parse. */
function compressedSpans(bytes: Buffer): Span[] {
  switch (detectImageType(bytes)) {
    case 'jpeg':
      return jpegCompressedSpans(bytes)
    case 'png':
      return pngCompressedSpans(bytes)
    case 'webp':
      return webpCompressedSpans(bytes)
    case 'avif':
    case 'heic':
      return isoBmffCompressedSpans(bytes)
    default:
      return []
  }
}

const JPEG_SOI = 0xd8
const JPEG_EOI = 0xd9
const JPEG_SOS = 0xda
const isJpegRestart = (marker: number) => marker >= 0xd0 && marker <= 0xd7

function jpegCompressedSpans(bytes: Buffer): Span[] {
  const spans: Span[] = []
  let offset = 0
  // Phones append more whole JPEGs after the main image's EOI (MPF depth maps, Ultra HDR gain maps).
  while (bytes[offset] === 0xff && bytes[offset + 1] === JPEG_SOI && bytes[offset + 2] === 0xff) {
    const end = walkJpeg(bytes, offset + 2, spans)
    if (end === undefined) break
    offset = end
  }
  return spans
}

/** Walks one JPEG's marker segments from just after SOI, noting each scan's entropy-coded data; the offset after its EOI, or undefined where the structure breaks. */
function walkJpeg(bytes: Buffer, start: number, spans: Span[]): number | undefined {
  let offset = start
  for (;;) {
    if (bytes[offset] !== 0xff) return undefined
    while (bytes[offset + 1] === 0xff) offset += 1 // fill bytes before a marker
    const marker = bytes[offset + 1]
    if (marker === undefined) return undefined
    if (marker === JPEG_EOI) return offset + 2
    if (marker === 0x01 || isJpegRestart(marker)) {
      offset += 2
      continue
    }
    if (marker < 0xc0 || marker === JPEG_SOI || offset + 4 > bytes.length) return undefined
    const length = bytes.readUInt16BE(offset + 2)
    if (length < 2 || offset + 2 + length > bytes.length) return undefined
    offset += 2 + length
    if (marker === JPEG_SOS) {
      const dataEnd = entropyCodedEnd(bytes, offset)
      // Scan data that runs off the end of the file has no end we can trust: search it.
      if (dataEnd === undefined) return undefined
      spans.push([offset, dataEnd])
      offset = dataEnd
    }
  }
}

/** Entropy-coded data ends at the first 0xFF that is not a stuffed 0xFF00, a restart marker or fill. */
function entropyCodedEnd(bytes: Buffer, start: number): number | undefined {
  for (let at = bytes.indexOf(0xff, start); at !== -1 && at + 1 < bytes.length; at = bytes.indexOf(0xff, at + 1)) {
    const next = bytes[at + 1]!
    if (next !== 0x00 && next !== 0xff && !isJpegRestart(next)) return at
  }
  return undefined
}

function pngCompressedSpans(bytes: Buffer): Span[] {
  const spans: Span[] = []
  for (let offset = 8; offset + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(offset)
    const type = bytes.toString('latin1', offset + 4, offset + 8)
    const dataStart = offset + 8
    const chunkEnd = dataStart + length + 4 // with its CRC
    if (chunkEnd > bytes.length) break
    const compressedFrom = pngCompressedFrom(type, bytes.subarray(dataStart, dataStart + length))
    if (compressedFrom !== undefined) spans.push([dataStart + compressedFrom, chunkEnd])
    offset = chunkEnd
    if (type === 'IEND') break
  }
  return spans
}

/** Where a chunk's deflated data starts: all of IDAT/fdAT, and a zTXt's text after its keyword. */
function pngCompressedFrom(type: string, data: Buffer): number | undefined {
  if (type === 'IDAT' || type === 'fdAT') return 0
  const keywordEnd = type === 'zTXt' ? data.indexOf(0) : -1
  return keywordEnd === -1 ? undefined : keywordEnd + 2 // keyword, NUL, compression method
}

const WEBP_PIXEL_CHUNKS = new Set(['VP8 ', 'VP8L', 'ALPH', 'ANMF'])

function webpCompressedSpans(bytes: Buffer): Span[] {
  const spans: Span[] = []
  // Bytes past the RIFF length are outside the image and are searched like any trailer.
  const riffEnd = Math.min(8 + bytes.readUInt32LE(4), bytes.length)
  for (let offset = 12; offset + 8 <= riffEnd; ) {
    const type = bytes.toString('latin1', offset, offset + 4)
    const size = bytes.readUInt32LE(offset + 4)
    const dataStart = offset + 8
    if (dataStart + size > riffEnd) break
    if (WEBP_PIXEL_CHUNKS.has(type)) spans.push([dataStart, dataStart + size])
    offset = dataStart + size + (size % 2) // chunks are padded to an even length
  }
  return spans
}

function isoBmffCompressedSpans(bytes: Buffer): Span[] {
  const spans: Span[] = []
  for (let offset = 0; offset + 8 <= bytes.length; ) {
    let size = bytes.readUInt32BE(offset)
    let headerSize = 8
    if (size === 1) {
      if (offset + 16 > bytes.length) break
      size = Number(bytes.readBigUInt64BE(offset + 8))
      headerSize = 16
    } else if (size === 0) size = bytes.length - offset // the last box runs to the end of the file
    if (size < headerSize || offset + size > bytes.length) break
    if (bytes.toString('latin1', offset + 4, offset + 8) === 'mdat') spans.push([offset + headerSize, offset + size])
    offset += size
  }
  return spans
}
