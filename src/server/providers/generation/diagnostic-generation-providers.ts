import { GenerationRefusal, type GenerationProvider } from './generation-provider'

/**
 * Providers an operator (or a test) selects on purpose with GENERATION_PROVIDER to see the product's
 * failure paths end to end: one that always fails, one that never answers within the timeout.
 */
export function createFailingGenerationProvider(): GenerationProvider {
  return {
    name: 'failing',
    async generate() {
      throw new GenerationRefusal('The design service is unavailable right now.', { detail: 'The generation provider is unavailable (GENERATION_PROVIDER=failing)' })
    },
  }
}

export function createStallingGenerationProvider(): GenerationProvider {
  return {
    name: 'stalling',
    generate: (input) =>
      new Promise((_, reject) => {
        input.signal.addEventListener('abort', () => reject(input.signal.reason ?? new Error('aborted')), { once: true })
      }),
  }
}
