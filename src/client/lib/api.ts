// One way to call our API: JSON in, JSON out, errors as ApiError carrying the server's user-facing message.
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

export async function apiFetch<T = unknown>(path: string, init: { method?: string; body?: unknown; signal?: AbortSignal } = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(path, {
      method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
      headers: init.body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      credentials: 'same-origin',
      signal: init.signal,
    })
  } catch (error) {
    throw requestFailure(error, init.signal)
  }
  let text: string
  try {
    text = await response.text()
  } catch (error) {
    throw requestFailure(error, init.signal)
  }
  let payload: unknown = undefined
  if (text) {
    try {
      payload = JSON.parse(text)
    } catch {
      throw new ApiError(response.status, 'bad_response', 'Server error occurred')
    }
  }
  if (!response.ok) {
    const body = payload as ErrorPayload | undefined
    const error = body?.error
    throw new ApiError(response.status, error?.code ?? body?.code ?? 'error', error?.message ?? body?.message ?? 'Something went wrong. Please try again.', error?.fields)
  }
  return payload as T
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
