import { createHash, randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Database } from '../db/client'
import { images } from '../db/schema'
import { fetchRemoteImage, RemoteFetchError, type RemoteFetchOptions } from '../images/fetch-remote-image'
import { CANNOT_ACCESS_IMAGE_MESSAGE, formatMegabytes, imageTooLargeMessage, NOT_AN_IMAGE_DROP_MESSAGE, WEB_IMAGE_FAILED_MESSAGE } from '../../shared/upload-rules'
import { normalizeImage, type NormalizedImage } from '../images/normalize-image'
import { AppError } from '../lib/app-error'
import type { ObjectStorage } from '../storage/object-storage'

export type ImageDeps = { db: Database; storage: ObjectStorage }

export type StoredImage = { id: string; width: number; height: number; url: string; sha256: string }

export const imageUrl = (id: string) => `/api/images/${id}`

/** Stores already-clean JPEG bytes for a user under a generated key. */
export async function saveImage(deps: ImageDeps, userId: string, image: Pick<NormalizedImage, 'bytes' | 'width' | 'height' | 'contentType'>): Promise<StoredImage> {
  const id = randomUUID()
  const sha256 = createHash('sha256').update(image.bytes).digest('hex')
  const storageKey = `images/${userId}/${id}.jpg`
  await deps.storage.put(storageKey, image.bytes, image.contentType)
  await deps.db.insert(images).values({ id, userId, storageKey, contentType: image.contentType, width: image.width, height: image.height, bytes: image.bytes.length, sha256 })
  return { id, width: image.width, height: image.height, url: imageUrl(id), sha256 }
}

/** Removes a stored image that nothing refers to (its row, then its file). */
export async function discardImage(deps: ImageDeps, imageId: string): Promise<void> {
  const [row] = await deps.db.delete(images).where(eq(images.id, imageId)).returning({ storageKey: images.storageKey })
  if (row) await deps.storage.delete(row.storageKey)
}

/** An upload: checked by content, normalised and stripped of metadata, then stored privately. */
export async function uploadImage(deps: ImageDeps, userId: string, input: Buffer): Promise<StoredImage> {
  return saveImage(deps, userId, await normalizeImage(input))
}

/** Refuses an upload (413) once the account's stored images (photos and results) reach its quota. */
export async function assertStorageQuota(db: Database, userId: string, quotaBytes: number): Promise<void> {
  const [row] = await db
    .select({ used: sql<number>`coalesce(sum(${images.bytes}), 0)::bigint` })
    .from(images)
    .where(eq(images.userId, userId))
  const used = Number(row?.used ?? 0)
  if (used >= quotaBytes) {
    throw new AppError('payload_too_large', `Your photo storage is full (${Math.round(quotaBytes / 1024 / 1024)} MB). Delete some designs to upload more photos.`)
  }
}

/** The image's bytes for its owner; anyone else gets the same 404 as for a missing image. */
export async function readOwnImage(deps: ImageDeps, userId: string, imageId: string): Promise<{ bytes: Buffer; contentType: string }> {
  const [row] = await deps.db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId)))
  const bytes = row ? await deps.storage.get(row.storageKey) : undefined
  if (!row || !bytes) throw new AppError('not_found', 'Image not found')
  return { bytes, contentType: row.contentType }
}

export async function findOwnImage(db: Database, userId: string, imageId: string) {
  const [row] = await db
    .select()
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId)))
  return row
}

export type ImportDeps = { db: Database; fetchOptions?: RemoteFetchOptions }

/**
 * A dropped web image, fetched by the server (browsers are blocked by CORS) and returned normalised.
 * Nothing is stored: a visitor's photo stays in their browser until they transform it.
 */
export async function importRemoteImage(deps: ImportDeps, url: string): Promise<NormalizedImage> {
  let bytes: Buffer
  try {
    bytes = await fetchRemoteImage(url, deps.fetchOptions)
  } catch (error) {
    if (!(error instanceof RemoteFetchError)) throw error
    switch (error.reason) {
      case 'invalid_url':
        throw new AppError('validation', NOT_AN_IMAGE_DROP_MESSAGE, { internal: error.message })
      case 'too_large':
        throw new AppError('payload_too_large', imageTooLargeMessage(error.detail?.bytes ? formatMegabytes(error.detail.bytes) : 'over 10'))
      case 'timeout':
        throw new AppError('provider_failed', WEB_IMAGE_FAILED_MESSAGE, { internal: error.message })
      default:
        throw new AppError('validation', CANNOT_ACCESS_IMAGE_MESSAGE, { internal: `${error.reason}: ${error.message}` })
    }
  }
  try {
    return await normalizeImage(bytes)
  } catch (error) {
    if (error instanceof AppError && (error.code === 'unsupported_media' || error.code === 'validation')) throw new AppError('unsupported_media', NOT_AN_IMAGE_DROP_MESSAGE, { internal: error.message })
    throw error
  }
}
