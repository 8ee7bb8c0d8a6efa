// Turns whatever the visitor gave us (a file, a pasted image, a web address, an embedded image, a stock
// photo) into the compressed photo the wizard stores (spec §5). Every failure carries the spec's message.
import type { StoredPhoto } from '../../lib/browser-storage'
import { hashBlob } from '../../lib/browser-storage'
import { ImageProcessingError } from '../../lib/image-compression'
import { ApiError, apiFetchBlob } from '../../lib/api'
import { compressPhoto, convertHeicPhoto } from '../../lib/image-worker-client'
import type { ImageImportInput } from '../../../shared/schemas/images'
import { checkImageFile, CORRUPTED_IMAGE_MESSAGE, isHeicFile, PROCESSING_FAILED_MESSAGE, WEB_IMAGE_FAILED_MESSAGE } from '../../../shared/upload-rules'

/** A failure whose message is already the right text for the visitor. */
export class PhotoError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PhotoError'
  }
}

export type PreparedPhoto = { photo: StoredPhoto; notice: string | null }

/** The spec checks for a file before any work is done (type and size, and the over-2 MB notice). */
export function checkFile(file: File): { notice: string | null } {
  const check = checkImageFile(file)
  if (!check.ok) throw new PhotoError(check.message)
  return { notice: check.notice }
}

/**
 * spec §5: HEIC/HEIF are converted for preview (libheif in the image worker, loaded only now: heic-decode.ts); on
 * failure the raw file is used.
 */
async function prepareHeic(file: File, onCheckCopy?: (copy: Blob) => void): Promise<Pick<StoredPhoto, 'blob' | 'preview' | 'width' | 'height'>> {
  try {
    const { compressed, preview } = await convertHeicPhoto(file, onCheckCopy)
    return { blob: compressed.blob, preview, width: compressed.width, height: compressed.height }
  } catch {
    // Some browsers (Safari) decode HEIC themselves; otherwise the server converts the original.
    try {
      const compressed = await compressPhoto(file, onCheckCopy)
      return { blob: compressed.blob, preview: compressed.blob, width: compressed.width, height: compressed.height }
    } catch {
      return { blob: file, preview: null, width: null, height: null }
    }
  }
}

/**
 * Checks, converts and compresses one image file into the photo the wizard keeps. `onCheckCopy` receives a small copy
 * for the photo check as soon as there is one (decision 0042), so the check need not wait for the compression.
 */
export async function preparePhoto(file: File, onCheckCopy?: (copy: Blob) => void): Promise<PreparedPhoto> {
  const { notice } = checkFile(file)
  // A retried conversion or compression may make another copy: only the first is sent to the check.
  let delivered = false
  const deliver = onCheckCopy
    ? (copy: Blob) => {
        if (delivered) return
        delivered = true
        onCheckCopy(copy)
      }
    : undefined
  let prepared: Pick<StoredPhoto, 'blob' | 'preview' | 'width' | 'height'>
  if (isHeicFile(file)) {
    prepared = await prepareHeic(file, deliver)
  } else {
    try {
      const compressed = await compressPhoto(file, deliver)
      prepared = { blob: compressed.blob, preview: compressed.blob, width: compressed.width, height: compressed.height }
    } catch (error) {
      throw new PhotoError(error instanceof ImageProcessingError ? error.message : PROCESSING_FAILED_MESSAGE)
    }
  }
  const hash = await hashBlob(prepared.blob)
  return { photo: { ...prepared, name: file.name || 'photo.jpg', hash, savedAt: Date.now() }, notice }
}

/** A name for an image that came without one. */
function fileNameFrom(url: string, fallback: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop()
    return last && /\.[a-z0-9]{2,5}$/i.test(last) ? decodeURIComponent(last).slice(0, 100) : fallback
  } catch {
    return fallback
  }
}

/** A positive whole number from a header, else null. */
function dimension(value: string | null): number | null {
  const number = Number(value)
  return Number.isInteger(number) && number > 0 ? number : null
}

/**
 * A web image is fetched by our server (browsers are blocked by CORS, and the server refuses private
 * addresses): the answer is the image already normalised by the server (a JPEG of at most 4 megapixels, about
 * 1 MB), kept as it is rather than compressed again; a refusal's message is already the spec's text.
 */
export async function importWebImage(url: string): Promise<PreparedPhoto> {
  const request: ImageImportInput = { url }
  let answer: { blob: Blob; headers: Headers }
  try {
    answer = await apiFetchBlob('/api/images/import', { body: request, accept: 'image/*, application/json', failureMessage: WEB_IMAGE_FAILED_MESSAGE })
  } catch (error) {
    // No answer at all (offline, timed out) is the spec's failure to load; a refusal says why.
    if (error instanceof ApiError) throw new PhotoError(error.status === 0 ? WEB_IMAGE_FAILED_MESSAGE : error.message)
    throw error
  }
  const { blob, headers } = answer
  const hash = await hashBlob(blob)
  const photo: StoredPhoto = {
    blob,
    preview: blob,
    name: fileNameFrom(url, 'web-image.jpg'),
    width: dimension(headers.get('x-image-width')),
    height: dimension(headers.get('x-image-height')),
    hash,
    savedAt: Date.now(),
  }
  return { photo, notice: null }
}

/** An embedded image (data:image/…) used directly; broken base64 is "corrupted" (spec §8). */
export function dataUrlToFile(url: string, name = 'dropped-image'): File {
  const match = /^data:(image\/[a-z0-9.+-]+)?(;[^,]*)?,(.*)$/is.exec(url)
  if (!match) throw new PhotoError(CORRUPTED_IMAGE_MESSAGE)
  const type = match[1] ?? 'image/png'
  const isBase64 = /;base64/i.test(match[2] ?? '')
  const payload = match[3] ?? ''
  try {
    const bytes = isBase64 ? Uint8Array.from(atob(payload.replace(/\s/g, '')), (char) => char.charCodeAt(0)) : new TextEncoder().encode(decodeURIComponent(payload))
    if (bytes.length === 0) throw new Error('empty')
    const extension = type.split('/')[1]?.replace('jpeg', 'jpg').replace('svg+xml', 'svg') ?? 'png'
    return new File([bytes], `${name}.${extension}`, { type })
  } catch {
    throw new PhotoError(CORRUPTED_IMAGE_MESSAGE)
  }
}
