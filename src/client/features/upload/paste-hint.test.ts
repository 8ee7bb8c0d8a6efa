import { describe, expect, it } from 'vitest'
import { pasteKeysFor } from './paste-hint'

describe('the paste hint', () => {
  it('Apple systems are told ⌘V, everyone else Ctrl+V', () => {
    expect(pasteKeysFor('macOS')).toBe('⌘V')
    expect(pasteKeysFor('MacIntel')).toBe('⌘V')
    expect(pasteKeysFor('iPad')).toBe('⌘V')
    expect(pasteKeysFor('Windows')).toBe('Ctrl+V')
    expect(pasteKeysFor('Linux x86_64')).toBe('Ctrl+V')
  })
})
