import { Hono } from 'hono'
import { z } from 'zod'
import { DesignListQuerySchema, ProductListRequestSchema, type DesignPage } from '../../shared/schemas/designs'
import type { ChangeFeed } from '../db/change-feed'
import { AppError } from '../lib/app-error'
import { clientIp } from '../lib/client-ip'
import { parseJsonBody, parseWith, receivedAt } from '../lib/http'
import type { RateLimiter } from '../services/rate-limit'
import { requireUser, type SessionReader } from '../lib/session'
import { UserReadCache } from '../lib/user-read-cache'
import { deleteDesign, getDesign, listDesigns } from '../services/designs'
import { createProductList, getProductList, type ProductDeps } from '../services/products'

const IdSchema = z.object({ id: z.uuid({ message: 'Design not found' }) })

export function designRoutes(deps: Pick<ProductDeps, 'db' | 'storage'> & { sessions: SessionReader; changes: ChangeFeed }) {
  // Pages are cached per process and dropped the moment the user's designs or product lists change (decision 0008).
  // Kept as the JSON sent, so a cached page costs no serialising either (a page of 24 is ~10 kB: 2,000 pages ≈ 20 MB at most).
  const pages = new UserReadCache<string>(deps.changes, { tables: ['user_designs', 'product_lists'], maxEntries: 2_000, maxAgeMs: 60_000 })
  return new Hono()
    .get('/', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const query = parseWith(DesignListQuerySchema, c.req.query())
      c.header('Cache-Control', 'private, no-store')
      const page = await pages.read(
        `${user.id}|${query.limit}|${query.cursor ?? ''}`,
        async () => ({ userId: user.id, value: JSON.stringify((await listDesigns(deps.db, user.id, query)) satisfies DesignPage) }),
        receivedAt(c),
      )
      return c.body(page!, 200, { 'Content-Type': 'application/json' })
    })
    .get('/:id', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(IdSchema, c.req.param())
      return c.json(await getDesign(deps.db, user.id, id))
    })
    .delete('/:id', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(IdSchema, c.req.param())
      await deleteDesign(deps, user.id, id)
      return c.body(null, 204)
    })
}

/**
 * spec §7 analyze-room-products, for a saved design (paid members; the first list costs 1 credit). GET only
 * reads a list already paid for and never charges; POST makes one, and only with the member's consent to the charge.
 */
export function productRoutes(deps: ProductDeps & { sessions: SessionReader; trustProxy: number; rateLimits: RateLimiter }) {
  return new Hono()
    .get('/:id/products', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(IdSchema, c.req.param())
      const list = await getProductList(deps, user.id, id)
      if (!list) throw new AppError('no_product_list', 'No product list for this design yet')
      return c.json(list)
    })
    .post('/:id/products', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(IdSchema, c.req.param())
      await deps.rateLimits('products', { ip: clientIp(c, deps.trustProxy), accountId: user.id })
      await parseJsonBody(c, ProductListRequestSchema)
      return c.json(await createProductList(deps, user.id, id))
    })
}
