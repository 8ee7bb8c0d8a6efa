import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildRedesignPrompt } from '../../catalogue/generation-prompts'
import type { GenerationInput } from './generation-provider'
import { createReplicateGenerationProvider, type ReplicateGenerationOptions } from './replicate-generation-provider'

// A local stand-in for Replicate's predictions API (https://replicate.com/docs/reference/http) and its
// file host, on 127.0.0.1. Each test picks how the stand-in behaves; every request it receives is recorded.

const TOKEN = 'r8_test_token'

type Scenario =
  | 'succeeds-at-once'
  | 'succeeds-slowly'
  | 'succeeds-with-png-of-another-size'
  | 'succeeds-with-a-web-page'
  | 'succeeds-without-output'
  | 'fails'
  | 'is-canceled'
  | 'model-missing'
  | 'prediction-missing'
  | 'malformed-json'
  | 'invalid-input'
  | 'rate-limited'
  | 'server-error'
  | 'poll-hits-a-server-error'
  | 'never-finishes'

type RecordedRequest = { method: string; path: string; headers: IncomingHttpHeaders; body: string }

let server: Server
let origin: string
let scenario: Scenario = 'succeeds-at-once'
let requests: RecordedRequest[] = []
let onPoll: (count: number) => void = () => {}
let photo: Buffer
let redesignJpeg: Buffer
let redesignPng: Buffer

function prediction(id: string, status: string, extra: Record<string, unknown> = {}) {
  return {
    id,
    model: 'black-forest-labs/flux-canny-pro',
    version: 'hidden',
    input: {},
    output: null,
    error: null,
    status,
    created_at: '2025-01-01T00:00:00.000Z',
    started_at: status === 'starting' ? null : '2025-01-01T00:00:01.000Z',
    completed_at: ['starting', 'processing'].includes(status) ? null : '2025-01-01T00:00:09.000Z',
    urls: { get: `${origin}/v1/predictions/${id}`, cancel: `${origin}/v1/predictions/${id}/cancel`, stream: `${origin}/stream/${id}` },
    metrics: {},
    ...extra,
  }
}

function send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === 'string' ? body : JSON.stringify(body)
  response.writeHead(status, { 'content-type': 'application/json', ...headers })
  response.end(text)
}

function answerCreate(response: ServerResponse) {
  switch (scenario) {
    case 'succeeds-at-once':
      return send(response, 201, prediction('p-instant', 'succeeded', { output: `${origin}/files/redesign.jpg` }))
    case 'succeeds-with-png-of-another-size':
      return send(response, 201, prediction('p-png', 'succeeded', { output: `${origin}/files/redesign.png` }))
    case 'succeeds-with-a-web-page':
      return send(response, 201, prediction('p-page', 'succeeded', { output: `${origin}/files/not-an-image` }))
    case 'succeeds-without-output':
      return send(response, 201, prediction('p-empty', 'succeeded', { output: null }))
    case 'succeeds-slowly':
      return send(response, 201, prediction('p-slow', 'starting'))
    case 'fails':
      return send(response, 201, prediction('p-failed', 'starting'))
    case 'is-canceled':
      return send(response, 201, prediction('p-canceled', 'starting'))
    case 'prediction-missing':
      return send(response, 201, prediction('p-gone', 'starting'))
    case 'poll-hits-a-server-error':
      return send(response, 201, prediction('p-flaky', 'starting'))
    case 'never-finishes':
      return send(response, 201, prediction('p-stuck', 'starting'))
    case 'model-missing':
      return send(response, 404, { title: 'Not found', detail: 'The requested resource could not be found.', status: 404 })
    case 'malformed-json':
      return send(response, 201, '{"id": "p-broken", "status": "succ')
    case 'invalid-input':
      return send(response, 422, { title: 'Input validation failed', detail: '- input.steps: Must be less than or equal to 50', status: 422 })
    case 'rate-limited':
      return send(response, 429, { title: 'Request was throttled', detail: 'Request was throttled. Expected available in 10 seconds.', status: 429 }, { 'retry-after': '10' })
    case 'server-error':
      return send(response, 503, '<html><body>Service Unavailable</body></html>', { 'content-type': 'text/html' })
  }
}

