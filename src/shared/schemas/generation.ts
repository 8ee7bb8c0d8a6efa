import { z } from './zod'
import { ALL_CHANGE_GROUPS, CHANGE_GROUPS, NO_CHANGE_CHOSEN_MESSAGE, normaliseChangeGroups } from '../change-groups'
import { MAX_COMPARED_STYLES, ROOM_TYPES } from '../generation'
import { PaletteIdSchema, StyleIdSchema } from './catalogue'

/** A generation asked for without a photo of one's own (none uploaded, or not the asker's). */
export const PHOTO_MISSING_MESSAGE = 'Please upload a photo first'

export const RoomTypeSchema = z.enum(ROOM_TYPES, { message: 'Please choose a room type' })

/** Decision 0045: what the redesign changes; at least one group, stored in canonical order. Everything by default. */
export const ChangeGroupsSchema = z
  .array(z.enum(CHANGE_GROUPS, { message: NO_CHANGE_CHOSEN_MESSAGE }))
  .max(CHANGE_GROUPS.length)
  .transform((groups) => normaliseChangeGroups(groups))
  .refine((groups) => groups.length > 0, { message: NO_CHANGE_CHOSEN_MESSAGE })
  .default([...ALL_CHANGE_GROUPS])

export const GenerationRequestSchema = z.object({
  imageId: z.uuid({ message: PHOTO_MISSING_MESSAGE }),
  style: StyleIdSchema,
  palette: PaletteIdSchema.default('surprise-me'),
  roomType: RoomTypeSchema.default('bathroom'),
  changes: ChangeGroupsSchema,
  /** Retry bypasses the 24-hour cache (spec §4). */
  retry: z.boolean().optional(),
})
export type GenerationRequest = z.infer<typeof GenerationRequestSchema>
/** What the browser sends: palette and room may be left out (the server's defaults apply). */
export type GenerationRequestInput = z.input<typeof GenerationRequestSchema>


export const COMPARE_TOO_FEW_MESSAGE = 'Choose at least 2 styles to compare.'
export const COMPARE_TOO_MANY_MESSAGE = `You can compare up to ${MAX_COMPARED_STYLES} styles at a time.`

/** POST /api/generations/compare: two or three different styles of one photo, with one palette and one choice of what changes. */
export const CompareRequestSchema = z.object({
  imageId: z.uuid({ message: PHOTO_MISSING_MESSAGE }),
  styles: z
    .array(StyleIdSchema)
    .min(2, { message: COMPARE_TOO_FEW_MESSAGE })
    .max(MAX_COMPARED_STYLES, { message: COMPARE_TOO_MANY_MESSAGE })
    .refine((styles) => new Set(styles).size === styles.length, { message: 'Each style can be chosen once.' }),
  palette: PaletteIdSchema.default('surprise-me'),
  roomType: RoomTypeSchema.default('bathroom'),
  changes: ChangeGroupsSchema,
})
export type CompareRequest = z.infer<typeof CompareRequestSchema>
export type CompareRequestInput = z.input<typeof CompareRequestSchema>

/** The answer: one generation per style, in the order asked, each polled on its own (GET /api/generations/:id). */
export type AcceptedComparison = { generations: Array<{ style: z.infer<typeof StyleIdSchema>; id: string; cached: boolean }>; timeoutMs: number }
