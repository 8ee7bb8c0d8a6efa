// Expected failures carry a code (mapped to an HTTP status in one table below), an internal message
// for logs, and the message a user sees. Unexpected errors become a generic 500 and are logged.
export type AppErrorCode =
  | 'validation'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'no_product_list'
  | 'conflict'
  | 'payload_too_large'
  | 'unsupported_media'
  | 'photo_refused'
  | 'rate_limited'
  | 'insufficient_credits'
  | 'provider_failed'
  | 'unavailable'

const STATUS: Record<AppErrorCode, 400 | 401 | 402 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 502 | 503> = {
  validation: 400,
  unauthenticated: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  // The design is the user's, but no list has been made (paid for) yet: the client asks before it spends a credit.
  no_product_list: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media: 415,
  // A readable image the terms or the engine cannot take: a person in it, or no photo of a room (decision 0042).
  photo_refused: 422,
  rate_limited: 429,
  provider_failed: 502,
  unavailable: 503,
}

export class AppError extends Error {
  readonly code: AppErrorCode
  readonly userMessage: string
  readonly fields: Record<string, string> | undefined
  /** For 429 and 503: when the client may try again (sent as Retry-After). */
  readonly retryAfterSeconds: number | undefined

  constructor(code: AppErrorCode, userMessage: string, options: { internal?: string; fields?: Record<string, string>; cause?: unknown; retryAfterSeconds?: number } = {}) {
    super(options.internal ?? userMessage, { cause: options.cause })
    this.name = 'AppError'
    this.code = code
    this.userMessage = userMessage
    this.fields = options.fields
    this.retryAfterSeconds = options.retryAfterSeconds
  }

  get status() {
    return STATUS[this.code]
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError
}
