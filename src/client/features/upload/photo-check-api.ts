// POST /api/images/check: whether a chosen photo can be used (decision 0042-refusing-people-and-non-photos).
import { ApiError, apiFetch } from '../../lib/api'

/** A refusal of the photo itself: a person in it, or not a photo of a room. Its message is the words to show. */
export type PhotoRefusal = { message: string }

/**
 * Asks the server whether the photo can be used. Only the server's refusal (422) stops it: when the check cannot be
 * made (offline, busy, rate limited) the photo is kept, and the server still checks it before any credit is spent.
 */
export async function checkPhotoCanBeUsed(blob: Blob, name: string): Promise<PhotoRefusal | null> {
  const form = new FormData()
  form.append('file', blob, name || 'photo.jpg')
  try {
    await apiFetch('/api/images/check', { form })
    return null
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) return { message: error.message }
    return null
  }
}
