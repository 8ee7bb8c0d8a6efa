// Share links (issue 19 §4, decision 0043-share-links): what the owner and a visitor are told, written once.
import { z } from './zod'
import type { PaletteId } from '../catalogue/palettes'
import type { StyleId } from '../catalogue/styles'

/** 32 random bytes in base64url: exactly 43 characters of A–Z, a–z, 0–9, - and _. */
export const SHARE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/

export const ShareTokenSchema = z.object({ token: z.string().regex(SHARE_TOKEN_PATTERN, { message: 'Shared design not found' }) })

/** The owner's view of a design's link: its address, or none. */
export type ShareLink = { url: string; createdAt: string }

/** Everything a visitor to /s/<token> is given: the two pictures and what was chosen. Nothing about the owner. */
export type SharedDesignView = {
  title: string
  style: StyleId
  styleName: string
  styleDescription: string
  palette: PaletteId
  /** null when the palette was Surprise Me (none chosen). */
  paletteName: string | null
  beforeUrl: string
  afterUrl: string
  width: number
  height: number
  /** The built-in engine made the picture, not an AI model: the page says so (non-negotiable 6). */
  madeByEngine: boolean
}

export const SHARED_DESIGN_MISSING_MESSAGE = 'This shared design is not available. The link may have been turned off by its owner.'
export const SAMPLE_NOT_SHAREABLE_MESSAGE = 'A sample image cannot be shared. Share a design made from your own photo.'
