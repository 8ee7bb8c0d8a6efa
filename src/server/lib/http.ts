import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { z } from 'zod'
import { AppError } from './app-error'

/** The one shape every API error takes: { error: { code, message, fields? } }. */
export function errorBody(error: AppError) {
  return { error: { code: error.code, message: error.userMessage, ...(error.fields ? { fields: error.fields } : {}) } }
}

/** Turns a zod failure into field messages (first message per field) and one summary message. */
export function validationError(issues: readonly z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.join('.') || '_'
    fields[key] ??= issue.message
  }
  return new AppError('validation', issues[0]?.message ?? 'Invalid request', { fields })
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  if (containsNul(value)) throw new AppError('validation', NUL_MESSAGE)
  const result = schema.safeParse(value)
  if (!result.success) throw validationError(result.error.issues)
  return result.data
}

const NUL_MESSAGE = 'The request contains a character that is not allowed'

/** true when any string (or key) anywhere in a parsed JSON value contains a NUL character. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\0')
  if (depth > 64 || value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1))
  return Object.entries(value).some(([key, item]) => key.includes('\0') || containsNul(item, depth + 1))
}

/** Parses JSON text from a client: 400 for anything that is not JSON or carries a NUL character (PostgreSQL text cannot hold one). */
export function parseClientJson(text: string): unknown {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new AppError('validation', 'The request body must be valid JSON')
  }
  if (containsNul(body)) throw new AppError('validation', NUL_MESSAGE)
  return body
}

/** Reads a JSON body and parses it with a shared schema. Unknown fields are dropped by the schema. */
export async function parseJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.output<S>> {
  let text: string
  try {
    text = await c.req.text()
  } catch {
    throw new AppError('validation', 'The request body must be valid JSON')
  }
  return parseWith(schema, parseClientJson(text))
}

/** Refuses bodies over maxBytes with 413 before reading them (Content-Length and streamed size both count). */
export function limitBody(maxBytes: number, message?: (declaredBytes: number | undefined) => string): MiddlewareHandler {
  const kb = Math.round(maxBytes / 1024)
  return bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      const declared = Number(c.req.header('content-length'))
      const text = message ? message(Number.isFinite(declared) && declared > 0 ? declared : undefined) : `The request is too large (the limit is ${kb} kB)`
      return c.json(errorBody(new AppError('payload_too_large', text)), 413)
    },
  })
}

/** When the app received this request (performance.now()), for reads that must reflect every earlier commit. */
export function receivedAt(c: Context): number | undefined {
  const value: unknown = (c as Context<{ Variables: { receivedAt?: number } }>).get('receivedAt')
  return typeof value === 'number' ? value : undefined
}

const UNREAD_BODY_DEADLINE_MS = 3000

/**
 * A request refused before its body was read (no session, a rate limit, a full quota, a foreign origin) still has
 * that body on the wire. Reads it to the end and throws it away, so the client may send its next request on the same
 * connection: left unread, the body stalled part-way and the server cut the connection half a second later, under
 * whatever request the client had sent on it by then. A body declared larger than `maxBytes` (the route's own limit,
 * already refused for it), one without a declared length, one over that limit while it streams, or one still arriving
 * after 3 s is not waited for. Answers whether the connection may carry another request; when it may not, the answer
 * must say `Connection: close`, so the client opens a fresh connection for its next request.
 */
export async function settleUnreadBody(c: Context, maxBytes: number): Promise<boolean> {
  const request = c.req.raw
  if (!request.body || request.bodyUsed) return true
  const declared = Number(c.req.header('content-length'))
  if (!Number.isFinite(declared) || declared > maxBytes) return false
  const reader = request.body.getReader()
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), UNREAD_BODY_DEADLINE_MS)
  })
  const drained = (async () => {
    let read = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return true
      read += value.byteLength
      if (read > maxBytes) return false
    }
  })().catch(() => false)
  const settled = await Promise.race([drained, deadline])
  clearTimeout(timer)
  return settled
}
