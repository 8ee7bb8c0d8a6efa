import { describe, expect, it } from 'vitest'
import { describeGenerator } from './create-generation-provider'

describe('describeGenerator', () => {
  it('says built-in for the local engine and the diagnostic providers', () => {
    for (const generationProvider of ['local', 'failing', 'stalling'] as const) expect(describeGenerator({ generationProvider })).toEqual({ kind: 'built-in' })
  })

  it('names the Replicate model that is configured', () => {
    expect(describeGenerator({ generationProvider: 'replicate', replicate: { model: 'flux-depth-pro' } })).toEqual({ kind: 'ai-model', model: 'FLUX.1 Depth [pro]', provider: 'Replicate' })
    expect(describeGenerator({ generationProvider: 'replicate', replicate: { model: 'flux-canny-pro' } })).toEqual({ kind: 'ai-model', model: 'FLUX.1 Canny [pro]', provider: 'Replicate' })
  })
})
