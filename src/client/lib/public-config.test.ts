import { describe, expect, it } from 'vitest'
import { generatorSentence, timingSentence, transformationStepTitle } from './public-config'

const builtIn = { generator: { kind: 'built-in' as const }, generationTimeoutSeconds: 75 }
const flux = { generator: { kind: 'ai-model' as const, model: 'FLUX.1 Canny [pro]', provider: 'Replicate' }, generationTimeoutSeconds: 75 }

describe('copy for the configured generator', () => {
  it('promises no AI where the built-in engine runs', () => {
    expect(transformationStepTitle(builtIn.generator)).toBe('Get Your Transformation')
    expect(generatorSentence(builtIn.generator)).toContain('not an AI model')
    expect(timingSentence(builtIn)).toBe('With the built-in engine a design is usually ready in a few seconds. If a design takes longer than 75 seconds we stop, show a sample image and return your credit.')
  })

  it('names the AI model where one is configured, with its timing', () => {
    expect(transformationStepTitle(flux.generator)).toBe('Get AI Transformation')
    expect(generatorSentence(flux.generator)).toBe('Designs here are created by the AI model FLUX.1 Canny [pro] (run by Replicate).')
    expect(timingSentence(flux)).toContain('With FLUX.1 Canny [pro] a design usually takes 30–60 seconds.')
  })

  it('stays neutral until the server has said, and follows the configured limit', () => {
    expect(transformationStepTitle(undefined)).toBe('Get Your Transformation')
    expect(generatorSentence(undefined)).toBeUndefined()
    expect(timingSentence(undefined)).not.toMatch(/\bAI\b/)
    expect(timingSentence(undefined)).toContain('longer than 75 seconds')
    expect(timingSentence({ ...builtIn, generationTimeoutSeconds: 90 })).toContain('longer than 90 seconds')
  })
})
