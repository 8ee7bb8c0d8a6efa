import type { PaletteId } from '../../../shared/catalogue/palettes'
import type { StyleId } from '../../../shared/catalogue/styles'
import type { RoomType } from '../../../shared/generation'

export type GenerationInput = {
  /** The normalised photo (JPEG, ≤ 4 MP). */
  image: Buffer
  styleId: StyleId
  paletteId: PaletteId
  roomType: RoomType
  seed: number
  signal: AbortSignal
}

export type GenerationOutput = { image: Buffer; method: string }

/** Turns a photo into a redesign. Throws on failure; the generation service refunds and falls back. */
export interface GenerationProvider {
  readonly name: string
  generate: (input: GenerationInput) => Promise<GenerationOutput>
}
