import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { PALETTE_IDS } from '../../../shared/catalogue/palettes'
import { METAL_FINISH_NAMES, PALETTE_COLOUR_NAMES } from '../../catalogue/product-types'
import { STYLES, findStyle } from '../../../shared/catalogue/styles'
import { DEFAULT_RETAILER, RoomItemSchema, type RoomItem } from '../../../shared/products'
import { ROOM_TYPES } from '../../../shared/generation'
import { RoomAnalysisError } from './analyze-room-with-fallback'
import { fixturePhoto } from '../../../../tests/support/paths'
import { buildRoomItems, createLocalRoomAnalyzer } from './local-room-analyzer'

// The shared CC0 interior photo lives beside the repository (never copied into it); without it the test fails, saying so.
const realImage = () => readFileSync(fixturePhoto('cc0-interior-1.jpg'))

function categoriesOf(items: RoomItem[]): Set<string> {
  return new Set(items.map((item) => item.category))
}

const names = (items: RoomItem[]) => items.map((item) => item.name)

describe('buildRoomItems', () => {
  it('builds 8–12 schema-valid items in at least 5 categories for every style, palette and room', () => {
    const detectionSets = [[], [{ label: 'toilet', score: 0.6 }, { label: 'sink', score: 0.5 }, { label: 'potted plant', score: 0.4 }, { label: 'bottle', score: 0.35 }, { label: 'chair', score: 0.31 }]]
    for (const style of STYLES) {
      for (const paletteId of PALETTE_IDS) {
        for (const roomType of ROOM_TYPES) {
          for (const detections of detectionSets) {
            const items = buildRoomItems({ styleId: style.id, paletteId, roomType, detections })
            const where = `${style.id}/${paletteId}/${roomType}/${detections.length}`
            expect(items.length, where).toBeGreaterThanOrEqual(8)
            expect(items.length, where).toBeLessThanOrEqual(12)
            expect(categoriesOf(items).size, where).toBeGreaterThanOrEqual(5)
            expect(new Set(names(items)).size, where).toBe(items.length)
            for (const item of items) {
              expect(RoomItemSchema.safeParse(item).success, where).toBe(true)
              expect(item.name, where).not.toMatch(/[{}]/)
              expect(item.description, where).not.toMatch(/[{}]/)
            }
          }
        }
      }
    }
  })

  it('phrases a bathroom in the style’s metal finish and the palette’s colours', () => {
    const items = buildRoomItems({ styleId: 'coastal', paletteId: 'spa-blues', roomType: 'bathroom', detections: [] })
    const faucet = items.find((item) => item.name === 'Brushed nickel widespread faucet')
    expect(faucet).toEqual({
      name: 'Brushed nickel widespread faucet',
      description: expect.stringContaining('brushed nickel') as string,
      category: 'Fixtures',
      retailerSuggestion: 'Home Depot',
      searchTerms: ['brushed nickel widespread bathroom faucet', 'coastal bathroom faucet'],
    })
    expect(names(items).filter((name) => name.startsWith('Brushed nickel')).length).toBeGreaterThanOrEqual(3)
    expect(names(items).some((name) => name.toLowerCase().includes('soft aqua'))).toBe(true)
  })

  it('carries the finish of every style into its item names', () => {
    for (const style of STYLES) {
      const items = buildRoomItems({ styleId: style.id, paletteId: 'surprise-me', roomType: 'bathroom', detections: [] })
      const finish = METAL_FINISH_NAMES[style.look.metal]
      expect(names(items).filter((name) => name.toLowerCase().includes(finish)).length, style.id).toBeGreaterThanOrEqual(2)
    }
  })

  it('reads surprise-me as the style’s signature palette', () => {
    const style = findStyle('mid-century-modern')
    if (!style) throw new Error('missing style')
    const surprise = buildRoomItems({ styleId: style.id, paletteId: 'surprise-me', roomType: 'bathroom', detections: [] })
    expect(surprise).toEqual(buildRoomItems({ styleId: style.id, paletteId: style.signaturePalette, roomType: 'bathroom', detections: [] }))
    expect(JSON.stringify(surprise)).toContain(PALETTE_COLOUR_NAMES[style.signaturePalette].accent)
  })

  it('adds what the detections call for: a toilet brings a toilet and a holder, a sink a faucet, mirror and light, a plant a planter', () => {
    const plain = buildRoomItems({ styleId: 'minimalist', paletteId: 'surprise-me', roomType: 'bathroom', detections: [] })
    expect(names(plain).some((name) => /toilet$/i.test(name))).toBe(false)
    expect(names(plain).some((name) => /planter/i.test(name))).toBe(false)

    const seen = buildRoomItems({
      styleId: 'minimalist',
      paletteId: 'surprise-me',
      roomType: 'bathroom',
      detections: [{ label: 'toilet', score: 0.7 }, { label: 'sink', score: 0.6 }, { label: 'potted plant', score: 0.45 }],
    })
    const seenNames = names(seen)
    expect(seenNames).toEqual(expect.arrayContaining(['One-piece elongated toilet', 'Brushed nickel toilet paper holder', 'Brushed nickel widespread faucet', 'Brushed nickel framed vanity mirror', 'Brushed nickel vanity sconce', 'White ceramic planter']))
    expect(seen.find((item) => item.name === 'One-piece elongated toilet')?.description).toContain('your design shows a toilet')
  })

  it('says which detection an item answers to, with the right article', () => {
    const items = buildRoomItems({ styleId: 'rustic', paletteId: 'earth-tones', roomType: 'kitchen', detections: [{ label: 'oven', score: 0.5 }] })
    expect(items.find((item) => item.name === 'Clay tea towels')?.description).toMatch(/shows an oven\.$/)
  })

  it('ignores unsure and irrelevant detections', () => {
    const plain = buildRoomItems({ styleId: 'glam', paletteId: 'jewel-tones', roomType: 'bathroom', detections: [] })
    const noisy = buildRoomItems({ styleId: 'glam', paletteId: 'jewel-tones', roomType: 'bathroom', detections: [{ label: 'toilet', score: 0.21 }, { label: 'person', score: 0.9 }, { label: 'giraffe', score: 0.8 }] })
    expect(noisy).toEqual(plain)
  })

  it('suggests each category’s default retailer, except where a product type says otherwise', () => {
    const items = buildRoomItems({ styleId: 'farmhouse', paletteId: 'warm-neutrals', roomType: 'bathroom', detections: [{ label: 'toilet', score: 0.9 }] })
    const etagere = items.find((item) => item.name === 'Matte black over-the-toilet etagere')
    expect(etagere?.retailerSuggestion).toBe('Wayfair')
    for (const item of items.filter((other) => other !== etagere)) expect(item.retailerSuggestion, item.name).toBe(DEFAULT_RETAILER[item.category])
  })

  it('rejects an unknown style as an analysis error', () => {
    expect(() => buildRoomItems({ styleId: 'gothic' as never, paletteId: 'surprise-me', roomType: 'bathroom', detections: [] })).toThrow(RoomAnalysisError)
  })
})

