// A painting thread (paint-threads.ts): paints the stripes of rows it is sent into the shared output.
import { parentPort } from 'node:worker_threads'
import { paintRows } from './surface-compose'
import type { BandRequest, BandReply } from './paint-threads'

parentPort!.on('message', (request: BandRequest) => {
  let reply: BandReply
  try {
    paintRows(request.plan, request.rows, request.output)
    reply = { id: request.id, ok: true }
  } catch (error) {
    reply = { id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  parentPort!.postMessage(reply)
})
