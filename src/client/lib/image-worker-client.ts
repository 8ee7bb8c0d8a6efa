// Runs the upload step's image work in a Web Worker (image-worker.ts) when the browser can decode, resize and encode
// there (createImageBitmap and OffscreenCanvas in workers), and on the page otherwise, with the same results.
import { convertHeic, type ConvertedHeic } from './heic-decode'
import { compressImage, ImageProcessingError, type CompressedImage } from './image-compression'

export type ImageJob = { id: number; task: 'compress' | 'heic'; source: Blob; checkCopy?: boolean }
/** A compress job asked for the photo check's copy: sent on its way, before the job's result. */
export type ImageJobProgress = { id: number; checkCopy: Blob }
export type ImageJobResult =
  | { id: number; ok: true; task: 'compress'; compressed: CompressedImage }
  | { id: number; ok: true; task: 'heic'; heic: ConvertedHeic }
  | { id: number; ok: false; reason: 'decode' | 'encode' }

type Pending = { resolve: (result: ImageJobResult) => void; reject: (error: unknown) => void; onCheckCopy?: (copy: Blob) => void }

let worker: Worker | null | undefined
let nextId = 1
const pending = new Map<number, Pending>()

function canUseWorker(): boolean {
  return typeof Worker !== 'undefined' && typeof OffscreenCanvas !== 'undefined' && typeof createImageBitmap === 'function'
}

/** The one worker, started on first use and kept for the next photo; null where workers cannot do the job. */
function imageWorker(): Worker | null {
  if (worker !== undefined) return worker
  if (!canUseWorker()) return (worker = null)
  try {
    worker = new Worker(new URL('./image-worker.ts', import.meta.url), { type: 'module', name: 'lavo-images' })
  } catch {
    return (worker = null)
  }
  worker.onmessage = (event: MessageEvent<ImageJobResult | ImageJobProgress>) => {
    const message = event.data
    const job = pending.get(message.id)
    if ('checkCopy' in message) return job?.onCheckCopy?.(message.checkCopy)
    pending.delete(message.id)
    job?.resolve(message)
  }
  // A worker that fails to load or crashes: its jobs (and later ones) run on the page instead.
  worker.onerror = (event) => {
    event.preventDefault()
    worker?.terminate()
    worker = null
    for (const job of pending.values()) job.reject(new Error('image worker failed'))
    pending.clear()
  }
  return worker
}

/** Starts the worker ahead of the first photo (e.g. when the upload step is shown), so its start-up is not waited for. */
export function warmUpImageWorker(): void {
  imageWorker()
}

async function run(task: ImageJob['task'], source: Blob, onCheckCopy?: (copy: Blob) => void): Promise<ImageJobResult | undefined> {
  const target = imageWorker()
  if (!target) return undefined
  const id = nextId++
  try {
    return await new Promise<ImageJobResult>((resolve, reject) => {
      pending.set(id, { resolve, reject, onCheckCopy })
      target.postMessage({ id, task, source, checkCopy: Boolean(onCheckCopy) } satisfies ImageJob)
    })
  } catch {
    return undefined
  }
}

/**
 * compressImage (spec §5: 4 MP, 0.95 → 0.7 until about 2 MB), in the worker when there is one. `onCheckCopy` receives
 * the photo check's small copy as soon as it is made, before the compression is done; if the worker fails after
 * sending one, the page's own run sends another.
 */
export async function compressPhoto(source: Blob, onCheckCopy?: (copy: Blob) => void): Promise<CompressedImage> {
  const result = await run('compress', source, onCheckCopy)
  if (!result) return compressImage(source, onCheckCopy)
  if (!result.ok) throw new ImageProcessingError(result.reason)
  if (result.task !== 'compress') throw new ImageProcessingError('encode')
  return result.compressed
}

/** convertHeic (the compressed photo and its 800 px preview, spec §5), in the worker when there is one. */
export async function convertHeicPhoto(source: Blob, onCheckCopy?: (copy: Blob) => void): Promise<ConvertedHeic> {
  const result = await run('heic', source, onCheckCopy)
  if (!result) return convertHeic(source, onCheckCopy)
  if (!result.ok) throw new ImageProcessingError(result.reason)
  if (result.task !== 'heic') throw new ImageProcessingError('encode')
  return result.heic
}
