// spec §5, §8, §9: what a photo may be and what the visitor is told about it, written once for the browser's
// checks before compression and the server's checks of what arrives (an upload or a fetched web image).

/** spec §5/§9: uploads (and fetched web images) are at most 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** spec §5/§9: above 2 MB the visitor is told the image will be compressed. */
export const COMPRESS_NOTICE_BYTES = 2 * 1024 * 1024
/** spec §5/§9: a photo is reduced to at most 4 million pixels, by the browser before upload and by the server after. */
export const MAX_PHOTO_PIXELS = 4_000_000

/** The image formats the server reads, recognised by their first bytes (never by name or declared type). */
export const ACCEPTED_IMAGE_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'heic'] as const
export type ImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number]

/**
 * The file picker's `accept`: spec §5 takes any type starting with image/, and HEIC/HEIF by extension, as
 * browsers often give those no type at all.
 */
export const UPLOAD_ACCEPT = 'image/*,.heic,.heif'

// spec §5/§8 messages, verbatim.
export const NOT_AN_IMAGE_MESSAGE = 'Please upload an image file'
export const PROCESSING_FAILED_MESSAGE = 'Failed to process image. Please try uploading again.'
export const CORRUPTED_IMAGE_MESSAGE = 'Image data is corrupted. Please upload the image again.'
export const NOTHING_USABLE_MESSAGE = 'Could not process the dropped content. Try downloading the image first or drag a file directly.'
export const CANNOT_ACCESS_IMAGE_MESSAGE = 'Could not access image from this source. Try downloading the image first, then drag and drop the file.'
export const NOT_AN_IMAGE_DROP_MESSAGE = 'The dropped content is not an image. Please drag an image file or URL.'
export const WEB_IMAGE_FAILED_MESSAGE = 'Failed to load image from web source. Try downloading the image first.'
export const TEMPLATE_FAILED_MESSAGE = 'Failed to load template image'
/** Our words (the spec has none) for bytes that are no image the server reads, whatever the file claims to be. */
export const UNSUPPORTED_IMAGE_MESSAGE = 'This file is not a supported image. Please upload a JPEG, PNG, WebP, AVIF or HEIC photo.'

/**
 * Our words for a photo the terms or the engine cannot take (decision 0042-refusing-people-and-non-photos): the wizard
 * shows them right after upload and the server answers a generation with them (422).
 */
export const PERSON_IN_PHOTO_MESSAGE = 'This photo seems to show a person. Our terms only allow photos of rooms with no one in them, so please choose another photo.'
export const NOT_A_ROOM_PHOTO_MESSAGE = 'This looks like a screenshot, a document or a blank picture rather than a photo of a room. Please choose a photo of your bathroom.'

/** Megabytes with one decimal, as the spec's messages show them ("12.3"). */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(1)
}

/** spec §5: a file over 10 MB, with its size ("12.3", or "over 12.0" when only a bound is known). */
export function fileTooLargeMessage(megabytes: string): string {
  return `File is too large (${megabytes} MB). Maximum size is 10MB.`
}

/** spec §5: a fetched web image over 10 MB. */
export function imageTooLargeMessage(megabytes: string): string {
  return `Image is too large (${megabytes} MB). Maximum size is 10MB.`
}

/** spec §5: the notice for a file over 2 MB. */
export function largeImageNotice(bytes: number): string {
  return `Large image (${formatMegabytes(bytes)} MB) will be compressed before processing`
}

/** HEIC/HEIF by type or, since browsers often leave the type empty for them, by extension. */
export function isHeicFile(file: { name: string; type: string }): boolean {
  return /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.(heic|heif)$/i.test(file.name)
}

export type FileCheck = { ok: true; notice: string | null } | { ok: false; message: string }

/** spec §5: the type must start with image/ (HEIC/HEIF count by extension), at most 10 MB; above 2 MB an info notice. */
export function checkImageFile(file: { name: string; type: string; size: number }): FileCheck {
  if (!file.type.startsWith('image/') && !isHeicFile(file)) return { ok: false, message: NOT_AN_IMAGE_MESSAGE }
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, message: fileTooLargeMessage(formatMegabytes(file.size)) }
  if (file.size > COMPRESS_NOTICE_BYTES) return { ok: true, notice: largeImageNotice(file.size) }
  return { ok: true, notice: null }
}