function answerPoll(response: ServerResponse, id: string, count: number) {
  if (scenario === 'succeeds-slowly') {
    if (count < 3) return send(response, 200, prediction(id, 'processing', { logs: `step ${count}` }))
    return send(response, 200, prediction(id, 'succeeded', { output: [`${origin}/files/redesign.jpg`] }))
  }
  if (scenario === 'fails') return send(response, 200, prediction(id, 'failed', { error: 'The input image could not be processed' }))
  if (scenario === 'is-canceled') return send(response, 200, prediction(id, 'canceled'))
  if (scenario === 'prediction-missing') return send(response, 404, { title: 'Not found', detail: 'The requested resource could not be found.', status: 404 })
  if (scenario === 'poll-hits-a-server-error' && count === 1) return send(response, 502, 'Bad gateway', { 'content-type': 'text/plain' })
  if (scenario === 'poll-hits-a-server-error') return send(response, 200, prediction(id, 'succeeded', { output: `${origin}/files/redesign.jpg` }))
  return send(response, 200, prediction(id, 'processing'))
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  const path = request.url ?? '/'
  const method = request.method ?? 'GET'
  requests.push({ method, path, headers: request.headers, body: Buffer.concat(chunks).toString('utf8') })

  if (method === 'GET' && path.startsWith('/files/')) {
    const files: Record<string, [Buffer, string]> = {
      '/files/redesign.jpg': [redesignJpeg, 'image/jpeg'],
      '/files/redesign.png': [redesignPng, 'image/png'],
      // A file host that says "image" and sends a web page: the bytes decide.
      '/files/not-an-image': [Buffer.from('<!doctype html><title>Oops</title>'), 'image/jpeg'],
    }
    const file = files[path]
    if (!file) return send(response, 404, 'Not found', { 'content-type': 'text/plain' })
    response.writeHead(200, { 'content-type': file[1], 'content-length': String(file[0].length) })
    return response.end(file[0])
  }
  if (request.headers.authorization !== `Bearer ${TOKEN}`) {
    return send(response, 401, { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 })
  }
  if (method === 'POST' && /^\/v1\/models\/black-forest-labs\/flux-(canny|depth)-pro\/predictions$/.test(path)) return answerCreate(response)
  const cancel = /^\/v1\/predictions\/([\w-]+)\/cancel$/.exec(path)
  if (method === 'POST' && cancel) return send(response, 200, prediction(cancel[1]!, 'canceled'))
  const poll = /^\/v1\/predictions\/([\w-]+)$/.exec(path)
  if (method === 'GET' && poll) {
    const count = polls().length
    onPoll(count)
    return answerPoll(response, poll[1]!, count)
  }
  return send(response, 404, { title: 'Not found', detail: 'The requested resource could not be found.', status: 404 })
}

function polls(): RecordedRequest[] {
  return requests.filter((request) => request.method === 'GET' && request.path.startsWith('/v1/predictions/'))
}

function cancels(): RecordedRequest[] {
  return requests.filter((request) => request.method === 'POST' && request.path.endsWith('/cancel'))
}

function provider(overrides: Partial<ReplicateGenerationOptions> = {}) {
  return createReplicateGenerationProvider({ apiToken: TOKEN, model: 'flux-canny-pro', baseUrl: origin, pollIntervalMs: 10, ...overrides })
}

function generationInput(overrides: Partial<GenerationInput> = {}): GenerationInput {
  return { image: photo, styleId: 'coastal', paletteId: 'spa-blues', roomType: 'bathroom', changes: ['walls', 'floor', 'cabinetry', 'fixtures'], seed: 424242, signal: new AbortController().signal, ...overrides }
}

