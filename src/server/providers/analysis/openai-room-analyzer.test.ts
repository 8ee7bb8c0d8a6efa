import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { FALLBACK_ROOM_ITEMS, type RoomItem } from '../../../shared/products'
import { RoomAnalysisError, analyzeRoomWithFallback } from './analyze-room-with-fallback'
import { ROOM_ANALYSIS_INSTRUCTIONS, createOpenAiRoomAnalyzer, roomContextText } from './openai-room-analyzer'

// A local server speaking the OpenAI chat completions contract: POST /v1/chat/completions with a bearer
// key, answering { choices: [{ message: { role, content } }] } or { error: { message } } with a status.

type Recorded = { method: string; url: string; headers: IncomingHttpHeaders; body: unknown }
type Reply = { status: number; body: unknown }

const API_KEY = 'sk-test-123'
const IMAGE = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9])

const ITEMS: RoomItem[] = [
  { name: 'Brass widespread faucet', description: 'Two handles in brass.', category: 'Fixtures', retailerSuggestion: 'Home Depot', searchTerms: ['brass widespread bathroom faucet', 'glam bathroom faucet'] },
  { name: 'Brass crystal sconce', description: 'A pair either side of the mirror.', category: 'Lighting', retailerSuggestion: 'Lowes', searchTerms: ['brass crystal wall sconce'] },
  { name: 'Velvet vanity stool', description: 'Emerald velvet.', category: 'Decor', retailerSuggestion: 'Wayfair', searchTerms: ['emerald velvet vanity stool'] },
]

function completion(content: string | null): unknown {
  return { id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'vision-test', choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }] }
}

let server: Server
let baseUrl: string
let requests: Recorded[]
let replies: Reply[]

