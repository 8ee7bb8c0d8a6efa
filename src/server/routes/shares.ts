import { Hono, type Context } from 'hono'
import { z } from 'zod'
import { SHARED_DESIGN_MISSING_MESSAGE, ShareTokenSchema, type SharedDesignView } from '../../shared/schemas/shares'
import type { Database } from '../db/client'
import { AppError } from '../lib/app-error'
import { clientIp } from '../lib/client-ip'
import { parseWith } from '../lib/http'
import { requireUser, type SessionReader } from '../lib/session'
import type { RateLimiter } from '../services/rate-limit'
import { createShareLink, findShareLink, readSharedDesign, readSharedImage, revokeShareLink, sharePath, type ShareDeps } from '../services/shares'
import type { ObjectStorage } from '../storage/object-storage'

const DesignIdSchema = z.object({ id: z.uuid({ message: 'Design not found' }) })
const SharedImageSchema = z.object({ which: z.enum(['before.jpg', 'after.jpg'], { message: 'Shared design not found' }) })

// Shared pages and their pictures are kept out of search engines (decision 0043): the page says so in a meta tag too.
const NO_INDEX = 'noindex, nofollow'

type Limits = { rateLimits: RateLimiter; trustProxy: number }

/** A token of the wrong shape is answered like an unknown one: 404, never a hint about what a token looks like. */
function knownShape(token: string): string {
  if (!ShareTokenSchema.safeParse({ token }).success) throw new AppError('not_found', SHARED_DESIGN_MISSING_MESSAGE)
  return token
}

/** The owner's controls: POST makes the link (or returns it), GET reads it, DELETE turns it off. */
export function designShareRoutes(deps: ShareDeps & Limits & { sessions: SessionReader }) {
  return new Hono()
    .get('/:id/share', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(DesignIdSchema, c.req.param())
      c.header('Cache-Control', 'private, no-store')
      const link = await findShareLink(deps, user.id, id)
      if (!link) throw new AppError('not_found', 'This design has no link')
      return c.json(link)
    })
    .post('/:id/share', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(DesignIdSchema, c.req.param())
      await deps.rateLimits('share', { ip: clientIp(c, deps.trustProxy), accountId: user.id })
      const { link, created } = await createShareLink(deps, user.id, id)
      return c.json(link, created ? 201 : 200)
    })
    .delete('/:id/share', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(DesignIdSchema, c.req.param())
      await revokeShareLink(deps.db, user.id, id)
      return c.body(null, 204)
    })
}

/** What anyone with the link may read: the design's view and its two pictures, nothing else. */
export function publicShareRoutes(deps: { db: Database; storage: ObjectStorage } & Limits) {
  return new Hono()
    .use('*', async (c, next) => {
      c.header('X-Robots-Tag', NO_INDEX)
      // Nothing is cached anywhere: a link that is turned off stops working at once.
      c.header('Cache-Control', 'no-store')
      await deps.rateLimits('shareView', { ip: clientIp(c, deps.trustProxy) })
      await next()
    })
    .get('/:token', async (c) => {
      const token = knownShape(c.req.param('token'))
      return c.json((await readSharedDesign(deps.db, token)) satisfies SharedDesignView)
    })
    .get('/:token/:which', async (c) => {
      const token = knownShape(c.req.param('token'))
      const which = SharedImageSchema.safeParse({ which: c.req.param('which') })
      if (!which.success) throw new AppError('not_found', SHARED_DESIGN_MISSING_MESSAGE)
      const image = await readSharedImage(deps, token, which.data.which === 'before.jpg' ? 'before' : 'after')
      c.header('Content-Type', image.contentType)
      c.header('Content-Disposition', 'inline')
      return c.body(new Uint8Array(image.bytes))
    })
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

/** The link preview a messenger shows (Open Graph and Twitter card tags), with absolute addresses on the public URL. */
export function shareHead(publicUrl: string, token: string, view: SharedDesignView | null): string {
  const tags: Array<[string, string, string]> = [['name', 'robots', NO_INDEX]]
  if (view) {
    const absolute = (pathname: string) => new URL(pathname, publicUrl).href
    const description = `A bathroom redesigned in the ${view.styleName} style${view.paletteName ? ` with the ${view.paletteName} palette` : ''}. Design your own from a photo with Lavo.`
    const imageAlt = `${view.title}: the redesigned bathroom`
    tags.push(
      ['name', 'description', description],
      ['property', 'og:type', 'website'],
      ['property', 'og:site_name', 'Lavo'],
      ['property', 'og:title', view.title],
      ['property', 'og:description', description],
      ['property', 'og:url', absolute(sharePath(token))],
      ['property', 'og:image', absolute(view.afterUrl)],
      ['property', 'og:image:type', 'image/jpeg'],
      ['property', 'og:image:width', String(view.width)],
      ['property', 'og:image:height', String(view.height)],
      ['property', 'og:image:alt', imageAlt],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', view.title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', absolute(view.afterUrl)],
      ['name', 'twitter:image:alt', imageAlt],
    )
  }
  return tags.map(([attribute, key, content]) => `<meta ${attribute}="${key}" content="${escapeHtml(content)}"/>`).join('')
}

/**
 * GET /s/<token>: the app's shell with the design's link preview in its <head>, or 404 with none. Either way the
 * page says noindex, in a header and in a meta tag.
 */
export function sharePageRoute(deps: { db: Database; publicUrl: string; shellPage: (c: Context, extraHead: string, status: 200 | 404) => Promise<Response> } & Limits) {
  return new Hono().get('/:token', async (c) => {
    c.header('X-Robots-Tag', NO_INDEX)
    await deps.rateLimits('shareView', { ip: clientIp(c, deps.trustProxy) })
    const token = c.req.param('token')
    const view = ShareTokenSchema.safeParse({ token }).success ? await readSharedDesign(deps.db, token).catch(() => null) : null
    return deps.shellPage(c, shareHead(deps.publicUrl, token, view), view ? 200 : 404)
  })
}
