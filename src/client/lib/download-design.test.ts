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

  // Run in zones far from UTC, so a UTC date (toISOString) would name another day and fail here even on a UTC machine.
  it.each([
    { zone: 'Pacific/Auckland', local: [2026, 0, 1, 0, 5] as [number, number, number, number, number], day: '2026-01-01' },
    { zone: 'America/Los_Angeles', local: [2025, 7, 6, 23, 30] as [number, number, number, number, number], day: '2025-08-06' },
  ])('uses the visitor\'s local date, not UTC (in $zone)', ({ zone, local, day }) => {
    const saved = process.env.TZ
    process.env.TZ = zone
    try {
      const date = new Date(...local)
      expect(date.toISOString().slice(0, 10)).not.toBe(day)
      expect(wizardDesignFileName('coastal', date)).toBe(`coastal_bathroom_design_${day}.jpg`)
    } finally {
      if (saved === undefined) delete process.env.TZ
      else process.env.TZ = saved
    }
  })
})

describe('isoDay', () => {
  it('pads month and day', () => {
    expect(isoDay(new Date(2026, 1, 3))).toBe('2026-02-03')
  })
})
