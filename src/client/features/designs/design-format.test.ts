import { describe, expect, it } from 'vitest'
import { creditsUsedLabel, designCountHeadline, designDescription, designPalette, formatDesignDate } from './design-format'

describe('My Designs wording', () => {
  it('counts designs with the singular for one', () => {
    expect(designCountHeadline(0)).toBe("You've created 0 beautiful bathroom designs")
    expect(designCountHeadline(1)).toBe("You've created 1 beautiful bathroom design")
    expect(designCountHeadline(12)).toBe("You've created 12 beautiful bathroom designs")
  })

  it('shows credits used with the singular for one', () => {
    expect(creditsUsedLabel(1)).toBe('1 credit used')
    expect(creditsUsedLabel(0)).toBe('0 credits used')
  })

  it('writes the date in long US format', () => {
    expect(formatDesignDate(new Date(2026, 10, 23, 9).toISOString())).toBe('November 23, 2026')
  })

  it('hides the palette when none was chosen', () => {
    expect(designPalette('surprise-me')).toBeNull()
    expect(designPalette('not-a-palette')).toBeNull()
    expect(designPalette('spa-blues')?.name).toBe('Spa Blues')
  })

  it('describes a design by style and date', () => {
    expect(designDescription({ style: 'mid-century-modern', created_at: new Date(2026, 0, 2, 12).toISOString() })).toBe('Mid Century Modern design from January 2, 2026')
  })
})
