// The built-in engine on a thread of its own (decision 0056). A redesign is seconds of pixel work in JavaScript; run
// in the server's own thread it would hold every other request (a page, a poll, a payment) until it was done. Here
// the server posts the request and keeps answering while the engine thread works (with its painting threads,
// paint-threads.ts). A thread that dies fails the redesigns it held, with an error the generation service refunds
// and falls back on, and the next redesign starts a new one.
import type { Worker } from 'node:worker_threads'
import { LOCAL_METHOD, LocalEngineInputError, type LocalRedesignInput, type LocalRedesignOutput } from './local-engine'
import { startWorker } from './worker-entry'

/** The photo travels as its own copy of the bytes (a Buffer may be a view into a larger pool). */
export type EngineRequest = { id: number; input: Omit<LocalRedesignInput, 'image'> & { image: Uint8Array } }
export type EngineReply = { id: number; ok: true; image: Uint8Array; width: number; height: number } | { id: number; ok: false; name: string; message: string }

type Pending = { resolve: (output: LocalRedesignOutput) => void; reject: (error: Error) => void }

export class EngineThread {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Pending>()
  private nextId = 1

  private start(): Worker {
    if (this.worker) return this.worker
    const worker = startWorker('engine-worker')
    worker.on('message', (reply: EngineReply) => {
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      this.settled(reply.id)
      if (reply.ok) waiting.resolve({ image: Buffer.from(reply.image.buffer, reply.image.byteOffset, reply.image.byteLength), width: reply.width, height: reply.height, method: LOCAL_METHOD })
      else waiting.reject(reply.name === 'LocalEngineInputError' ? new LocalEngineInputError(reply.message) : Object.assign(new Error(reply.message), { name: reply.name }))
    })
    const lost = (error: Error) => {
      if (this.worker !== worker) return
      this.worker = null
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`The design engine's thread stopped (exit code ${code})`)))
    // After the listeners (a 'message' listener refs the thread): idle, it does not hold the process open.
    worker.unref()
    this.worker = worker
    return worker
  }

  private settled(id: number): void {
    this.pending.delete(id)
    if (this.pending.size === 0) this.worker?.unref()
  }

  /** Renders on the engine thread. An abort rejects at once; a thread busy with nothing else is stopped, not waited for. */
  render(input: LocalRedesignInput, signal?: AbortSignal): Promise<LocalRedesignOutput> {
    signal?.throwIfAborted()
    const worker = this.start()
    const id = this.nextId++
    return new Promise<LocalRedesignOutput>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.has(id)) return
        this.settled(id)
        reject(signal!.reason instanceof Error ? signal!.reason : new Error('The redesign was stopped'))
        if (this.pending.size === 0 && this.worker === worker) {
          this.worker = null
          void worker.terminate()
        }
      }
      this.pending.set(id, {
        resolve: (output) => {
          signal?.removeEventListener('abort', onAbort)
          resolve(output)
        },
        reject: (error) => {
          signal?.removeEventListener('abort', onAbort)
          reject(error)
        },
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      worker.ref()
      const request: EngineRequest = { id, input: { ...input, image: new Uint8Array(input.image) } }
      worker.postMessage(request)
    })
  }

  /** Test hook: the engine thread's id while it runs, else null. */
  get threadId(): number | null {
    return this.worker?.threadId ?? null
  }

  async stop(): Promise<void> {
    const worker = this.worker
    if (worker) await worker.terminate()
  }
}
