// The generation endpoints: upload the photo, ask for a generation, read its progress.
import type { GenerationView } from '../../../shared/generation'
import type { GenerationRequestInput } from '../../../shared/schemas/generation'
import { apiFetch, ApiError } from '../../lib/api'

export type UploadedImage = { id: string; width: number; height: number; url: string }

/** POST /api/images: multipart with the compressed JPEG in `file` → 201 { id, width, height, url }. */
export async function uploadPhoto(blob: Blob, name: string, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData()
  // The server checks the content, not the name; the name only says what the bytes are after compression.
  form.append('file', blob, blob.type === 'image/jpeg' ? `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg` : name || 'photo')
  let response: Response
  try {
    response = await fetch('/api/images', { method: 'POST', body: form, credentials: 'same-origin', headers: { accept: 'application/json' }, signal })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'network', 'We could not reach Lavo. Check your connection and try again.')
  }
  const body = (await response.json().catch(() => undefined)) as (UploadedImage & { error?: { code?: string; message?: string } }) | undefined
  if (!response.ok || !body?.id) {
    throw new ApiError(response.status, body?.error?.code ?? 'error', body?.error?.message ?? 'Failed to process image. Please try uploading again.')
  }
  return { id: body.id, width: body.width, height: body.height, url: body.url }
}

/** The server's answer to a request: the generation, and its time limit counted from now (decision 0009). */
export type AcceptedGeneration = { id: string; cached?: boolean; timeoutMs?: number }

/** POST /api/generations → 202 { id, timeoutMs } (or 200 { id, cached: true, timeoutMs } for a result from the last 24 h). */
export function requestGeneration(body: GenerationRequestInput): Promise<AcceptedGeneration> {
  return apiFetch<AcceptedGeneration>('/api/generations', { body })
}

/** GET /api/generations/:id */
export function fetchGeneration(id: string, signal?: AbortSignal): Promise<GenerationView> {
  return apiFetch<GenerationView>(`/api/generations/${encodeURIComponent(id)}`, { signal })
}
