import { Hono } from 'hono'
import { ContactMessageSchema } from '../../shared/schemas/contact'
import { clientIp } from '../lib/client-ip'
import { limitBody, parseJsonBody } from '../lib/http'
import type { SessionReader } from '../lib/session'
import type { RateLimiter } from '../services/rate-limit'
import { submitContactMessage, type ContactDeps } from '../services/contact'

export function contactRoutes(deps: ContactDeps & { sessions: SessionReader; trustProxy: number; rateLimits: RateLimiter }) {
  // spec §5 Contact; a body over 10 kB is refused (413) before it is read.
  return new Hono().post('/', limitBody(10 * 1024), async (c) => {
    const input = await parseJsonBody(c, ContactMessageSchema)
    // Each message is mailed to support: per address, and per account when signed in, a few in ten minutes.
    const user = await deps.sessions.user(c)
    await deps.rateLimits('contact', { ip: clientIp(c, deps.trustProxy), accountId: user?.id })
    const result = await submitContactMessage(deps, input)
    // Stored is what matters to the visitor: a message whose email failed is retried, never lost.
    return c.json({ id: result.id, ok: true }, 201)
  })
}
