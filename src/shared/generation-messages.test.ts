import { describe, expect, it } from 'vitest'
import { fallbackOverlay, fallbackToast } from './generation-messages'

describe('The sample-image toast (spec §8)', () => {
  it('quotes the server error when there is one', () => {
    expect(fallbackToast({ error: 'Model overloaded', errorType: 'failed' })).toBe('Using sample image: Model overloaded')
  })

  it('says the generation took too long after a timeout', () => {
    expect(fallbackToast({ error: null, errorType: 'timeout' })).toBe('Generation took too long - showing sample image. Please try again.')
  })

  it('offers Retry Generation after any other failure', () => {
    expect(fallbackToast({ error: null, errorType: 'failed' })).toBe('Generation failed - showing sample image. Click "Retry Generation" to try again.')
  })
})

describe('The sample-image overlay (spec §8)', () => {
  it('names a timeout and any other failure', () => {
    expect(fallbackOverlay('timeout')).toEqual({ title: 'Generation Timeout', detail: 'Took too long - try again' })
    expect(fallbackOverlay('failed')).toEqual({ title: 'Generation Failed', detail: 'Sample image shown' })
    expect(fallbackOverlay(null)).toEqual({ title: 'Generation Failed', detail: 'Sample image shown' })
  })
})
