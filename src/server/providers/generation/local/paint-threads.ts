// The full-size pass on every core (decision 0056). The pass is most of a redesign's time (a 4 MP photo is four
// million pixels painted one by one), and each row depends only on the plan (surface-compose.ts), so the photo's rows
// are dealt out in stripes between the calling thread and each painting thread, into one shared output. The result is
// byte for byte the one-thread pass's. A painting thread that fails or dies costs time, not the picture: its stripes
// are painted here instead.
import { availableParallelism } from 'node:os'
import { paintAllRows, paintRows, type PaintPlan } from './surface-compose'
import { WorkerRequests } from './worker-entry'

/** `rows`: the [top, bottom) stripes of rows to paint. */
export type BandRequest = { id: number; plan: PaintPlan; rows: ReadonlyArray<readonly [number, number]>; output: Uint8Array }
export type BandReply = { id: number; ok: true } | { id: number; ok: false; message: string }

/** Painting threads besides the caller: one per other core, at most three. */
export const PAINT_HELPERS = Math.max(0, Math.min(3, availableParallelism() - 1))
/** Below this many pixels a band is not worth posting (a thumbnail paints in a few milliseconds). */
const MIN_SPLIT_PIXELS = 256 * 1024

function readBand(reply: BandReply): true | Error {
  return reply.ok ? true : new Error(reply.message)
}

/** One per painting thread, each started on first use and again after it dies; idle, they do not hold the process open. */
const threads = Array.from({ length: PAINT_HELPERS }, () => new WorkerRequests<BandReply, true>('paint-worker', readBand, 'A painting thread'))

/** Starts the painting threads now, so they are ready by the time the surfaces are found. */
export function warmPaintThreads(): void {
  for (const thread of threads) thread.start()
}

/** Test hook: stops every painting thread (the next pass starts them again). */
export async function stopPaintThreads(): Promise<void> {
  await Promise.all(threads.map((thread) => thread.stop()))
}

/** Rows per stripe: the bands interleave, so a costly stretch of the photo (a textured floor) is shared out too. */
const STRIPE_ROWS = 32

/**
 * The plan's large arrays (the photo, the label grid's maps) and the painted output are copied into shared memory that
 * is kept and reused, so a painting thread gets them without a copy of its own. Fresh buffers per redesign would not
 * do: a shared buffer is freed only once every thread that saw it has collected its garbage, and a painting thread
 * makes so little garbage that tens of MB a redesign would pile up in it first.
 */
const slots = new Map<string, SharedArrayBuffer>()

function slot(name: string, bytes: number): SharedArrayBuffer {
  let buffer = slots.get(name)
  if (!buffer || buffer.byteLength < bytes) {
    buffer = new SharedArrayBuffer(bytes)
    slots.set(name, buffer)
  }
  return buffer
}

function sharedCopy<T extends Uint8Array | Float32Array>(name: string, source: T): T {
  const copy = (source instanceof Float32Array ? new Float32Array(slot(name, source.byteLength), 0, source.length) : new Uint8Array(slot(name, source.byteLength), 0, source.length)) as T
  copy.set(source)
  return copy
}

/** One pass at a time uses the shared buffers; the next waits for it. */
let queue: Promise<unknown> = Promise.resolve()

/** paintRows over the whole photo, its rows shared among every core; returns the painted photo (interleaved RGB). */
export function paintInParallel(plan: PaintPlan): Promise<Uint8Array> {
  const { width, height } = plan
  const painters = width * height >= MIN_SPLIT_PIXELS ? threads.length + 1 : 1
  if (painters === 1) return Promise.resolve(paintAllRows(plan))
  const pass = queue.then(() => paintShared(plan, painters))
  queue = pass.catch(() => undefined)
  return pass
}

async function paintShared(plan: PaintPlan, painters: number): Promise<Uint8Array> {
  const { width, height } = plan
  const output = new Uint8Array(slot('output', width * height * 3), 0, width * height * 3)
  const { shading } = plan
  const shared: PaintPlan = {
    ...plan,
    pixels: sharedCopy('pixels', plan.pixels),
    labels: sharedCopy('labels', plan.labels),
    shading: { ...shading, smooth: sharedCopy('smooth', shading.smooth), albedo: sharedCopy('albedo', shading.albedo), labelColour: sharedCopy('labelColour', shading.labelColour) },
  }
  const bands = Array.from({ length: painters }, (): Array<[number, number]> => [])
  for (let top = 0, stripe = 0; top < height; top += STRIPE_ROWS, stripe++) bands[stripe % painters]!.push([top, Math.min(height, top + STRIPE_ROWS)])
  const posted = bands.slice(1).map((rows, index) =>
    threads[index]!.request((id): BandRequest => ({ id, plan: shared, rows, output })).then(
      () => void paintStats.byThreads++,
      (error: unknown) => {
        if (paintStats.repainted++ === 0) process.emitWarning(`A painting thread failed (${error instanceof Error ? error.message : String(error)}); its rows are painted on the calling thread`)
        paintRows(shared, rows, output)
      },
    ),
  )
  paintRows(shared, bands[0]!, output)
  await Promise.all(posted)
  return output.slice()
}

/** Bands painted by a painting thread, and bands painted here after their thread failed (tests read these). */
export const paintStats = { byThreads: 0, repainted: 0 }
