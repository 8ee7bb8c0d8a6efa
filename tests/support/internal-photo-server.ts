import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/** Listens on host:port (0 for any free port) and resolves with the port. */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => resolve((server.address() as AddressInfo).port))
  })
}

export type InternalPhotoServer = { port: number; requested: string[]; close: () => void }

/**
 * A server on our own machine (127.0.0.1 and ::1, one port) that hands its photo to anyone who reaches it,
 * noting each path asked for: an SSRF test's target that must never receive a request.
 */
export async function startInternalPhotoServer(photo: Buffer): Promise<InternalPhotoServer> {
  const requested: string[] = []
  const handler: RequestListener = (request, response) => {
    requested.push(request.url ?? '')
    response.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo)
  }
  const servers = [createServer(handler), createServer(handler)]
  const port = await listen(servers[0]!, 0, '127.0.0.1')
  await listen(servers[1]!, port, '::1')
  return {
    port,
    requested,
    close: () => {
      for (const server of servers) {
        server.closeAllConnections()
        server.close()
      }
    },
  }
}
