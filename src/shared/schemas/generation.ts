import { z } from 'zod'
import { ROOM_TYPES } from '../generation'
import { PaletteIdSchema, StyleIdSchema } from './catalogue'

/** A generation asked for without a photo of one's own (none uploaded, or not the asker's). */
export const PHOTO_MISSING_MESSAGE = 'Please upload a photo first'

export const RoomTypeSchema = z.enum(ROOM_TYPES, { message: 'Please choose a room type' })

export const GenerationRequestSchema = z.object({
  imageId: z.uuid({ message: PHOTO_MISSING_MESSAGE }),
  style: StyleIdSchema,
  palette: PaletteIdSchema.default('surprise-me'),
  roomType: RoomTypeSchema.default('bathroom'),
  /** Retry bypasses the 24-hour cache (spec §4). */
  retry: z.boolean().optional(),
})
export type GenerationRequest = z.infer<typeof GenerationRequestSchema>
/** What the browser sends: palette and room may be left out (the server's defaults apply). */
export type GenerationRequestInput = z.input<typeof GenerationRequestSchema>