describe('the local room analyzer', () => {
  const input = (image: Buffer) => ({ image, styleId: 'scandinavian' as const, paletteId: 'surprise-me' as const, roomType: 'bathroom' as const, signal: new AbortController().signal })

  it('analyses a real image into 8–12 items in at least 5 categories, in the style’s finish, the same every time', async () => {
    const analyzer = createLocalRoomAnalyzer()
    await analyzer.warmUp()
    const image = realImage()
    const first = await analyzer.analyze(input(image))
    const second = await analyzer.analyze(input(image))

    expect(analyzer.name).toBe('local')
    expect(first.length).toBeGreaterThanOrEqual(8)
    expect(first.length).toBeLessThanOrEqual(12)
    expect(categoriesOf(first).size).toBeGreaterThanOrEqual(5)
    for (const item of first) expect(RoomItemSchema.safeParse(item).success).toBe(true)
    expect(names(first).filter((name) => name.startsWith('Matte black')).length).toBeGreaterThanOrEqual(2)
    expect(second).toEqual(first)
  })

  it('reports a detector failure as an analysis error', async () => {
    const analyzer = createLocalRoomAnalyzer({
      detect: async () => {
        throw new Error('model missing')
      },
    })
    await expect(analyzer.analyze(input(Buffer.from('x')))).rejects.toThrow(RoomAnalysisError)
  })

  it('builds its list from what the detector saw', async () => {
    const analyzer = createLocalRoomAnalyzer({ detect: async () => [{ label: 'hair drier', score: 0.8, box: [0.1, 0.1, 0.2, 0.2] }] })
    const items = await analyzer.analyze(input(Buffer.from('x')))
    expect(names(items)).toContain('Matte black hair tool organizer')
  })

  it('stops when the caller has already given up', async () => {
    const controller = new AbortController()
    controller.abort(new Error('stopped'))
    const analyzer = createLocalRoomAnalyzer({ detect: async () => [] })
    await expect(analyzer.analyze({ ...input(Buffer.from('x')), signal: controller.signal })).rejects.toThrow('stopped')
  })
})
