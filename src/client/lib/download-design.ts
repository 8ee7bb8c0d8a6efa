// spec §9 Download: the design image is fetched as a blob, drawn to a canvas without the bottom 8% of its
// height, encoded as JPEG at quality 0.95 and saved. The size and naming rules are pure functions (tested
// in download-design.test.ts); the canvas part needs a browser.
import { styleTitle } from '../../shared/catalogue/styles'
import { CAPTION_BAND_FRACTION } from '../../shared/generation'
import { apiFetchBlob } from './api'

/** spec §9: the bottom 8% of the image is cropped away. */
export const CROP_BOTTOM_FRACTION = CAPTION_BAND_FRACTION
/** spec §9: the download is a JPEG at quality 0.95. */
export const DOWNLOAD_JPEG_QUALITY = 0.95

export type CropBox = { x: number; y: number; width: number; height: number }

/** The part of a width × height image that is kept: full width, the top 92% of the height (at least 1 px). */
export function cropBox(width: number, height: number): CropBox {
  return { x: 0, y: 0, width, height: Math.max(1, Math.round(height * (1 - CROP_BOTTOM_FRACTION))) }
}

/** YYYY-MM-DD of a date in the visitor's time zone (the day the card shows). */
export function isoDay(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

/**
 * spec §9 (the wizard's 'Download Your Design'): `${styleId}_bathroom_design_${YYYY-MM-DD}.jpg` with the style id as
 * it is and the visitor's local date, e.g. `mid-century-modern_bathroom_design_2025-08-06.jpg`.
 */
export function wizardDesignFileName(styleId: string, date: Date = new Date()): string {
  return `${styleId}_bathroom_design_${isoDay(date)}.jpg`
}

/**
 * spec §9 (My Designs): `${style}_bathroom_${YYYY-MM-DD}.jpg`, the style's display name lower-cased with
 * spaces as underscores, e.g. `mid_century_modern_bathroom_2026-11-23.jpg`.
 */
export function designFileName(styleId: string, createdAt: Date | string): string {
  const style = styleTitle(styleId).trim().toLowerCase().replace(/\s+/g, '_')
  const date = typeof createdAt === 'string' ? new Date(createdAt) : createdAt
  return `${style}_bathroom_${isoDay(date)}.jpg`
}

async function toJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('could not encode the image'))), 'image/jpeg', quality))
}

/** Fetches an image, crops the bottom 8% and returns it as a JPEG at quality 0.95. */
export async function cropDesignImage(imageUrl: string, signal?: AbortSignal): Promise<Blob> {
  const { blob } = await apiFetchBlob(imageUrl, { signal, accept: 'image/*' })
  const bitmap = await createImageBitmap(blob)
  try {
    const box = cropBox(bitmap.width, bitmap.height)
    const canvas = document.createElement('canvas')
    canvas.width = box.width
    canvas.height = box.height
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no 2d canvas context')
    // White first, so a transparent PNG does not turn black as a JPEG.
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, box.width, box.height)
    context.drawImage(bitmap, box.x, box.y, box.width, box.height, 0, 0, box.width, box.height)
    return await toJpeg(canvas, DOWNLOAD_JPEG_QUALITY)
  } finally {
    bitmap.close()
  }
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** spec §9: crop, encode and save a design under the given file name. */
export async function downloadDesignImage(imageUrl: string, fileName: string): Promise<void> {
  saveBlob(await cropDesignImage(imageUrl), fileName)
}
