import type { ChangeGroup } from '../../../shared/change-groups'
import type { PaletteId } from '../../../shared/catalogue/palettes'
import type { StyleId } from '../../../shared/catalogue/styles'
import type { RoomType } from '../../../shared/generation'

export type GenerationInput = {
  /** The normalised photo (JPEG, ≤ 4 MP). */
  image: Buffer
  styleId: StyleId
  paletteId: PaletteId
  roomType: RoomType
  /** What the redesign may change (decision 0045); the rest of the photo stays as it was. At least one group. */
  changes: readonly ChangeGroup[]
  seed: number
  signal: AbortSignal
}

export type GenerationOutput = { image: Buffer; method: string }

/** Turns a photo into a redesign. Throws on failure; the generation service refunds and falls back. */
export interface GenerationProvider {
  readonly name: string
  generate: (input: GenerationInput) => Promise<GenerationOutput>
  /** Loads what the first generation would otherwise wait for (a server calls it when it starts taking jobs). */
  warmUp?: () => Promise<void>
}

/**
 * A provider failure with a reason the user may read (spec §8: 'Using sample image: {error}'). Any other error's
 * message is for the logs only: it may name hosts, ids or configuration.
 */
export class GenerationRefusal extends Error {
  readonly userMessage: string
  constructor(userMessage: string, options?: { cause?: unknown; detail?: string }) {
    super(options?.detail ?? userMessage, { cause: options?.cause })
    this.name = 'GenerationRefusal'
    this.userMessage = userMessage
  }
}
