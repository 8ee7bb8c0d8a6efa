import { describe, expect, it } from 'vitest'
import { cropBox, designFileName, isoDay, wizardDesignFileName } from './download-design'

describe('cropBox', () => {
  it('keeps the full width and the top 92% of the height', () => {
    expect(cropBox(1024, 768)).toEqual({ x: 0, y: 0, width: 1024, height: 707 })
    expect(cropBox(1000, 1000)).toEqual({ x: 0, y: 0, width: 1000, height: 920 })
  })

  it('never leaves an empty image', () => {
    expect(cropBox(5, 1).height).toBe(1)
  })
})

describe('designFileName', () => {
  it('uses the style name lower-cased with underscores and the day the design was made', () => {
    expect(designFileName('mid-century-modern', new Date(2026, 10, 23, 18, 30))).toBe('mid_century_modern_bathroom_2026-11-23.jpg')
  })

  it('uses the display name of the style, not its id', () => {
    expect(designFileName('bohemian', new Date(2026, 0, 5))).toBe('boho_bathroom_2026-01-05.jpg')
    expect(designFileName('zen-japandi', new Date(2026, 0, 5))).toBe('zen_japandi_bathroom_2026-01-05.jpg')
  })

  it('title-cases an unknown style id', () => {
    expect(designFileName('art-deco', new Date(2026, 6, 9))).toBe('art_deco_bathroom_2026-07-09.jpg')
  })

  it('accepts the created_at string the API returns', () => {
    const createdAt = new Date(2026, 2, 1, 12).toISOString()
    expect(designFileName('coastal', createdAt)).toBe('coastal_bathroom_2026-03-01.jpg')
  })
})

describe('wizardDesignFileName', () => {
  it('names the wizard download after the style id and the local day it is saved', () => {
    expect(wizardDesignFileName('mid-century-modern', new Date(2025, 7, 6, 23, 30))).toBe('mid-century-modern_bathroom_design_2025-08-06.jpg')
  })

  it('uses the visitor\'s local date, not UTC', () => {
    expect(wizardDesignFileName('coastal', new Date(2026, 0, 1, 0, 5))).toBe('coastal_bathroom_design_2026-01-01.jpg')
  })
})

describe('isoDay', () => {
  it('pads month and day', () => {
    expect(isoDay(new Date(2026, 1, 3))).toBe('2026-02-03')
  })
})