beforeAll(async () => {
  photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#c8c2b8' } }).jpeg({ quality: 85 }).toBuffer()
  redesignJpeg = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#9fc3cf' } }).jpeg({ quality: 90 }).toBuffer()
  redesignPng = await sharp({ create: { width: 512, height: 384, channels: 3, background: '#d5e6ea' } }).png().toBuffer()
  server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => send(response, 500, { detail: String(error) }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  requests = []
  onPoll = () => {}
})

describe('Replicate generation provider', () => {
  it('Sends Flux Canny Pro every input explicitly, with our photo as the control image, and returns the redesign', async () => {
    scenario = 'succeeds-at-once'
    const output = await provider().generate(generationInput())

    expect(output.method).toBe('flux-canny-pro')
    expect(output.image.equals(redesignJpeg)).toBe(true)
    const create = requests[0]!
    expect(create.method).toBe('POST')
    expect(create.path).toBe('/v1/models/black-forest-labs/flux-canny-pro/predictions')
    expect(create.headers.authorization).toBe('Bearer r8_test_token')
    expect(create.headers.prefer).toBe('wait=30')
    expect(create.headers['content-type']).toBe('application/json')
    expect(JSON.parse(create.body)).toEqual({
      input: {
        prompt: buildRedesignPrompt('coastal', 'spa-blues', 'bathroom'),
        control_image: `data:image/jpeg;base64,${photo.toString('base64')}`,
        steps: 28,
        guidance: 25,
        output_format: 'jpg',
        safety_tolerance: 2,
        seed: 424242,
        prompt_upsampling: false,
      },
    })
    // Finished within Prefer: wait, so no polling; the file is fetched at once, without our token.
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v1/models/black-forest-labs/flux-canny-pro/predictions', 'GET /files/redesign.jpg'])
    expect(requests[1]!.headers.authorization).toBeUndefined()
  })

  it('Runs Flux Depth Pro with its own guidance when configured', async () => {
    scenario = 'succeeds-at-once'
    const output = await provider({ model: 'flux-depth-pro' }).generate(generationInput({ styleId: 'zen-japandi', paletteId: 'surprise-me', roomType: 'bathroom', seed: 7 }))

    expect(output.method).toBe('flux-depth-pro')
    expect(requests[0]!.path).toBe('/v1/models/black-forest-labs/flux-depth-pro/predictions')
    const body = JSON.parse(requests[0]!.body) as { input: Record<string, unknown> }
    expect(body.input).toMatchObject({ steps: 28, guidance: 10, output_format: 'jpg', safety_tolerance: 2, seed: 7, prompt_upsampling: false })
    expect(body.input.prompt).toBe(buildRedesignPrompt('zen-japandi', 'warm-neutrals', 'bathroom'))
  })

  it('Tells the model in words which surfaces to keep when the person chose only some to change', async () => {
    scenario = 'succeeds-at-once'
    await provider().generate(generationInput({ changes: ['floor'] }))
    const body = JSON.parse(requests[0]!.body) as { input: { prompt: string } }
    expect(body.input.prompt).toBe(buildRedesignPrompt('coastal', 'spa-blues', 'bathroom', ['floor']))
    expect(body.input.prompt).toContain('Change only the floor.')
    expect(body.input.prompt).toContain('Keep the walls and ceiling, the vanity, cabinets and countertop and the basin, toilet, bath, taps and metal finishes exactly as they are in the photo')
  })

  it('Polls a slow prediction through starting and processing until it succeeds', async () => {
    scenario = 'succeeds-slowly'
    const output = await provider().generate(generationInput())

    const image = await sharp(output.image).metadata()
    expect(image).toMatchObject({ format: 'jpeg', width: 640, height: 480 })
    expect(polls().map((request) => request.path)).toEqual(['/v1/predictions/p-slow', '/v1/predictions/p-slow', '/v1/predictions/p-slow'])
    expect(polls().every((request) => request.headers.authorization === 'Bearer r8_test_token')).toBe(true)
    expect(cancels()).toHaveLength(0)
  })

  it('Re-encodes an output of another format and size as a JPEG the size of the photo', async () => {
    scenario = 'succeeds-with-png-of-another-size'
    const output = await provider().generate(generationInput())

    expect(output.image.subarray(0, 3).equals(Buffer.from([0xff, 0xd8, 0xff]))).toBe(true)
    expect(await sharp(output.image).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 })
  })

  it('Rides out one failed poll and carries on', async () => {
    scenario = 'poll-hits-a-server-error'
    const output = await provider().generate(generationInput())

    expect(output.method).toBe('flux-canny-pro')
    expect(polls()).toHaveLength(2)
  })

  it('A failed prediction throws with Replicate’s reason', async () => {
    scenario = 'fails'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate prediction p-failed failed: The input image could not be processed')
  })

  it('A canceled prediction throws', async () => {
    scenario = 'is-canceled'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate prediction p-canceled was canceled')
  })

  it('A missing model throws a clear error', async () => {
    scenario = 'model-missing'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate has no model black-forest-labs/flux-canny-pro (HTTP 404)')
  })

  it('A prediction that disappears while polling throws a clear error', async () => {
    scenario = 'prediction-missing'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate could not find prediction p-gone (HTTP 404)')
  })

  it('Malformed JSON throws', async () => {
    scenario = 'malformed-json'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate answered with malformed JSON')
  })

  it('A wrong token throws without retrying', async () => {
    scenario = 'succeeds-at-once'
    await expect(provider({ apiToken: 'r8_wrong' }).generate(generationInput())).rejects.toThrow('Replicate rejected the API token (HTTP 401)')
    expect(requests).toHaveLength(1)
  })

  it('Invalid input, rate limits and server errors throw with what Replicate said', async () => {
    scenario = 'invalid-input'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate refused the input as invalid (HTTP 422): - input.steps: Must be less than or equal to 50')
    scenario = 'rate-limited'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate rate-limited the request (HTTP 429); retry after 10 s')
    scenario = 'server-error'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate failed with HTTP 503')
  })

  it('An output that is not an image, or no output at all, throws', async () => {
    scenario = 'succeeds-with-a-web-page'
    await expect(provider().generate(generationInput())).rejects.toThrow('The Replicate output is not an image (expected JPEG, PNG or WebP bytes)')
    scenario = 'succeeds-without-output'
    await expect(provider().generate(generationInput())).rejects.toThrow('Replicate prediction p-empty succeeded without an output image')
  })

  it('An aborted generation stops polling and cancels the prediction', async () => {
    scenario = 'never-finishes'
    const controller = new AbortController()
    onPoll = (count) => {
      if (count === 2) controller.abort(new Error('timeout'))
    }

    await expect(provider().generate(generationInput({ signal: controller.signal }))).rejects.toThrow('The generation was stopped; cancelled Replicate prediction p-stuck')
    const pollsWhenStopped = polls().length
    await sleep(100)
    expect(polls()).toHaveLength(pollsWhenStopped)
    expect(pollsWhenStopped).toBeLessThanOrEqual(3)
    expect(cancels().map((request) => [request.path, request.headers.authorization])).toEqual([['/v1/predictions/p-stuck/cancel', 'Bearer r8_test_token']])
  })

  it('A signal aborted before the call sends nothing', async () => {
    const controller = new AbortController()
    controller.abort(new Error('timeout'))
    await expect(provider().generate(generationInput({ signal: controller.signal }))).rejects.toThrow('timeout')
    expect(requests).toHaveLength(0)
  })

  it('A prediction that outlives the wait limit is cancelled and throws', async () => {
    scenario = 'never-finishes'
    await expect(provider({ maxWaitMs: 100 }).generate(generationInput())).rejects.toThrow('Replicate did not finish prediction p-stuck within 0.1 s')
    expect(cancels()).toHaveLength(1)
  })
})
