// A painting thread (paint-threads.ts): paints the stripes of rows it is sent into the shared output, and builds the
// material tiles it is asked for (in shared memory: the tiles it sends back are the same bytes, not copies).
import { parentPort } from 'node:worker_threads'
import { materialTexture } from './materials'
import { paintRows } from './surface-compose'
import type { BandReply, PaintRequest } from './paint-threads'

parentPort!.on('message', (request: PaintRequest) => {
  let reply: BandReply
  try {
    if ('textures' in request) reply = { id: request.id, ok: true, textures: request.textures.map(materialTexture) }
    else {
      paintRows(request.plan, request.rows, request.output)
      reply = { id: request.id, ok: true }
    }
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  parentPort!.postMessage(reply)
})
