import type { GenerationProvider } from './generation-provider'
import { EngineThread } from './local/engine-thread'
import { changesOf } from './local/surface-classes'

/** One engine thread per process, started by the first redesign: every provider made here shares it. */
let shared: EngineThread | null = null

/**
 * The embedded default: Lavo's on-machine design engine (not an AI model; method local-style-transfer), on a thread
 * of its own so the server keeps answering while it works (engine-thread.ts).
 */
export function createLocalGenerationProvider(engine: EngineThread = (shared ??= new EngineThread())): GenerationProvider {
  return {
    name: 'local',
    async generate(input) {
      const output = await engine.render({ image: input.image, styleId: input.styleId, paletteId: input.paletteId, roomType: input.roomType, seed: input.seed, changes: changesOf(input.changes) }, input.signal)
      return { image: output.image, method: output.method }
    },
    async warmUp() {
      await engine.warmUp()
    },
  }
}
