import { z } from './zod'
import { PALETTE_IDS } from '../catalogue/palettes'
import { STYLE_IDS } from '../catalogue/styles'

// The catalogue ids as request schemas. Kept apart from the catalogues themselves, so pages that only
// show styles and palettes do not load zod.
export const StyleIdSchema = z.enum(STYLE_IDS, { message: 'Please choose a design style' })
export const PaletteIdSchema = z.enum(PALETTE_IDS, { message: 'Please choose a colour palette' })
