import { getConnInfo } from '@hono/node-server/conninfo'
import type { Context } from 'hono'

/**
 * The client's address: the socket's peer, or — behind `trustProxy` reverse proxies we run — the address
 * the outermost of them saw. A client-sent X-Forwarded-For is never trusted beyond those hops.
 */
export function clientIp(c: Context, trustProxy: number): string {
  let socketAddress = 'unknown'
  try {
    socketAddress = getConnInfo(c).remote.address ?? 'unknown'
  } catch {
    // Not running on a Node socket (e.g. app.request in a unit test).
  }
  if (trustProxy <= 0) return socketAddress
  const forwarded = (c.req.header('x-forwarded-for') ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
  return forwarded[forwarded.length - trustProxy] ?? socketAddress
}
