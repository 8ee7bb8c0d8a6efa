// The browser side of the spec's image rules (§5, §9): the canvas compression that runs before a photo is
// stored (what a file must be before it is accepted is in src/shared/upload-rules.ts). The decisions (the
// quality loop, the pixel cap) are pure functions so they can be tested without a browser.
import { CORRUPTED_IMAGE_MESSAGE, MAX_PHOTO_PIXELS, PROCESSING_FAILED_MESSAGE } from '../../shared/upload-rules'

/** spec §5: compression lowers the JPEG quality until the file is about 2 MB. */
export const TARGET_BYTES = 2 * 1024 * 1024
/** spec §5/§9: JPEG quality from 0.95 down to no lower than 0.7, in steps of 0.05. */
export const QUALITY_START = 0.95
export const QUALITY_FLOOR = 0.7
export const QUALITY_STEP = 0.05
/** spec §5/§9: a HEIC preview is at most 800 px at quality 0.9. */
export const HEIC_PREVIEW_MAX_SIDE = 800
export const HEIC_PREVIEW_QUALITY = 0.9
/**
 * The copy of a photo the server's photo check looks at (decision 0042): its detectors work at 512 px, so 1024 px
 * loses nothing they see, and the copy is a fraction of the photo's size to send. Quality 0.95, as the photo itself.
 */
export const CHECK_COPY_MAX_SIDE = 1024
export const CHECK_COPY_QUALITY = 0.95

/** A failure whose message is already the right text for the visitor. */
export class ImageProcessingError extends Error {
  readonly reason: 'decode' | 'encode'
  constructor(reason: 'decode' | 'encode') {
    super(reason === 'decode' ? CORRUPTED_IMAGE_MESSAGE : PROCESSING_FAILED_MESSAGE)
    this.name = 'ImageProcessingError'
    this.reason = reason
  }
}

/** The largest size with the same aspect ratio that has at most `maxPixels` pixels (never upscales). */
export function fitWithinPixels(width: number, height: number, maxPixels: number = MAX_PHOTO_PIXELS): { width: number; height: number } {
  if (width * height <= maxPixels) return { width, height }
  const scale = Math.sqrt(maxPixels / (width * height))
  // Floor so rounding can never push the result over the cap.
  return { width: Math.max(1, Math.floor(width * scale)), height: Math.max(1, Math.floor(height * scale)) }
}

/** The largest size with the same aspect ratio whose longer side is at most `maxSide` (never upscales). */
export function fitWithinSide(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longest = Math.max(width, height)
  if (longest <= maxSide) return { width, height }
  const scale = maxSide / longest
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) }
}

/** The qualities the loop may try, best first: 0.95, 0.9 … 0.7 (integer maths, so no 0.7000000001). */
export function qualitySteps(start = QUALITY_START, floor = QUALITY_FLOOR, step = QUALITY_STEP): number[] {
  const steps: number[] = []
  const startHundredths = Math.round(start * 100)
  const floorHundredths = Math.round(floor * 100)
  const stepHundredths = Math.round(step * 100)
  for (let q = startHundredths; q >= floorHundredths; q -= stepHundredths) steps.push(q / 100)
  return steps
}

export type Encoded = { blob: Blob; quality: number }

/**
 * spec §5: encode at 0.95 and lower the quality by 0.05 until the result is at most `targetBytes`, but
 * never below 0.7. The last attempt is kept even when it is still over the target.
 */
export async function encodeWithinBudget(encode: (quality: number) => Promise<Blob>, targetBytes: number = TARGET_BYTES): Promise<Encoded> {
  let last: Encoded | undefined
  for (const quality of qualitySteps()) {
    last = { blob: await encode(quality), quality }
    if (last.blob.size <= targetBytes) return last
  }
  return last!
}

export type CompressedImage = { blob: Blob; width: number; height: number; quality: number }

type Surface = { canvas: OffscreenCanvas | HTMLCanvasElement; context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D }

function createSurface(width: number, height: number): Surface {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height)
    const context = canvas.getContext('2d')
    if (context) return { canvas, context }
  }
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  const context = canvas.getContext('2d')
  if (!context) throw new ImageProcessingError('encode')
  return { canvas, context }
}

/** JPEG bytes of what is on the canvas. */
export function canvasToJpeg(canvas: OffscreenCanvas | HTMLCanvasElement, quality: number): Promise<Blob> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type: 'image/jpeg', quality })
  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new ImageProcessingError('encode'))), 'image/jpeg', quality))
}

/** Decodes with the photo's EXIF orientation applied; an undecodable file is "corrupted" (spec §8). */
export async function decodeImage(source: Blob): Promise<ImageBitmap> {
  try {
    return await createImageBitmap(source, { imageOrientation: 'from-image' })
  } catch {
    throw new ImageProcessingError('decode')
  }
}

type SourceRect = { x: number; y: number; width: number; height: number }

