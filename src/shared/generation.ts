import type { ChangeGroup } from './change-groups'

// Generation facts shared by client and server without pulling in zod (the request schema is in
// schemas/generation.ts).

// spec §3: room types (for fallback products); the room defaults to bathroom.
export const ROOM_TYPES = ['bathroom', 'kitchen', 'bedroom', 'living_room'] as const
export type RoomType = (typeof ROOM_TYPES)[number]

export function isRoomType(value: unknown): value is RoomType {
  return typeof value === 'string' && (ROOM_TYPES as readonly string[]).includes(value)
}

/** method_used of a design made by Lavo's on-machine engine (not an AI model): the product says so wherever it shows one. */
export const LOCAL_ENGINE_METHOD = 'local-style-transfer'

/** spec §9 Download: the bottom 8% of a design is its caption band, cropped from downloads and thumbnails. */
export const CAPTION_BAND_FRACTION = 0.08

export const GENERATION_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const
export type GenerationStatus = (typeof GENERATION_STATUSES)[number]

/** Why a generation ended with a sample image: the 75 s limit, or any other failure. */
export const GENERATION_ERROR_TYPES = ['timeout', 'failed'] as const
export type GenerationErrorType = (typeof GENERATION_ERROR_TYPES)[number]

/** spec §3 transformation result, as GET /api/generations/:id returns it. */
export type GenerationResult = {
  designId: string | null
  image: string
  title: string
  fallback: boolean
  error: string | null
  errorMessage: string | null
  errorType: GenerationErrorType | null
  generatedAt: string
  method: string
  creditsUsed: number
}

export type GenerationView = {
  id: string
  status: GenerationStatus
  style: string
  palette: string
  roomType: string
  /** What the redesign changes (decision 0045), in canonical order. */
  changes: ChangeGroup[]
  createdAt: string
  result: GenerationResult | null
  /** While it waits for a worker: its place in the queue, 1 = next. Null once it runs or ends. */
  queuePosition: number | null
  /** The configured generator's recent median time from acceptance to design, in ms; null until it has made a few. */
  typicalDurationMs: number | null
}

/** spec §9: generation times out after 75 s. */
export const GENERATION_TIMEOUT_MS = 75_000
/** spec §9: a cached result is valid for 24 hours. */
export const GENERATION_CACHE_MS = 24 * 60 * 60 * 1000

/** Issue 19 §3, decision 0046: at most this many styles are compared in one go (it fits the fair cap of 3 open designs). */
export const MAX_COMPARED_STYLES = 3
