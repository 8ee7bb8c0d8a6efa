// One way to call our API: JSON, form data or a file in, JSON or a file out; every refusal becomes an ApiError
// carrying the server's user-facing message.
export class ApiError extends Error {
  readonly status: number
  readonly code: string
  readonly fields: Record<string, string> | undefined

  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.fields = fields
  }
}

// Our API answers { error: { code, message, fields } }; the auth endpoints answer { code, message }.
type ErrorPayload = { error?: { code?: string; message?: string; fields?: Record<string, string> }; code?: string; message?: string }

const GENERIC_FAILURE = 'Something went wrong. Please try again.'
const UNREADABLE_ANSWER = 'Server error occurred'

export type ApiRequest = {
  method?: string
  /** Sent as JSON. */
  body?: unknown
  /** Sent as multipart form data (a file upload) instead of a JSON body. */
  form?: FormData
  signal?: AbortSignal
  /** What the visitor is told when a refusal carries no message of its own (by default a generic sentence). */
  failureMessage?: string
}

/** A JSON request whose JSON answer is returned; a refusal throws ApiError with the server's message. */
export async function apiFetch<T = unknown>(path: string, init: ApiRequest = {}): Promise<T> {
  const response = await send(path, init, 'application/json')
  const text = await readBody(() => response.text(), init.signal)
  if (!text) return undefined as T
  try {
    return JSON.parse(text) as T
  } catch {
    throw new ApiError(response.status, 'bad_response', init.failureMessage ?? UNREADABLE_ANSWER)
  }
}

/** A request whose answer is a file (an image): its bytes and headers. A refusal is still our JSON error envelope. */
export async function apiFetchBlob(path: string, init: ApiRequest & { accept: string }): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(path, init, init.accept)
  return { blob: await readBody(() => response.blob(), init.signal), headers: response.headers }
}

/** Sends the request; an answer that is not OK becomes an ApiError read from the error envelope. */
async function send(path: string, init: ApiRequest, accept: string): Promise<Response> {
  const json = init.body !== undefined
  let response: Response
  try {
    response = await fetch(path, {
      method: init.method ?? (json || init.form ? 'POST' : 'GET'),
      headers: json ? { accept, 'content-type': 'application/json' } : { accept },
      body: json ? JSON.stringify(init.body) : init.form,
      credentials: 'same-origin',
      signal: init.signal,
    })
  } catch (error) {
    throw requestFailure(error, init.signal)
  }
  if (!response.ok) throw await refusal(response, init)
  return response
}

/** The one reading of our error envelope. */
async function refusal(response: Response, init: ApiRequest): Promise<ApiError> {
  const text = await readBody(() => response.text(), init.signal)
  let payload: ErrorPayload | undefined
  try {
    payload = text ? (JSON.parse(text) as ErrorPayload) : undefined
  } catch {
    return new ApiError(response.status, 'bad_response', init.failureMessage ?? UNREADABLE_ANSWER)
  }
  const error = payload?.error
  return new ApiError(response.status, error?.code ?? payload?.code ?? 'error', error?.message ?? payload?.message ?? init.failureMessage ?? GENERIC_FAILURE, error?.fields)
}

async function readBody<T>(read: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  try {
    return await read()
  } catch (error) {
    throw requestFailure(error, signal)
  }
}

/**
 * What a request that got no answer throws. A caller's own abort passes through untouched; a signal that timed
 * out (AbortSignal.timeout) becomes ApiError 'timeout', so a caller can retry it (spec §4: the session read is
 * retried after its 2 s timeout); anything else is a network failure. Browsers reject with the signal's reason
 * (a TimeoutError), older ones with a plain AbortError, so the signal's reason is checked too.
 */
function requestFailure(error: unknown, signal: AbortSignal | undefined): unknown {
  const reason: unknown = signal?.aborted ? signal.reason : undefined
  const timedOut = isDomException(error, 'TimeoutError') || (isDomException(error, 'AbortError') && isDomException(reason, 'TimeoutError'))
  if (timedOut) return new ApiError(0, 'timeout', 'Lavo took too long to answer. Please try again.')
  if (signal?.aborted || isDomException(error, 'AbortError')) return error
  return new ApiError(0, 'network', 'We could not reach Lavo. Check your connection and try again.')
}

function isDomException(value: unknown, name: string): value is DOMException {
  return value instanceof DOMException && value.name === name
}
