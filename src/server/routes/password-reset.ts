import { Hono } from 'hono'
import { z } from 'zod'
import { isResetTokenUsable } from '../auth/reset-token'
import type { Auth } from '../auth/create-auth'
import { parseWith } from '../lib/http'

const TokenQuerySchema = z.object({ token: z.string().min(1).max(200) })

export function passwordResetRoutes(deps: { auth: Auth }) {
  return new Hono().get('/status', async (c) => {
    c.header('Cache-Control', 'no-store')
    const { token } = parseWith(TokenQuerySchema, c.req.query())
    return c.json({ valid: await isResetTokenUsable(deps.auth, token) })
  })
}
