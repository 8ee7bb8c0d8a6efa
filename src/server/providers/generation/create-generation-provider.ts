import type { GeneratorInfo } from '../../../shared/public-config'
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

const REPLICATE_MODEL_NAMES: Record<ReplicateModel, string> = { 'flux-canny-pro': 'FLUX.1 Canny [pro]', 'flux-depth-pro': 'FLUX.1 Depth [pro]' }

/**
 * What the product tells visitors about the generator (spec: honest about the built-in engine), decided next to
 * the factory so the words and the provider cannot disagree. The diagnostic providers stand in for the built-in one.
 */
export function describeGenerator(config: { generationProvider: GenerationProviderName; replicate?: { model: ReplicateModel } | undefined }): GeneratorInfo {
  if (config.generationProvider === 'replicate' && config.replicate) return { kind: 'ai-model', model: REPLICATE_MODEL_NAMES[config.replicate.model], provider: 'Replicate' }
  return { kind: 'built-in' }
}
