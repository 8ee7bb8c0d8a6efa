import { and, eq } from 'drizzle-orm'
import { NOT_A_ROOM_PHOTO_MESSAGE, PERSON_IN_PHOTO_MESSAGE } from '../../shared/upload-rules'
import type { Database } from '../db/client'
import { images } from '../db/schema'
import type { PhotoRefusal, PhotoScreener } from '../images/photo-screening'
import { normalizeImage } from '../images/normalize-image'
import { AppError } from '../lib/app-error'
import type { ObjectStorage } from '../storage/object-storage'

export type PhotoCheckDeps = { db: Database; storage: ObjectStorage; screenPhoto: PhotoScreener }

const MESSAGES: Record<PhotoRefusal, string> = { person: PERSON_IN_PHOTO_MESSAGE, not_a_photo: NOT_A_ROOM_PHOTO_MESSAGE }

function refuse(refusal: PhotoRefusal, detail: string): never {
  throw new AppError('photo_refused', MESSAGES[refusal], { internal: `photo refused (${refusal}): ${detail}` })
}

/**
 * The wizard's check right after a photo is chosen (decision 0042): the same normalisation as an upload, then the
 * screening; nothing is stored. Throws 422 with the words the wizard shows.
 */
export async function checkPhoto(screenPhoto: PhotoScreener, input: Buffer): Promise<void> {
  const photo = await normalizeImage(input)
  const screening = await screenPhoto(photo.bytes)
  if (screening.refusal) refuse(screening.refusal, JSON.stringify({ people: screening.people, measures: screening.measures }))
}

/**
 * Before a generation spends anything: the user's stored photo must pass the same check (422 otherwise, and no credit
 * moves). The verdict is kept on the image, so a photo is screened once however often it is used.
 */
export async function assertPhotoAllowed(deps: PhotoCheckDeps, userId: string, imageId: string): Promise<void> {
  const [row] = await deps.db
    .select({ storageKey: images.storageKey, screening: images.screening })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId)))
  // A missing photo is the generation's own 404, answered where it spends.
  if (!row) return
  let verdict = row.screening
  if (!verdict) {
    const bytes = await deps.storage.get(row.storageKey)
    if (!bytes) return
    const screening = await deps.screenPhoto(bytes)
    verdict = screening.refusal ?? 'passed'
    await deps.db.update(images).set({ screening: verdict }).where(eq(images.id, imageId))
  }
  if (verdict !== 'passed') refuse(verdict, `stored image ${imageId}`)
}
