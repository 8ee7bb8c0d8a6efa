import { describe, expect, it } from 'vitest'
import { PRODUCT_CATEGORIES } from '../../shared/products'
import { ROOM_TYPES } from '../../shared/generation'
import { PALETTES } from '../../shared/catalogue/palettes'
import { DEFAULT_PRODUCT_TYPES, DEFAULT_SURFACE_NAME, PALETTE_COLOUR_NAMES, SURFACE_MATERIAL_NAMES, PRODUCT_TEMPLATE_PLACEHOLDERS, PRODUCT_TYPES, STYLE_PRODUCT_WORDS, findProductType, type ProductTemplate, type ProductType } from './product-types'
import { STYLE_IDS } from '../../shared/catalogue/styles'

const catalogue: readonly ProductType[] = PRODUCT_TYPES

function templatesOf(type: ProductType): ProductTemplate[] {
  return [type, ...Object.values(type.variants ?? {})]
}

function textsOf(template: ProductTemplate): string[] {
  return [template.name, ...template.search, ...(template.description ? [template.description] : [])]
}

describe('the product-type catalogue', () => {
  it('offers at least three product types in every category', () => {
    for (const category of PRODUCT_CATEGORIES) {
      expect(catalogue.filter((type) => type.category === category).length, category).toBeGreaterThanOrEqual(3)
    }
  })

  it('names every type once', () => {
    const ids = catalogue.map((type) => type.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('gives every room a default set of at least 10 types, in that room, across at least 5 categories', () => {
    for (const room of ROOM_TYPES) {
      const types = DEFAULT_PRODUCT_TYPES[room].map((id) => findProductType(id))
      expect(types.every((type) => type?.rooms.includes(room)), room).toBe(true)
      expect(new Set(DEFAULT_PRODUCT_TYPES[room]).size, room).toBeGreaterThanOrEqual(10)
      expect(new Set(types.map((type) => type?.category)).size, room).toBeGreaterThanOrEqual(5)
    }
  })

  it('suggests a toilet and a toilet paper holder for a toilet, a faucet, mirror and vanity light for a sink, a planter for a plant', () => {
    const triggeredBy = (label: string) => catalogue.filter((type) => type.rooms.includes('bathroom') && (type.triggers as readonly string[]).includes(label)).map((type) => type.id)
    expect(triggeredBy('toilet')).toEqual(expect.arrayContaining(['toilet', 'toilet-paper-holder']))
    expect(triggeredBy('sink')).toEqual(expect.arrayContaining(['widespread-faucet', 'vanity-mirror', 'vanity-sconce']))
    expect(triggeredBy('potted plant')).toContain('planter')
  })

  it('uses only known placeholders, and never "a {placeholder}" whose article may not fit', () => {
    for (const surface of [DEFAULT_SURFACE_NAME, ...Object.values(SURFACE_MATERIAL_NAMES)]) expect(surface).toMatch(/^[^aeiou]/i)
    const known = new Set<string>(PRODUCT_TEMPLATE_PLACEHOLDERS)
    for (const type of catalogue) {
      for (const template of templatesOf(type)) {
        for (const text of [...textsOf(template), type.description]) {
          for (const [, key] of text.matchAll(/\{(\w+)\}/g)) expect(known.has(key ?? ''), `${type.id}: ${text}`).toBe(true)
          // {surface} is the exception: every surface name starts with a consonant (checked below).
          expect(text, type.id).not.toMatch(/\ban? \{(?!surface\})/i)
        }
        expect(template.search.length, type.id).toBeGreaterThanOrEqual(1)
        expect(template.search.length, type.id).toBeLessThanOrEqual(3)
      }
    }
  })

  it('only has variants for real styles, and words for every style and colour names for every palette', () => {
    for (const type of catalogue) {
      for (const styleId of Object.keys(type.variants ?? {})) expect(STYLE_IDS, type.id).toContain(styleId)
    }
    expect(Object.keys(STYLE_PRODUCT_WORDS).sort()).toEqual([...STYLE_IDS].sort())
    for (const palette of PALETTES) {
      expect(Object.keys(PALETTE_COLOUR_NAMES[palette.id]).sort()).toEqual(Object.keys(palette.colors).sort())
    }
  })
})
