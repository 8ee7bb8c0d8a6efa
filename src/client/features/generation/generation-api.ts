// The generation endpoints: upload the photo, ask for a generation, read its progress.
import type { GenerationView } from '../../../shared/generation'
import type { AcceptedComparison, CompareRequestInput, GenerationRequestInput } from '../../../shared/schemas/generation'
import { PROCESSING_FAILED_MESSAGE } from '../../../shared/upload-rules'
import { apiFetch } from '../../lib/api'

export type UploadedImage = { id: string; width: number; height: number; url: string }

/** POST /api/images: multipart with the compressed JPEG in `file` → 201 { id, width, height, url }. */
export function uploadPhoto(blob: Blob, name: string, signal?: AbortSignal): Promise<UploadedImage> {
  const form = new FormData()
  // The server checks the content, not the name; the name only says what the bytes are after compression.
  form.append('file', blob, blob.type === 'image/jpeg' ? `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg` : name || 'photo')
  return apiFetch<UploadedImage>('/api/images', { form, signal, failureMessage: PROCESSING_FAILED_MESSAGE })
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

/** POST /api/generations/compare → 202 (200 when every style was made earlier today) { generations: [{ style, id, cached }], timeoutMs }. */
export function requestComparison(body: CompareRequestInput): Promise<AcceptedComparison> {
  return apiFetch<AcceptedComparison>('/api/generations/compare', { body })
}
