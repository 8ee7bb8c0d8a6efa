// The engine's own thread (engine-thread.ts): runs renderLocalRedesign for each request it is sent, so the server's
// event loop never waits on a redesign's pixel work.
import { parentPort } from 'node:worker_threads'
import type { EngineReply, EngineRequest } from './engine-thread'
import { renderLocalRedesign } from './local-engine'
import { buildAllMaterials } from './materials'
import { warmPaintThreads } from './paint-threads'
import { hasSurfaceModel, hasSurfaceRefiner, refinerSession, surfaceSession } from './surface-network'

function failed(id: number, error: unknown): EngineReply {
  return { id, ok: false, name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) }
}

async function warmUp(): Promise<{ materials: number }> {
  warmPaintThreads()
  if (hasSurfaceModel()) await surfaceSession()
  if (hasSurfaceRefiner()) await refinerSession()
  return { materials: buildAllMaterials() }
}

parentPort!.on('message', (request: EngineRequest) => {
  if ('warmUp' in request) {
    warmUp().then(
      (warm) => parentPort!.postMessage({ id: request.id, ok: true, warm } satisfies EngineReply),
      (error: unknown) => parentPort!.postMessage(failed(request.id, error)),
    )
    return
  }
  // A posted Buffer arrives as a plain Uint8Array over the same bytes.
  const image = Buffer.from(request.input.image.buffer, request.input.image.byteOffset, request.input.image.byteLength)
  renderLocalRedesign({ ...request.input, image }).then(
    (output) => {
      const reply: EngineReply = { id: request.id, ok: true, image: output.image, width: output.width, height: output.height }
      parentPort!.postMessage(reply)
    },
    (error: unknown) => parentPort!.postMessage(failed(request.id, error)),
  )
})
