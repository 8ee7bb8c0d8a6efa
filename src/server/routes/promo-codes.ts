import { Hono } from 'hono'
import { PROMO_MESSAGES, PromoCodeSchema } from '../../shared/schemas/payments'
import type { Database } from '../db/client'
import { parseJsonBody } from '../lib/http'
import { requireUser, type SessionReader } from '../lib/session'
import { redeemPromoCode } from '../services/promo-codes'

export function promoCodeRoutes(deps: { db: Database; sessions: SessionReader }) {
  return new Hono().post('/redeem', async (c) => {
    const user = await requireUser(deps.sessions, c, PROMO_MESSAGES.signIn)
    const { code } = await parseJsonBody(c, PromoCodeSchema)
    return c.json(await redeemPromoCode(deps.db, user.id, code))
  })
}
