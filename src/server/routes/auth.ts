import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import { NewPasswordSchema, PasswordResetRequestSchema, SignInSchema, SignUpSchema } from '../../shared/schemas/auth'
import { CLIENT_IP_HEADER, type Auth } from '../auth/create-auth'
import { clientIp } from '../lib/client-ip'
import { parseJsonBody } from '../lib/http'

// Bodies of better-auth's endpoints are parsed with our shared schemas first (the spec's messages, unknown
// fields dropped), then handed on rebuilt from the parsed values.
const VALIDATED: Record<string, { schema: z.ZodType; shape: (data: Record<string, unknown>) => Record<string, unknown> }> = {
  '/api/auth/sign-up/email': {
    schema: SignUpSchema,
    shape: (data) => ({ email: data.email, password: data.password, name: (data.name as string | undefined) || String(data.email).split('@')[0] }),
  },
  '/api/auth/sign-in/email': { schema: SignInSchema, shape: (data) => ({ email: data.email, password: data.password, rememberMe: true }) },
  '/api/auth/request-password-reset': { schema: PasswordResetRequestSchema, shape: (data) => ({ email: data.email }) },
  '/api/auth/reset-password': { schema: NewPasswordSchema, shape: (data) => ({ token: data.token, newPassword: data.newPassword }) },
}

export function authRoutes(deps: { auth: Auth; trustProxy: number }) {
  return new Hono().on(['GET', 'POST'], '/*', async (c: Context) => {
    const headers = new Headers(c.req.raw.headers)
    headers.set(CLIENT_IP_HEADER, clientIp(c, deps.trustProxy))
    let body: BodyInit | undefined
    const rule = c.req.method === 'POST' ? VALIDATED[c.req.path] : undefined
    if (rule) {
      const data = (await parseJsonBody(c, rule.schema)) as Record<string, unknown>
      body = JSON.stringify(rule.shape(data))
      headers.set('content-type', 'application/json')
      headers.delete('content-length')
    } else if (c.req.method === 'POST') {
      body = await c.req.raw.arrayBuffer()
    }
    return deps.auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }))
  })
}
