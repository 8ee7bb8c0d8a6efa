import { describe, expect, it } from 'vitest'
import {
  clearAllCachedTransformations,
  hashBlob,
  isReusable,
  readCachedTransformation,
  readChoices,
  readLastTransformation,
  saveCachedTransformation,
  savePaletteChoice,
  saveLastTransformation,
  saveRoomType,
  saveStyleChoice,
  transformationCacheKey,
  type CachedTransformation,
  type Combination,
} from './browser-storage'

/** An in-memory Web Storage. */
class MemoryStorage implements Storage {
  private values = new Map<string, string>()
  get length() {
    return this.values.size
  }
  clear() {
    this.values.clear()
  }
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  key(index: number) {
    return [...this.values.keys()][index] ?? null
  }
  removeItem(key: string) {
    this.values.delete(key)
  }
  setItem(key: string, value: string) {
    this.values.set(key, String(value))
  }
}

const HOUR = 60 * 60 * 1000
const combination: Combination = { imageHash: 'abc123', style: 'coastal', palette: 'spa-blues', roomType: 'bathroom' }
const entry = (overrides: Partial<CachedTransformation> = {}): CachedTransformation => ({
  generationId: 'g1',
  designId: 'd1',
  image: '/api/images/i1',
  createdAt: 1_000_000,
  fallback: false,
  ...overrides,
})

describe('The per-combination transformation cache', () => {
  it('is keyed by photo, style, palette and room', () => {
    expect(transformationCacheKey(combination)).toBe('transformation-cache:abc123:coastal:spa-blues:bathroom')
  })

  it('reuses a result under 24 hours old', () => {
    const storage = new MemoryStorage()
    saveCachedTransformation(combination, entry(), storage)
    expect(readCachedTransformation(combination, 1_000_000 + 23 * HOUR, storage)).toEqual(entry())
  })

  it('discards a result 24 hours old or more', () => {
    const storage = new MemoryStorage()
    saveCachedTransformation(combination, entry(), storage)
    expect(readCachedTransformation(combination, 1_000_000 + 24 * HOUR, storage)).toBeNull()
    expect(storage.getItem(transformationCacheKey(combination))).toBeNull()
  })

  it('never keeps or reuses a fallback (sample) result', () => {
    const storage = new MemoryStorage()
    saveCachedTransformation(combination, entry({ fallback: true }), storage)
    expect(storage.length).toBe(0)
    expect(isReusable(entry({ fallback: true }), 1_000_000)).toBe(false)
  })

  it('does not mix up combinations', () => {
    const storage = new MemoryStorage()
    saveCachedTransformation(combination, entry(), storage)
    expect(readCachedTransformation({ ...combination, palette: 'surprise-me' }, 1_000_000, storage)).toBeNull()
  })

  it('drops unreadable entries', () => {
    const storage = new MemoryStorage()
    storage.setItem(transformationCacheKey(combination), '{not json')
    expect(readCachedTransformation(combination, 1_000_000, storage)).toBeNull()
    expect(storage.length).toBe(0)
  })

  it('can be cleared all at once without touching other keys', () => {
    const storage = new MemoryStorage()
    saveCachedTransformation(combination, entry(), storage)
    saveCachedTransformation({ ...combination, style: 'glam' }, entry(), storage)
    storage.setItem('cookie-consent', 'accepted')
    clearAllCachedTransformations(storage)
    expect(storage.length).toBe(1)
    expect(storage.getItem('cookie-consent')).toBe('accepted')
  })
})

describe('The stored choices', () => {
  it('remember style, palette and room type under the spec keys', () => {
    const storage = new MemoryStorage()
    saveStyleChoice('zen-japandi', storage)
    savePaletteChoice('earth-tones', storage)
    saveRoomType('bathroom', storage)
    expect(storage.getItem('selectedStyle')).toBe('zen-japandi')
    expect(storage.getItem('selectedColorPalette')).toBe('earth-tones')
    expect(storage.getItem('pendingRoomType')).toBe('bathroom')
    expect(storage.getItem('roomType')).toBe('bathroom')
    expect(readChoices(storage)).toEqual({ style: 'zen-japandi', palette: 'earth-tones', roomType: 'bathroom' })
  })

  it('read values that are not in the catalogue as not chosen', () => {
    const storage = new MemoryStorage()
    storage.setItem('selectedStyle', 'gothic')
    storage.setItem('selectedColorPalette', 'neon')
    expect(readChoices(storage)).toEqual({ style: null, palette: null, roomType: null })
  })

  it('keep the last transformation as id, image and title', () => {
    const storage = new MemoryStorage()
    saveLastTransformation({ id: 'd1', image: '/api/images/i1', title: 'Coastal Bathroom' }, storage)
    expect(readLastTransformation(storage)).toEqual({ id: 'd1', image: '/api/images/i1', title: 'Coastal Bathroom' })
  })
})

describe('The photo hash', () => {
  it('is the SHA-256 of the bytes, so the same photo gets the same cache key', async () => {
    const hash = await hashBlob(new Blob(['abc']))
    expect(hash).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
  })
})
