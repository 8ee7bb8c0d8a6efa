import { describe, expect, it } from 'vitest'
import { createRoomAnalyzer } from './create-room-analyzer'

describe('createRoomAnalyzer', () => {
  it('chooses the on-machine analyzer by default configuration', () => {
    expect(createRoomAnalyzer({ analyzer: 'local' }).name).toBe('local')
  })

  it('chooses the OpenAI-compatible analyzer when configured with a key', () => {
    expect(createRoomAnalyzer({ analyzer: 'openai', openai: { apiKey: 'sk-1', baseUrl: 'https://api.openai.com', model: 'gpt-4o-mini' } }).name).toBe('openai')
  })

  it('refuses the OpenAI analyzer without a key', () => {
    expect(() => createRoomAnalyzer({ analyzer: 'openai' })).toThrow(/OPENAI_API_KEY/)
    expect(() => createRoomAnalyzer({ analyzer: 'openai', openai: { apiKey: '', baseUrl: 'https://api.openai.com', model: 'gpt-4o-mini' } })).toThrow(/OPENAI_API_KEY/)
  })
})
