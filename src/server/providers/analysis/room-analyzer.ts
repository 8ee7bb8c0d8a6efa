import type { PaletteId } from '../../../shared/catalogue/palettes'
import type { StyleId } from '../../../shared/catalogue/styles'
import type { RoomItem } from '../../../shared/products'
import type { RoomType } from '../../../shared/generation'

export type RoomAnalysisInput = {
  /** The generated design (JPEG). */
  image: Buffer
  styleId: StyleId
  paletteId: PaletteId
  roomType: RoomType
  signal: AbortSignal
}

/** Finds what is in a design and turns it into shoppable items (spec §3 room analysis response). */
export interface RoomAnalyzer {
  readonly name: string
  analyze: (input: RoomAnalysisInput) => Promise<RoomItem[]>
}
