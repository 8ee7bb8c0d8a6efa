import type { GenerationProvider } from './generation-provider'
import { renderLocalRedesign } from './local/local-engine'
import { changesOf } from './local/surface-classes'

/** The embedded default: Lavo's on-machine design engine (not an AI model; method local-style-transfer). */
export function createLocalGenerationProvider(): GenerationProvider {
  return {
    name: 'local',
    async generate(input) {
      input.signal.throwIfAborted()
      const output = await renderLocalRedesign({ image: input.image, styleId: input.styleId, paletteId: input.paletteId, roomType: input.roomType, seed: input.seed, changes: changesOf(input.changes) })
      return { image: output.image, method: output.method }
    },
  }
}