/**
 * Draws a decoded image (or the `source` part of it) at the given size on a white background
 * (transparent PNGs must not turn black).
 */
export function drawToSurface(image: CanvasImageSource, width: number, height: number, source?: SourceRect): Surface {
  const surface = createSurface(width, height)
  surface.context.fillStyle = '#ffffff'
  surface.context.fillRect(0, 0, width, height)
  surface.context.imageSmoothingQuality = 'high'
  if (source) surface.context.drawImage(image, source.x, source.y, source.width, source.height, 0, 0, width, height)
  else surface.context.drawImage(image, 0, 0, width, height)
  return surface
}

/**
 * How a photo is resized by `factor` (its side divided by the new side). Up to 2× a bilinear filter reads every source
 * pixel and stays within half a decibel of a Lanczos filter (measured on native-resolution photos: 37.4 dB against
 * 37.8 dB for Chromium's 'high'), at a sixth of the time on a 12 MP photo; beyond 2× it would skip pixels and alias, so
 * the smoothed filter takes over (decision 0050).
 */
export function resizeQualityFor(factor: number): ResizeQuality {
  return factor <= 2 ? 'low' : 'high'
}

/**
 * The bitmap at the given size. createImageBitmap resizes in the browser's image code without a canvas pass of the
 * full-size photo; where it cannot, the bitmap is returned as it is and drawn at the smaller size instead.
 */
async function resizeBitmap(bitmap: ImageBitmap, width: number, height: number): Promise<ImageBitmap> {
  if (bitmap.width === width && bitmap.height === height) return bitmap
  try {
    return await createImageBitmap(bitmap, { resizeWidth: width, resizeHeight: height, resizeQuality: resizeQualityFor(bitmap.width / width) })
  } catch {
    return bitmap
  }
}

/**
 * The photo at `width`×`height` on a white canvas: resized, then drawn. Always drawn: handing the resized bitmap to a
 * bitmap renderer instead would save the draw, but Chromium then encodes a photo's stored pixels without its EXIF
 * orientation (a phone's upright photo came out on its side; tests/e2e/photo-check.test.ts).
 */
async function renderAt(bitmap: ImageBitmap, width: number, height: number): Promise<Surface> {
  const resized = await resizeBitmap(bitmap, width, height)
  try {
    return drawToSurface(resized, width, height)
  } finally {
    if (resized !== bitmap) resized.close()
  }
}

/**
 * spec §5: at most 4 megapixels, JPEG from quality 0.95 down to 0.7 until about 2 MB. Runs in a worker
 * (image-worker.ts) where the browser has one, on the page otherwise.
 */
export async function compressImage(source: Blob, onCheckCopy?: (copy: Blob) => void): Promise<CompressedImage> {
  const bitmap = await decodeImage(source)
  try {
    return await compressDecoded(bitmap, onCheckCopy)
  } finally {
    bitmap.close()
  }
}

/** compressImage of a photo already decoded (the caller closes the bitmap). */
export async function compressDecoded(bitmap: ImageBitmap, onCheckCopy?: (copy: Blob) => void): Promise<CompressedImage> {
  // The photo check's copy first, from the one decode, so the check runs while the photo is compressed.
  if (onCheckCopy) {
    const copy = await checkCopyOf(bitmap)
    if (copy) onCheckCopy(copy)
  }
  const size = fitWithinPixels(bitmap.width, bitmap.height)
  const { canvas } = await renderAt(bitmap, size.width, size.height)
  try {
    const encoded = await encodeWithinBudget((quality) => canvasToJpeg(canvas, quality))
    return { blob: encoded.blob, width: size.width, height: size.height, quality: encoded.quality }
  } catch (error) {
    if (error instanceof ImageProcessingError) throw error
    throw new ImageProcessingError('encode')
  }
}

/** A decoded photo as a JPEG whose longer side is at most `maxSide`. */
async function jpegWithinSide(bitmap: ImageBitmap, maxSide: number, quality: number): Promise<Blob> {
  const size = fitWithinSide(bitmap.width, bitmap.height, maxSide)
  const { canvas } = await renderAt(bitmap, size.width, size.height)
  return canvasToJpeg(canvas, quality)
}

/** The photo check's copy of a decoded photo (CHECK_COPY_MAX_SIDE at CHECK_COPY_QUALITY), or null if it cannot be made. */
async function checkCopyOf(bitmap: ImageBitmap): Promise<Blob | null> {
  try {
    return await jpegWithinSide(bitmap, CHECK_COPY_MAX_SIDE, CHECK_COPY_QUALITY)
  } catch {
    return null
  }
}

/** A small JPEG for showing a photo the browser cannot show itself (HEIC): max 800 px at 0.9 (spec §5). */
export function previewOf(bitmap: ImageBitmap): Promise<Blob> {
  return jpegWithinSide(bitmap, HEIC_PREVIEW_MAX_SIDE, HEIC_PREVIEW_QUALITY)
}