beforeAll(async () => {
  server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      requests.push({ method: request.method ?? '', url: request.url ?? '', headers: request.headers, body: text ? (JSON.parse(text) as unknown) : undefined })
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Not found' } }))
        return
      }
      if (request.headers.authorization !== `Bearer ${API_KEY}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }))
        return
      }
      const reply = replies.shift() ?? { status: 500, body: { error: { message: 'no reply scripted' } } }
      response.writeHead(reply.status, { 'content-type': 'application/json' }).end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(() => {
  requests = []
  replies = []
})

const input = () => ({ image: IMAGE, styleId: 'glam', paletteId: 'surprise-me', roomType: 'bathroom', signal: new AbortController().signal }) as const

describe('the OpenAI-compatible room analyzer', () => {
  it('sends the design and its style context, and returns the items the model lists', async () => {
    replies.push({ status: 200, body: completion(JSON.stringify({ items: ITEMS })) })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl, model: 'vision-test' })

    expect(analyzer.name).toBe('openai')
    expect(await analyzer.analyze(input())).toEqual(ITEMS)

    expect(requests).toHaveLength(1)
    const [request] = requests
    expect(request?.method).toBe('POST')
    expect(request?.url).toBe('/v1/chat/completions')
    expect(request?.headers.authorization).toBe('Bearer sk-test-123')
    expect(request?.headers['content-type']).toBe('application/json')
    expect(request?.body).toEqual({
      model: 'vision-test',
      messages: [
        { role: 'system', content: ROOM_ANALYSIS_INSTRUCTIONS },
        {
          role: 'user',
          content: [
            { type: 'text', text: roomContextText({ styleId: 'glam', paletteId: 'surprise-me', roomType: 'bathroom' }) },
            { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${IMAGE.toString('base64')}` } },
          ],
        },
      ],
      response_format: { type: 'json_object' },
      temperature: 0.2,
    })
  })

  it('tells the model the style, its finish and the palette surprise-me resolves to', () => {
    const text = roomContextText({ styleId: 'glam', paletteId: 'surprise-me', roomType: 'bathroom' })
    expect(text).toContain('Room type: bathroom.')
    expect(text).toContain('Style: Glam')
    expect(text).toContain('Metal finish: brass.')
    expect(text).toContain('Palette: Jewel Tones')
    expect(ROOM_ANALYSIS_INSTRUCTIONS).toContain('Fixtures, Lighting, Hardware, Storage, Decor, Accessories, Textiles')
  })

  it('accepts a base URL that already ends in /v1', async () => {
    replies.push({ status: 200, body: completion(JSON.stringify({ items: ITEMS })) })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl: `${baseUrl}/v1/`, model: 'vision-test' })
    await analyzer.analyze(input())
    expect(requests.map((request) => request.url)).toEqual(['/v1/chat/completions'])
  })

  it('throws a clear error on a server error', async () => {
    replies.push({ status: 500, body: { error: { message: 'The server had an error while processing your request.' } } })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl, model: 'vision-test' })
    const failure = analyzer.analyze(input())
    await expect(failure).rejects.toThrow(RoomAnalysisError)
    await expect(failure).rejects.toThrow('The analysis model refused the request (HTTP 500): The server had an error while processing your request.')
  })

  it('throws a clear error when the key is refused', async () => {
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: 'sk-wrong', baseUrl, model: 'vision-test' })
    await expect(analyzer.analyze(input())).rejects.toThrow('The analysis model refused the request (HTTP 401): Incorrect API key provided')
    expect(requests[0]?.headers.authorization).toBe('Bearer sk-wrong')
  })

  it('throws a clear error when the content is not JSON', async () => {
    replies.push({ status: 200, body: completion('Here are some products: a faucet, a mirror') })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl, model: 'vision-test' })
    await expect(analyzer.analyze(input())).rejects.toThrow(new RoomAnalysisError('The analysis model returned malformed JSON'))
  })

  it('throws a clear error when the JSON does not match the item schema', async () => {
    replies.push({ status: 200, body: completion(JSON.stringify({ items: [{ title: 'Faucet', category: 'Plumbing' }] })) })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl, model: 'vision-test' })
    await expect(analyzer.analyze(input())).rejects.toThrow(/do not match the schema/)
  })

  it('throws a clear error when the list is empty, the content missing or the body not a completion', async () => {
    replies.push({ status: 200, body: completion(JSON.stringify({ items: [] })) })
    replies.push({ status: 200, body: completion(null) })
    replies.push({ status: 200, body: { object: 'list', data: [] } })
    replies.push({ status: 200, body: '<html>gateway</html>' })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl, model: 'vision-test' })
    await expect(analyzer.analyze(input())).rejects.toThrow(/empty item list/)
    await expect(analyzer.analyze(input())).rejects.toThrow('The analysis model returned no content')
    await expect(analyzer.analyze(input())).rejects.toThrow('The analysis model answered with an unexpected response body')
    await expect(analyzer.analyze(input())).rejects.toThrow('The analysis model answered with an unexpected response body')
  })

  it('throws a clear error when the server cannot be reached', async () => {
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const port = (closed.address() as AddressInfo).port
    await new Promise((resolve) => closed.close(resolve))
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl: `http://127.0.0.1:${port}`, model: 'vision-test' })
    await expect(analyzer.analyze(input())).rejects.toThrow(/Could not reach the analysis model/)
  })

  it('keeps at most 12 items from a long answer', async () => {
    const many = Array.from({ length: 15 }, (_, index) => ({ ...ITEMS[0], name: `Item ${index}` }))
    replies.push({ status: 200, body: completion(JSON.stringify({ items: many })) })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl, model: 'vision-test' })
    expect(await analyzer.analyze(input())).toHaveLength(12)
  })

  it('is retried twice and then falls back when the server keeps failing', async () => {
    replies.push({ status: 500, body: { error: { message: 'down' } } }, { status: 503, body: { error: { message: 'down' } } }, { status: 500, body: { error: { message: 'down' } } })
    const analyzer = createOpenAiRoomAnalyzer({ apiKey: API_KEY, baseUrl, model: 'vision-test' })
    const { signal: _signal, ...rest } = input()
    const outcome = await analyzeRoomWithFallback(analyzer, rest, { sleep: async () => {} })
    expect(requests).toHaveLength(3)
    expect(outcome).toEqual({ items: FALLBACK_ROOM_ITEMS.slice(0, 8), analysisUsed: false, message: 'Could not analyze room image' })
  })
})
