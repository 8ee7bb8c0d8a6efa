// The caption band over the bottom 8% of a render (issue 6 §4). The download crops exactly this band away
// (spec: "Download: crops bottom 8% of the image"), so it must never be taller than that crop.

import { CAPTION_BAND_FRACTION } from '../../../../shared/generation'

export const CAPTION_TEXT = 'Concept render · for entertainment only'

/** Rows of one JPEG block (the redesign is encoded at 4:4:4, so its blocks are 8 × 8 pixels; decision 0049). */
const JPEG_BLOCK = 8

/**
 * Height of the band: 8% of the image, rounded down so the download crop always removes all of it, and further down
 * (by at most 7 rows) so that its top edge falls on a JPEG block boundary: a block straddling the band's dark, sharp
 * top edge rings into the rows of photo just above it, a faint halo over a surface the person may have kept.
 */
export function captionBandHeight(imageHeight: number): number {
  const band = Math.max(1, Math.floor(imageHeight * CAPTION_BAND_FRACTION))
  const alignedTop = Math.ceil((imageHeight - band) / JPEG_BLOCK) * JPEG_BLOCK
  return alignedTop < imageHeight ? imageHeight - alignedTop : band
}

/** An SVG, `width` × band height, to composite at the bottom of the render. */
export function captionSvg(width: number, imageHeight: number, styleName: string): Buffer {
  const band = captionBandHeight(imageHeight)
  const margin = Math.max(6, Math.round(Math.min(width * 0.03, band * 0.9)))
  const name = styleName.toUpperCase()
  // DejaVu Sans averages about 0.58 em a glyph; shrink both lines together when the image is narrow.
  const wanted = band * 0.3
  const needed = CAPTION_TEXT.length * wanted * (0.58 + 0.04) + name.length * wanted * 1.13 * (0.66 + 0.12)
  const available = width - 2 * margin - band * 0.6
  const fit = needed > available ? Math.max(0.2, available / needed) : 1
  const fontSize = Math.max(5, Math.round(wanted * fit))
  const nameSize = Math.max(5, Math.round(wanted * 1.13 * fit))
  const baseline = Math.round(band / 2 + fontSize * 0.36)
  const family = "'DejaVu Sans', 'Liberation Sans', sans-serif"
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${band}" viewBox="0 0 ${width} ${band}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#16161a" stop-opacity="0.58"/>
      <stop offset="1" stop-color="#0e0e12" stop-opacity="0.72"/>
    </linearGradient>
  </defs>
  <rect x="0" y="0" width="${width}" height="${band}" fill="url(#shade)"/>
  <rect x="0" y="0" width="${width}" height="${Math.max(1, Math.round(band / 48))}" fill="#ffffff" fill-opacity="0.28"/>
  <text x="${margin}" y="${baseline}" font-family="${family}" font-size="${fontSize}" font-weight="300" letter-spacing="${(fontSize * 0.04).toFixed(2)}" fill="#f4f1ea" fill-opacity="0.88">${escapeXml(CAPTION_TEXT)}</text>
  <text x="${width - margin}" y="${baseline}" text-anchor="end" font-family="${family}" font-size="${nameSize}" font-weight="600" letter-spacing="${(nameSize * 0.12).toFixed(2)}" fill="#ffffff" fill-opacity="0.95">${escapeXml(name)}</text>
</svg>`
  return Buffer.from(svg)
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')
}
