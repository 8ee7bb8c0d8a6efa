import { z } from 'zod'
import { ROOM_TYPES } from '../generation'
import { PaletteIdSchema, StyleIdSchema } from './catalogue'

export const RoomTypeSchema = z.enum(ROOM_TYPES, { message: 'Please choose a room type' })

export const GenerationRequestSchema = z.object({
  imageId: z.uuid({ message: 'Please upload a photo first' }),
  style: StyleIdSchema,
  palette: PaletteIdSchema.default('surprise-me'),
  roomType: RoomTypeSchema.default('bathroom'),
  /** Retry bypasses the 24-hour cache (spec §4). */
  retry: z.boolean().optional(),
})
export type GenerationRequest = z.infer<typeof GenerationRequestSchema>

