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
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiError(0, 'network', 'We could not reach Lavo. Check your connection and try again.')
  }
  const text = await response.text()
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
