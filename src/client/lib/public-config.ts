import { useQuery } from '@tanstack/react-query'
import { GENERATION_TIMEOUT_MS } from '../../shared/generation'
import type { GeneratorInfo, PublicConfig } from '../../shared/public-config'
import { apiFetch } from './api'

export const PUBLIC_CONFIG_QUERY_KEY = ['public-config'] as const

/**
 * GET /api/config: how this server is set up (generator, Google sign-in, payments). Public pages are prerendered
 * before any server runs, so they render neutral words first and the configured facts once this answers
 * (decision 0017). Read once per visit.
 */
export function usePublicConfig() {
  return useQuery({
    queryKey: PUBLIC_CONFIG_QUERY_KEY,
    queryFn: ({ signal }) => apiFetch<PublicConfig>('/api/config', { signal }),
    staleTime: Infinity,
    retry: 1,
  })
}

const DEFAULT_TIMEOUT_SECONDS = GENERATION_TIMEOUT_MS / 1000

/** Who makes a design, in a sentence; undefined until the server has said (prerendered pages stay neutral). */
export function generatorSentence(generator: GeneratorInfo | undefined): string | undefined {
  if (!generator) return undefined
  if (generator.kind === 'ai-model') return `Designs here are created by the AI model ${generator.model} (run by ${generator.provider}).`
  return 'Designs here are made by Lavo’s built-in design engine, which restyles the colours and surfaces of your own photo. It is not an AI model.'
}

/** How long a design takes with this generator, and what happens at the time limit (spec §9: 75 s). */
export function timingSentence(config: Pick<PublicConfig, 'generator' | 'generationTimeoutSeconds'> | undefined): string {
  const limit = config?.generationTimeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS
  const usual = !config
    ? 'A design takes from a few seconds to about a minute, depending on the design engine in use.'
    : config.generator.kind === 'ai-model'
      ? `With ${config.generator.model} a design usually takes 30–60 seconds.`
      : 'With the built-in engine a design is usually ready in a few seconds.'
  return `${usual} If a design takes longer than ${limit} seconds we stop, show a sample image and return your credit.`
}

/** Help's third step (spec §2 'get AI transformation'): it says AI only where an AI model does the work. */
export function transformationStepTitle(generator: GeneratorInfo | undefined): string {
  return generator?.kind === 'ai-model' ? 'Get AI Transformation' : 'Get Your Transformation'
}
