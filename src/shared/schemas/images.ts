import { z } from './zod'
import { NOT_AN_IMAGE_DROP_MESSAGE } from '../upload-rules'

/** POST /api/images/import: a web image dropped on the upload step, fetched by the server (spec §5). */
export const ImageImportSchema = z.object({ url: z.string({ message: NOT_AN_IMAGE_DROP_MESSAGE }).trim().min(1).max(2048) })
export type ImageImport = z.infer<typeof ImageImportSchema>
export type ImageImportInput = z.input<typeof ImageImportSchema>
