import convertHeic from 'heic-convert'
import sharp, { type Metadata } from 'sharp'
import { CORRUPTED_IMAGE_MESSAGE, fileTooLargeMessage, formatMegabytes, MAX_PHOTO_PIXELS, MAX_UPLOAD_BYTES, UNSUPPORTED_IMAGE_MESSAGE, type ImageFormat } from '../../shared/upload-rules'
import { AppError } from '../lib/app-error'
import { containsMarkup, detectImageType } from './image-type'

// spec §5/§9 and ARCHITECTURE.md "Images" (the byte limit and pixel cap the browser applies too are in shared/upload-rules).
export const MAX_INPUT_PIXELS = 50_000_000
export const MAX_OUTPUT_SIDE = 2560
const TARGET_BYTES = 1_100_000

export type NormalizedImage = { bytes: Buffer; width: number; height: number; contentType: 'image/jpeg'; sourceType: ImageFormat }

const CORRUPTED = CORRUPTED_IMAGE_MESSAGE

async function readHeader(bytes: Buffer): Promise<Metadata> {
  try {
    return await sharp(bytes, { limitInputPixels: false }).metadata()
  } catch (error) {
    throw new AppError('validation', CORRUPTED, { internal: 'metadata read failed', cause: error })
  }
}

function checkPixelCount(metadata: Metadata): Metadata {
  const width = metadata.width ?? 0
  const height = metadata.height ?? 0
  if (width === 0 || height === 0) throw new AppError('validation', CORRUPTED)
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError('validation', `This image is too large (${width}×${height} pixels). Please use a photo under ${MAX_INPUT_PIXELS / 1_000_000} megapixels.`)
  }
  return metadata
}

/**
 * Checks an upload by its content and returns a clean JPEG: type from the bytes, size and pixel count
 * checked before decoding, EXIF orientation applied, every piece of metadata (GPS included) removed,
 * at most 4 megapixels and 2560 px a side, about 1 MB.
 */
export async function normalizeImage(input: Buffer): Promise<NormalizedImage> {
  if (input.length === 0) throw new AppError('validation', 'The file is empty. Please choose a photo.')
  if (input.length > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', fileTooLargeMessage(formatMegabytes(input.length)))
  const sourceType = detectImageType(input)
  if (!sourceType) throw new AppError('unsupported_media', UNSUPPORTED_IMAGE_MESSAGE)
  if (containsMarkup(input)) throw new AppError('unsupported_media', 'This file contains web page code as well as an image and cannot be used. Please export the photo again.')

  // Only the header is read: a pixel bomb is refused before any pixel is decoded (a HEIC's too, before
  // heic-convert decodes the whole picture into memory).
  let metadata = checkPixelCount(await readHeader(input))
  let decodable = input
  if (sourceType === 'heic') {
    // sharp's prebuilt libvips cannot decode HEVC; heic-convert (libheif in wasm) can.
    try {
      decodable = Buffer.from(await convertHeic({ buffer: input, format: 'JPEG', quality: 0.92 }))
    } catch (error) {
      throw new AppError('validation', CORRUPTED, { internal: 'heic decode failed', cause: error })
    }
    metadata = checkPixelCount(await readHeader(decodable))
  }
  const width = metadata.width!
  const height = metadata.height!

  const scale = Math.min(1, Math.sqrt(MAX_PHOTO_PIXELS / (width * height)), MAX_OUTPUT_SIDE / Math.max(width, height))
  const targetWidth = Math.max(1, Math.floor(width * scale))
  const targetHeight = Math.max(1, Math.floor(height * scale))
  // After .rotate() the orientation may swap the sides; resize the rotated image to fit the same box.
  const rotated = metadata.orientation !== undefined && metadata.orientation >= 5
  const box = rotated ? { width: targetHeight, height: targetWidth } : { width: targetWidth, height: targetHeight }

  try {
    let quality = 84
    for (;;) {
      const { data, info } = await sharp(decodable, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', sequentialRead: true })
        .rotate()
        .resize({ ...box, fit: 'inside', withoutEnlargement: true })
        .flatten({ background: '#ffffff' })
        .toColourspace('srgb')
        .jpeg({ quality, chromaSubsampling: '4:2:0' })
        .toBuffer({ resolveWithObject: true })
      if (data.length <= TARGET_BYTES || quality <= 60) return { bytes: data, width: info.width, height: info.height, contentType: 'image/jpeg', sourceType }
      quality -= 8
    }
  } catch (error) {
    if (error instanceof AppError) throw error
    throw new AppError('validation', CORRUPTED, { internal: 'decode failed', cause: error })
  }
}
