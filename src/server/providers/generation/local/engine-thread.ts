// The built-in engine on a thread of its own (decision 0056). A redesign is seconds of pixel work in JavaScript; run
// in the server's own thread it would hold every other request (a page, a poll, a payment) until it was done. Here
// the server posts the request and keeps answering while the engine thread works (with its painting threads,
// paint-threads.ts). A thread that dies fails the redesigns it held, with an error the generation service refunds
// and falls back on, and the next redesign starts a new one.
import { LOCAL_METHOD, LocalEngineInputError, type LocalRedesignInput, type LocalRedesignOutput } from './local-engine'
import { WorkerRequests } from './worker-entry'

/** The photo travels as its own copy of the bytes (a Buffer may be a view into a larger pool). */
export type EngineRequest = { id: number; input: Omit<LocalRedesignInput, 'image'> & { image: Uint8Array } } | { id: number; warmUp: true }
export type EngineReply =
  | { id: number; ok: true; image: Uint8Array; width: number; height: number }
  | { id: number; ok: true; warm: { materials: number } }
  | { id: number; ok: false; name: string; message: string }

type EngineResult = LocalRedesignOutput | { materials: number }

function readReply(reply: EngineReply): EngineResult | Error {
  if (reply.ok && 'warm' in reply) return reply.warm
  if (reply.ok) return { image: Buffer.from(reply.image.buffer, reply.image.byteOffset, reply.image.byteLength), width: reply.width, height: reply.height, method: LOCAL_METHOD }
  return reply.name === 'LocalEngineInputError' ? new LocalEngineInputError(reply.message) : Object.assign(new Error(reply.message), { name: reply.name })
}

export class EngineThread {
  private readonly thread = new WorkerRequests<EngineReply, EngineResult>('engine-worker', readReply, "The design engine's thread")

  /** Renders on the engine thread. An abort rejects at once; a thread busy with nothing else is stopped, not waited for. */
  async render(input: LocalRedesignInput, signal?: AbortSignal): Promise<LocalRedesignOutput> {
    const result = await this.thread.request((id): EngineRequest => ({ id, input: { ...input, image: new Uint8Array(input.image) } }), signal)
    if (!('image' in result)) throw new Error('The design engine answered a redesign with something else')
    return result
  }

  /**
   * Starts the thread and has it load what the first redesign would otherwise wait for: the surface model, the
   * painting threads and every material's tile (about 27 MB, a few CPU-seconds once). Resolves with how many tiles.
   */
  async warmUp(): Promise<{ materials: number }> {
    const result = await this.thread.request((id): EngineRequest => ({ id, warmUp: true }))
    if (!('materials' in result)) throw new Error('The design engine answered its warm-up with something else')
    return result
  }

  /** Test hook: the engine thread's id while it runs, else null. */
  get threadId(): number | null {
    return this.thread.threadId
  }

  stop(): Promise<void> {
    return this.thread.stop()
  }
}
