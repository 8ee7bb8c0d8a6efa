import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiFetch, apiFetchBlob } from './api'

/** A fetch that never answers, and rejects with the signal's reason when its signal aborts, as browsers do. */
function hangingFetch(): typeof fetch {
  return (_input, init) =>
    new Promise<Response>((_resolve, reject) => {
      const signal = init?.signal
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
    })
}

async function failureOf(request: Promise<unknown>): Promise<unknown> {
  return request.then(
    () => expect.unreachable('the request should have failed'),
    (error: unknown) => error,
  )
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('apiFetch', () => {
  it('A request that runs out of time fails as a timeout, not as a network failure', async () => {
    vi.stubGlobal('fetch', hangingFetch())
    const error = await failureOf(apiFetch('/api/me', { signal: AbortSignal.timeout(5) }))
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: 'timeout' })
  })

  it('A browser that rejects a timed-out request with a plain AbortError still reports a timeout', async () => {
    vi.stubGlobal('fetch', ((_input, init) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')), { once: true })
      })) satisfies typeof fetch)
    const error = await failureOf(apiFetch('/api/me', { signal: AbortSignal.timeout(5) }))
    expect(error).toMatchObject({ status: 0, code: 'timeout' })
  })

  it('A request the caller cancels rejects with the AbortError itself', async () => {
    vi.stubGlobal('fetch', hangingFetch())
    const controller = new AbortController()
    const request = failureOf(apiFetch('/api/me', { signal: controller.signal }))
    controller.abort()
    const error = await request
    expect(error).toBeInstanceOf(DOMException)
    expect(error).toMatchObject({ name: 'AbortError' })
  })

  it('A request that cannot reach the server fails as a network failure', async () => {
    vi.stubGlobal('fetch', (() => Promise.reject(new TypeError('Failed to fetch'))) satisfies typeof fetch)
    const error = await failureOf(apiFetch('/api/me'))
    expect(error).toMatchObject({ status: 0, code: 'network', message: 'We could not reach Lavo. Check your connection and try again.' })
  })

  it("A refusal carries the server's code, message and field errors", async () => {
    const body = { error: { code: 'invalid_input', message: 'Please check the form', fields: { email: 'Invalid email' } } }
    vi.stubGlobal('fetch', (() => Promise.resolve(Response.json(body, { status: 400 }))) satisfies typeof fetch)
    const error = await failureOf(apiFetch('/api/contact', { body: {} }))
    expect(error).toMatchObject({ status: 400, code: 'invalid_input', message: 'Please check the form', fields: { email: 'Invalid email' } })
  })

  it('An answer is returned as parsed JSON', async () => {
    vi.stubGlobal('fetch', (() => Promise.resolve(Response.json({ ok: true }))) satisfies typeof fetch)
    await expect(apiFetch('/api/config')).resolves.toEqual({ ok: true })
  })

  it('Form data is sent as multipart, with the browser choosing its boundary', async () => {
    let sent: Request | undefined
    vi.stubGlobal('fetch', ((input, init) => {
      sent = new Request(new URL(String(input), 'http://lavo.test'), init)
      return Promise.resolve(Response.json({ id: 'a' }, { status: 201 }))
    }) satisfies typeof fetch)
    const form = new FormData()
    form.append('file', new Blob(['jpeg'], { type: 'image/jpeg' }), 'photo.jpg')
    await expect(apiFetch('/api/images', { form })).resolves.toEqual({ id: 'a' })
    expect(sent?.method).toBe('POST')
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/)
    const received = await sent!.formData()
    expect((received.get('file') as File).name).toBe('photo.jpg')
  })

  it("A refusal without a message of its own says the caller's failure message", async () => {
    vi.stubGlobal('fetch', (() => Promise.resolve(new Response('<html>Bad gateway</html>', { status: 502 }))) satisfies typeof fetch)
    const error = await failureOf(apiFetch('/api/images', { form: new FormData(), failureMessage: 'Failed to process image. Please try uploading again.' }))
    expect(error).toMatchObject({ status: 502, code: 'bad_response', message: 'Failed to process image. Please try uploading again.' })
  })
})

describe('apiFetchBlob', () => {
  it('A file answer comes back as its bytes with its headers', async () => {
    vi.stubGlobal('fetch', (() => Promise.resolve(new Response(new Uint8Array([0xff, 0xd8, 0xff]), { headers: { 'content-type': 'image/jpeg', 'x-image-width': '640' } }))) satisfies typeof fetch)
    const { blob, headers } = await apiFetchBlob('/api/images/import', { body: { url: 'https://example.com/a.jpg' }, accept: 'image/*' })
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]))
    expect(headers.get('x-image-width')).toBe('640')
  })

  it('A refusal is read from the same error envelope as any other', async () => {
    const body = { error: { code: 'validation', message: 'Could not access image from this source. Try downloading the image first, then drag and drop the file.' } }
    vi.stubGlobal('fetch', (() => Promise.resolve(Response.json(body, { status: 400 }))) satisfies typeof fetch)
    const error = await failureOf(apiFetchBlob('/api/images/import', { body: { url: 'http://10.0.0.1/a.jpg' }, accept: 'image/*' }))
    expect(error).toMatchObject({ status: 400, code: 'validation', message: body.error.message })
  })
})
