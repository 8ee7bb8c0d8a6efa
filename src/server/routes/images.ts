import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { ImageImportSchema } from '../../shared/schemas/images'
import { fileTooLargeMessage, formatMegabytes, MAX_UPLOAD_BYTES, NOT_AN_IMAGE_MESSAGE } from '../../shared/upload-rules'
import { AppError } from '../lib/app-error'
import { clientIp } from '../lib/client-ip'
import { limitBody, parseJsonBody, parseWith } from '../lib/http'
import { requireUser, type SessionReader } from '../lib/session'
import type { PhotoScreener } from '../images/photo-screening'
import { checkPhoto } from '../services/photo-checks'
import { assertStorageQuota, importRemoteImage, readOwnImage, uploadImage, type ImageDeps, type ImportDeps } from '../services/images'
import type { RateLimiter } from '../services/rate-limit'

const ImageIdSchema = z.object({ id: z.uuid({ message: 'Image not found' }) })

// spec §5: a file over 10 MB is refused with its size. The body may exceed 10 MB a little so that the
// handler can name the file's own size; anything larger is refused before it is read, sized from its
// Content-Length (browsers always send one for a file), with the same message the upload form shows.
export const UPLOAD_BODY_LIMIT = MAX_UPLOAD_BYTES + 2 * 1024 * 1024
const limitUploadBody = limitBody(UPLOAD_BODY_LIMIT, (declared) => fileTooLargeMessage(declared !== undefined && declared > UPLOAD_BODY_LIMIT ? formatMegabytes(declared) : `over ${formatMegabytes(UPLOAD_BODY_LIMIT)}`))

/** The one photo of a multipart body (field `file`), within the upload size: the spec's messages otherwise. */
async function uploadedPhoto(c: Context): Promise<Buffer> {
  let form: Record<string, string | File | (string | File)[]>
  try {
    form = await c.req.parseBody()
  } catch {
    throw new AppError('validation', NOT_AN_IMAGE_MESSAGE)
  }
  const file = form.file
  if (!(file instanceof File)) throw new AppError('validation', NOT_AN_IMAGE_MESSAGE)
  if (file.size > MAX_UPLOAD_BYTES) throw new AppError('payload_too_large', fileTooLargeMessage(formatMegabytes(file.size)))
  return Buffer.from(await file.arrayBuffer())
}

export function imageRoutes(deps: ImageDeps & ImportDeps & { screenPhoto: PhotoScreener; sessions: SessionReader; trustProxy: number; rateLimits: RateLimiter; storageQuotaBytes: number }) {
  const sendImage = (c: Context, image: { bytes: Buffer; contentType: string }, cache: string) => {
    c.header('Content-Type', image.contentType)
    c.header('Cache-Control', cache)
    c.header('Content-Disposition', 'inline')
    return c.body(new Uint8Array(image.bytes))
  }

  return (
    new Hono()
      // A multipart upload of one photo.
      .post('/', limitUploadBody, async (c) => {
        const user = await requireUser(deps.sessions, c)
        await deps.rateLimits('upload', { ip: clientIp(c, deps.trustProxy), accountId: user.id })
        await assertStorageQuota(deps.db, user.id, deps.storageQuotaBytes)
        const stored = await uploadImage(deps, user.id, await uploadedPhoto(c))
        return c.json({ id: stored.id, width: stored.width, height: stored.height, url: stored.url }, 201)
      })
      // The wizard's photo check, right after a photo is chosen (decision 0042): open to visitors, whose photo stays in
      // their browser until they transform it, so nothing is stored. 204, or 422 with the words to show.
      .post('/check', limitUploadBody, async (c) => {
        const user = await deps.sessions.user(c)
        await deps.rateLimits('photoCheck', { ip: clientIp(c, deps.trustProxy), accountId: user?.id })
        await checkPhoto(deps.screenPhoto, await uploadedPhoto(c))
        return c.body(null, 204)
      })
      .post('/import', async (c) => {
        const { url } = await parseJsonBody(c, ImageImportSchema)
        const user = await deps.sessions.user(c)
        await deps.rateLimits('import', { ip: clientIp(c, deps.trustProxy), accountId: user?.id })
        const image = await importRemoteImage(deps, url)
        c.header('X-Image-Width', String(image.width))
        c.header('X-Image-Height', String(image.height))
        return sendImage(c, { bytes: image.bytes, contentType: image.contentType }, 'no-store')
      })
      .get('/:id', async (c) => {
        const user = await requireUser(deps.sessions, c, 'Image not found')
        const { id } = parseWith(ImageIdSchema, c.req.param())
        return sendImage(c, await readOwnImage(deps, user.id, id), 'private, max-age=31536000, immutable')
      })
  )
}
