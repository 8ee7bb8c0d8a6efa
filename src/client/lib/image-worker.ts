// The image work of the upload step, off the page's main thread (issue 17 §3): decoding a 12-megapixel photo (or an
// iPhone HEIC one), resizing and the JPEG quality loop take hundreds of milliseconds that would otherwise freeze the
// page. Same functions as on the page (image-compression.ts, heic-decode.ts); only where they run differs.
import { convertHeic } from './heic-decode'
import { compressImage, ImageProcessingError } from './image-compression'
import type { ImageJob, ImageJobProgress, ImageJobResult } from './image-worker-client'

const scope = self as unknown as { onmessage: ((event: MessageEvent<ImageJob>) => void) | null; postMessage: (message: ImageJobResult | ImageJobProgress) => void }

scope.onmessage = async (event) => {
  const { id, task, source, checkCopy } = event.data
  const onCheckCopy = checkCopy ? (copy: Blob) => scope.postMessage({ id, checkCopy: copy }) : undefined
  try {
    if (task === 'compress') scope.postMessage({ id, ok: true, task, compressed: await compressImage(source, onCheckCopy) })
    else scope.postMessage({ id, ok: true, task, heic: await convertHeic(source, onCheckCopy) })
  } catch (error) {
    scope.postMessage({ id, ok: false, reason: error instanceof ImageProcessingError ? error.reason : 'encode' })
  }
}
