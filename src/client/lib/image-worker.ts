// The image work of the upload step, off the page's main thread (issue 17 §3): decoding a 12-megapixel photo,
// resizing and the JPEG quality loop take hundreds of milliseconds that would otherwise freeze the page.
// Same functions as on the page (image-compression.ts); only where they run differs.
import { compressImage, ImageProcessingError, resizeForPreview } from './image-compression'
import type { ImageJob, ImageJobProgress, ImageJobResult } from './image-worker-client'

const scope = self as unknown as { onmessage: ((event: MessageEvent<ImageJob>) => void) | null; postMessage: (message: ImageJobResult | ImageJobProgress) => void }

scope.onmessage = async (event) => {
  const { id, task, source, checkCopy } = event.data
  try {
    if (task === 'compress') {
      const compressed = await compressImage(source, checkCopy ? (copy) => scope.postMessage({ id, checkCopy: copy }) : undefined)
      scope.postMessage({ id, ok: true, task, compressed })
    } else {
      scope.postMessage({ id, ok: true, task, preview: await resizeForPreview(source) })
    }
  } catch (error) {
    scope.postMessage({ id, ok: false, reason: error instanceof ImageProcessingError ? error.reason : 'encode' })
  }
}
