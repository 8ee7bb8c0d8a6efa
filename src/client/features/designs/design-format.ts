import { findPalette, isPaletteId, type Palette } from '../../../shared/catalogue/palettes'
import { styleTitle } from '../../../shared/catalogue/styles'
import { creditsLabel } from '../../../shared/packages'

// spec §2 My Designs: the date in long US format ("November 23, 2026").
const LONG_US_DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' })

export function formatDesignDate(createdAt: string): string {
  return LONG_US_DATE.format(new Date(createdAt))
}

/** spec §2: 'You've created N beautiful bathroom design(s)', singular for 1. */
export function designCountHeadline(total: number): string {
  return `You've created ${total} beautiful bathroom ${total === 1 ? 'design' : 'designs'}`
}

/** spec §2: 'N credit(s) used'. */
export function creditsUsedLabel(credits: number): string {
  return `${creditsLabel(credits)} used`
}

/** The named palette of a design, or null for surprise-me (none chosen, spec §3) and unknown values. */
export function designPalette(colorPalette: string): Palette | null {
  if (!isPaletteId(colorPalette) || colorPalette === 'surprise-me') return null
  return findPalette(colorPalette) ?? null
}

/** "Coastal design from November 23, 2026": names a card's controls for screen readers. */
export function designDescription(design: { style: string; created_at: string }): string {
  return `${styleTitle(design.style)} design from ${formatDesignDate(design.created_at)}`
}
