/** A tiny cookie-keeping HTTP client that behaves like our own pages: same-origin JSON calls. */
export class TestClient {
  private cookies = new Map<string, string>()

  constructor(
    readonly baseUrl: string,
    private readonly defaults: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }

  async request(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...this.defaults, ...init.headers }
    if (this.cookies.size > 0) headers.cookie = this.cookieHeader
    if (init.body !== undefined) headers['content-type'] ??= 'application/json'
    const method = init.method ?? (init.body === undefined ? 'GET' : 'POST')
    const send = () =>
      fetch(this.baseUrl + path, {
        method,
        headers,
        body: init.body === undefined ? undefined : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
        redirect: 'manual',
      })
    let response: Response
    try {
      response = await send()
    } catch (error) {
      // A kept-alive connection to a server that restarted (or closed it) resets; like a browser, retry a GET once.
      const code = (error as { cause?: { code?: string } }).cause?.code
      if (method !== 'GET' || (code !== 'ECONNRESET' && code !== 'UND_ERR_SOCKET')) throw error
      response = await send()
    }
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const index = pair!.indexOf('=')
      const name = pair!.slice(0, index).trim()
      const value = pair!.slice(index + 1).trim()
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }

  async json<T = Record<string, unknown>>(path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: T }> {
    const response = await this.request(path, init)
    const text = await response.text()
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T }
  }

  signUp(email: string, password = 'secret-pass-1', extra: { newsletter?: boolean } = {}) {
    return this.json('/api/auth/sign-up/email', { body: { email, password, ...extra } })
  }

  signIn(email: string, password: string) {
    return this.json('/api/auth/sign-in/email', { body: { email, password } })
  }

  me() {
    return this.json<{ user: { id: string; email: string } | null; credits: number; membershipTier: string }>('/api/me')
  }
}

let counter = 0
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`
}

/** Uploads a photo as the signed-in client; returns the stored image's id. */
export async function uploadPhoto(client: TestClient, bytes: Buffer): Promise<string> {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  const response = await fetch(`${client.baseUrl}/api/images`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader, origin: client.baseUrl } })
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: string }).id
}

/** Polls a generation until it finishes. */
export async function waitForGeneration(client: TestClient, id: string, timeoutMs = 30_000): Promise<Record<string, unknown> & { status: string; result: Record<string, unknown> | null }> {
  const started = Date.now()
  for (;;) {
    const { body } = await client.json<Record<string, unknown> & { status: string; result: Record<string, unknown> | null }>(`/api/generations/${id}`)
    if (body.status === 'succeeded' || body.status === 'failed') return body
    if (Date.now() - started > timeoutMs) throw new Error(`generation ${id} still ${body.status} after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
