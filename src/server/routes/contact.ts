import { Hono } from 'hono'
import { ContactMessageSchema } from '../../shared/schemas/contact'
import { limitBody, parseJsonBody } from '../lib/http'
import { submitContactMessage, type ContactDeps } from '../services/contact'

export function contactRoutes(deps: ContactDeps) {
  // spec §5 Contact; a body over 10 kB is refused (413) before it is read.
  return new Hono().post('/', limitBody(10 * 1024), async (c) => {
    const input = await parseJsonBody(c, ContactMessageSchema)
    const result = await submitContactMessage(deps, input)
    // Stored is what matters to the visitor: a message whose email failed is retried, never lost.
    return c.json({ id: result.id, ok: true }, 201)
  })
}
