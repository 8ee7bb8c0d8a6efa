import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RoomItem } from '../../../shared/products'
import { createRoomAnalyzer } from './create-room-analyzer'

const input = (image: Buffer) => ({ image, styleId: 'scandinavian' as const, paletteId: 'surprise-me' as const, roomType: 'bathroom' as const, signal: new AbortController().signal })

const MODEL_ITEMS: RoomItem[] = [
  { name: 'Matte black wall faucet', description: 'A wall-mounted faucet.', category: 'Fixtures', retailerSuggestion: 'Amazon', searchTerms: ['matte black wall faucet'] },
  { name: 'Oak floating vanity', description: 'A floating vanity in light oak.', category: 'Storage', retailerSuggestion: 'Amazon', searchTerms: ['oak floating vanity'] },
]

describe('createRoomAnalyzer', () => {
  // An OpenAI-compatible service on loopback: the third-party edge, answering as the real API does.
  const received: Array<{ method?: string; url?: string; headers: IncomingHttpHeaders; body: { model?: string; messages?: unknown[] } }> = []
  const model = createServer((request, response) => {
    let text = ''
    request.on('data', (chunk: Buffer) => (text += chunk.toString()))
    request.on('end', () => {
      received.push({ method: request.method, url: request.url, headers: request.headers, body: JSON.parse(text) as { model?: string } })
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ choices: [{ message: { content: JSON.stringify({ items: MODEL_ITEMS }) } }] }))
    })
  })
  let modelUrl = ''
  beforeAll(async () => {
    await new Promise<void>((resolve) => model.listen(0, '127.0.0.1', resolve))
    modelUrl = `http://127.0.0.1:${(model.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise<void>((resolve) => model.close(() => resolve()))
  })

  it('by default configuration analyses on this machine: items in the style’s finish, with no service to call', async () => {
    const analyzer = createRoomAnalyzer({ analyzer: 'local' })
    const image = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#d5e6ea' } }).jpeg().toBuffer()
    const items = await analyzer.analyze(input(image))
    expect(items.length).toBeGreaterThanOrEqual(8)
    expect(items.length).toBeLessThanOrEqual(12)
    expect(items.filter((item) => item.name.startsWith('Matte black')).length).toBeGreaterThanOrEqual(2)
    expect(received).toEqual([])
  }, 60_000)

  it('configured for OpenAI, asks the configured service and model with the key, and returns its items', async () => {
    const analyzer = createRoomAnalyzer({ analyzer: 'openai', openai: { apiKey: 'sk-test-key', baseUrl: modelUrl, model: 'vision-model-7' } })
    const items = await analyzer.analyze(input(Buffer.from('jpeg bytes')))
    expect(items).toEqual(MODEL_ITEMS)
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({ method: 'POST', url: '/v1/chat/completions', headers: { authorization: 'Bearer sk-test-key' }, body: { model: 'vision-model-7' } })
  })

  it('refuses the OpenAI analyzer without a key', () => {
    expect(() => createRoomAnalyzer({ analyzer: 'openai' })).toThrow(/OPENAI_API_KEY/)
    expect(() => createRoomAnalyzer({ analyzer: 'openai', openai: { apiKey: '', baseUrl: 'https://api.openai.com', model: 'gpt-4o-mini' } })).toThrow(/OPENAI_API_KEY/)
  })
})
