// spec §8 generation messages, verbatim: the browser's toasts and overlays and the server's result both use them.
import type { GenerationResult } from './generation'

export const NO_CREDITS_MESSAGE = 'No credits available. Please purchase credits to generate designs.'
export const TIMEOUT_MESSAGE = 'Generation took too long - showing sample image. Please try again.'
export const FAILED_MESSAGE = 'Generation failed - showing sample image. Click "Retry Generation" to try again.'
export const SAVED_MESSAGE = 'Design saved to your collection!'
/** spec §5: the credit step's refusal when the balance is below 1 (a generation, or a product list). */
export const INSUFFICIENT_CREDITS_MESSAGE = 'Insufficient credits'

/** The toast for a sample-image result (spec §8). */
export function fallbackToast(result: Pick<GenerationResult, 'error' | 'errorType'>): string {
  if (result.error) return `Using sample image: ${result.error}`
  return result.errorType === 'timeout' ? TIMEOUT_MESSAGE : FAILED_MESSAGE
}

/** The overlay on a sample image (spec §8). */
export function fallbackOverlay(errorType: GenerationResult['errorType']): { title: string; detail: string } {
  return errorType === 'timeout' ? { title: 'Generation Timeout', detail: 'Took too long - try again' } : { title: 'Generation Failed', detail: 'Sample image shown' }
}
