import type { GenerationProvider } from './generation-provider'
import { createFailingGenerationProvider, createStallingGenerationProvider } from './diagnostic-generation-providers'
import { createLocalGenerationProvider } from './local-generation-provider'
import { createReplicateGenerationProvider, type ReplicateModel } from './replicate-generation-provider'

export type GenerationProviderName = 'local' | 'failing' | 'stalling' | 'replicate'

/** The one place that chooses the generator: the local engine unless configured otherwise. */
export function createGenerationProvider(config: {
  generationProvider: GenerationProviderName
  replicate?: { apiToken: string; model: ReplicateModel; apiBase: string | undefined } | undefined
}): GenerationProvider {
  switch (config.generationProvider) {
    case 'replicate':
      if (!config.replicate) throw new Error('GENERATION_PROVIDER=replicate needs REPLICATE_API_TOKEN')
      return createReplicateGenerationProvider({ apiToken: config.replicate.apiToken, model: config.replicate.model, baseUrl: config.replicate.apiBase })
    case 'failing':
      return createFailingGenerationProvider()
    case 'stalling':
      return createStallingGenerationProvider()
    default:
      return createLocalGenerationProvider()
  }
}
