// The engine's worker threads (decision 0056): how one is started, and WorkerRequests, which carries numbered
// requests to one and their replies back. From the built server (scripts/build-server.mjs) the entry is a .js file
// in dist/server beside the server's own bundle (server.js), which is also where every bundle's import.meta.url points. From source (tests, benches,
// `npm run dev`) it is a .ts file beside this one, loaded through tsx's loader, registered inside the new thread: on
// Node 20 a worker does not inherit a loader given as `--import tsx`.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

export type WorkerEntry = 'paint-worker' | 'engine-worker'

export function startWorker(entry: WorkerEntry): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${entry}.js`, import.meta.url))
  const loader = tsxLoader()
  const script = new URL(`./${entry}.ts`, import.meta.url).href
  return new Worker(`import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}) })`, { eval: true })
}

/** tsx's ES-module API (the CommonJS build's `register` cannot find its own module hooks). */
function tsxLoader(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json')
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href
}

type Waiting<Result> = { resolve: (result: Result) => void; reject: (error: Error) => void }

/**
 * A worker thread answering numbered requests (each reply carries its request's id), started on first use and again
 * after it dies. A thread that dies fails the requests it held. Idle, it does not hold the process open.
 */
export class WorkerRequests<Reply extends { id: number }, Result> {
  private worker: Worker | null = null
  private readonly pending = new Map<number, Waiting<Result>>()
  private nextId = 1

  /** `read` turns a reply into its result, or into the error its request fails with. */
  constructor(
    private readonly entry: WorkerEntry,
    private readonly read: (reply: Reply) => Result | Error,
    private readonly name: string,
  ) {}

  start(): Worker {
    if (this.worker) return this.worker
    const worker = startWorker(this.entry)
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      this.settled(reply.id)
      const result = this.read(reply)
      if (result instanceof Error) waiting.reject(result)
      else waiting.resolve(result)
    })
    const lost = (error: Error) => {
      if (this.worker !== worker) return
      this.worker = null
      for (const waiting of this.pending.values()) waiting.reject(error)
      this.pending.clear()
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`${this.name} stopped (exit code ${code})`)))
    // After the listeners: adding a 'message' listener refs the thread again.
    worker.unref()
    this.worker = worker
    return worker
  }

  /**
   * Posts `message(id)`. An abort rejects at once with the signal's reason; a thread that holds nothing else then is
   * stopped rather than waited for.
   */
  request(message: (id: number) => unknown, signal?: AbortSignal): Promise<Result> {
    signal?.throwIfAborted()
    const worker = this.start()
    const id = this.nextId++
    return new Promise<Result>((resolve, reject) => {
      const onAbort = () => {
        if (!this.pending.has(id)) return
        this.settled(id)
        reject(signal!.reason instanceof Error ? signal!.reason : new Error('The request was stopped'))
        if (this.pending.size === 0 && this.worker === worker) {
          this.worker = null
          void worker.terminate()
        }
      }
      const done = () => signal?.removeEventListener('abort', onAbort)
      this.pending.set(id, {
        resolve: (result) => {
          done()
          resolve(result)
        },
        reject: (error) => {
          done()
          reject(error)
        },
      })
      signal?.addEventListener('abort', onAbort, { once: true })
      worker.ref()
      try {
        worker.postMessage(message(id))
      } catch (error) {
        this.settled(id)
        done()
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
  }

  private settled(id: number): void {
    this.pending.delete(id)
    if (this.pending.size === 0) this.worker?.unref()
  }

  /** The thread's id while it runs, else null. */
  get threadId(): number | null {
    return this.worker?.threadId ?? null
  }

  async stop(): Promise<void> {
    const worker = this.worker
    if (worker) await worker.terminate()
  }
}
