import type { ServerResponse } from 'node:http'
import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { ChangePasswordSchema, NewPasswordSchema, PasswordResetRequestSchema, SignInSchema, SignUpSchema, UpdateUserSchema } from '../../shared/schemas/auth'
import { CLIENT_IP_HEADER, endResetTokens, type Auth } from '../auth/create-auth'
import type { Database } from '../db/client'
import { clientIp } from '../lib/client-ip'
import { parseClientJson, parseJsonBody } from '../lib/http'
import type { Logger } from '../lib/logger'
import type { NewsletterProvider } from '../providers/newsletter/newsletter-provider'
import { joinNewsletter } from '../services/newsletter'
import type { RateLimiter } from '../services/rate-limit'

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
  // Sign-up's rules for the name apply to every later change of it.
  '/api/auth/update-user': { schema: UpdateUserSchema, shape: (data) => Object.fromEntries(Object.entries(data).filter(([, value]) => value !== undefined)) },
  // A password change always ends every other session; the account's outstanding reset links end too (below).
  '/api/auth/change-password': { schema: ChangePasswordSchema, shape: (data) => ({ currentPassword: data.currentPassword, newPassword: data.newPassword, revokeOtherSessions: true }) },
}

/** better-auth's answer to a reset request, whether or not the account exists. */
const RESET_REQUESTED = { status: true, message: 'If this email exists in our system, check your email for the reset link' }

/** better-auth's sign-up answer: the new account (parsed before use, like any third party's). */
const SignedUpSchema = z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string().optional() }) })

export function authRoutes(deps: { auth: Auth; db: Database; logger: Logger; trustProxy: number; rateLimits: RateLimiter; newsletter: NewsletterProvider }) {
  return new Hono().on(['GET', 'POST'], '/*', async (c: Context) => {
    const ip = clientIp(c, deps.trustProxy)
    const headers = new Headers(c.req.raw.headers)
    headers.set(CLIENT_IP_HEADER, ip)
    let body: BodyInit | undefined
    let joinsNewsletter = false
    const rule = c.req.method === 'POST' ? VALIDATED[c.req.path] : undefined
    if (rule) {
      const data = (await parseJsonBody(c, rule.schema)) as Record<string, unknown>
      body = JSON.stringify(rule.shape(data))
      headers.set('content-type', 'application/json')
      headers.delete('content-length')
      if (c.req.path === '/api/auth/sign-up/email') {
        await deps.rateLimits('signUp', { ip })
        joinsNewsletter = data.newsletter === true
      }
      if (c.req.path === '/api/auth/request-password-reset') {
        await deps.rateLimits('passwordReset', { ip, accountId: String(data.email) })
        // Answer first, then do the work: the answer is the same, and as quick, for an account that exists and
        // one that does not (finding the account, storing the token and writing the email happen afterwards). The
        // work starts once the answer has left the socket, so that on a busy machine it cannot run first and delay
        // the answer for an account that exists; without a Node response (requests made in-process) on the next turn.
        const request = new Request(c.req.raw.url, { method: 'POST', headers, body })
        const work = () => {
          deps.auth.handler(request).then(
            (response) => {
              if (!response.ok) deps.logger.warn('password reset request not handled', { status: response.status })
            },
            (error: unknown) => deps.logger.error('password reset request failed', { error }),
          )
        }
        const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing
        if (outgoing) afterAnswer(outgoing, work)
        else setImmediate(work)
        return c.json(RESET_REQUESTED)
      }
    } else if (c.req.method === 'POST') {
      const raw = await c.req.raw.text()
      // Whatever better-auth reads, it gets no NUL character (PostgreSQL cannot store one): 400 here instead.
      if (raw && /json/i.test(c.req.header('content-type') ?? 'application/json')) parseClientJson(raw)
      body = raw
    }
    const response = await deps.auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }))
    // better-auth's own limiter (sign-in) says when to retry in X-Retry-After; clients and proxies read Retry-After.
    const retryAfter = response.status === 429 ? response.headers.get('x-retry-after') : null
    if (retryAfter && !response.headers.has('retry-after')) {
      const headersOut = new Headers(response.headers)
      headersOut.set('Retry-After', retryAfter)
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers: headersOut })
    }
    // Only someone who ticked the box joins the email list (issue 22); the consent is stored with its wording.
    if (joinsNewsletter && response.ok) {
      const created = SignedUpSchema.safeParse(await response.clone().json().catch(() => undefined))
      if (created.success) await joinNewsletter(deps, created.data.user)
      else deps.logger.warn('sign-up answer without a user; newsletter consent not recorded')
    }
    if (c.req.path === '/api/auth/change-password' && response.ok) {
      const changed = (await response.clone().json().catch(() => undefined)) as { user?: { id?: string } } | undefined
      if (changed?.user?.id) await endResetTokens(deps.db, changed.user.id)
    }
    return response
  })
}

/** Runs `work` once, when the response has been handed to the socket ('finish') or the connection went first ('close'). */
function afterAnswer(outgoing: ServerResponse, work: () => void): void {
  let done = false
  const once = () => {
    if (done) return
    done = true
    work()
  }
  outgoing.once('finish', once)
  outgoing.once('close', once)
}
