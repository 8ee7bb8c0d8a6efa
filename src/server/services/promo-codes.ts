import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import { PROMO_MESSAGES, type PromoRedemptionResult } from '../../shared/schemas/payments'
import type { Database } from '../db/client'
import { promoCodes, promoRedemptions } from '../db/schema'
import { AppError } from '../lib/app-error'
import { getCreditBalance, grantCredits } from './credits'

/**
 * Redeems a code once per user, within its usage limit and active window; the credits go through the
 * ledger (reference = the redemption id). Concurrent attempts are safe: one redemption per (code, user)
 * by a unique index, and the use count is raised by one conditional update.
 */
export async function redeemPromoCode(db: Database, userId: string, code: string, now = new Date()): Promise<PromoRedemptionResult> {
  return db.transaction(async (tx) => {
    const [promo] = await tx.select().from(promoCodes).where(eq(promoCodes.code, code))
    if (!promo || !promo.active) throw new AppError('not_found', PROMO_MESSAGES.invalid)
    if (promo.startsAt && promo.startsAt > now) throw new AppError('validation', PROMO_MESSAGES.notYetActive)
    if (promo.endsAt && promo.endsAt <= now) throw new AppError('validation', PROMO_MESSAGES.expired)

    const [redemption] = await tx.insert(promoRedemptions).values({ code, userId }).onConflictDoNothing().returning({ id: promoRedemptions.id })
    if (!redemption) throw new AppError('conflict', PROMO_MESSAGES.alreadyUsed)
    const [counted] = await tx
      .update(promoCodes)
      .set({ redemptionCount: sql`${promoCodes.redemptionCount} + 1` })
      .where(and(eq(promoCodes.code, code), or(isNull(promoCodes.maxRedemptions), lt(promoCodes.redemptionCount, promoCodes.maxRedemptions))))
      .returning({ count: promoCodes.redemptionCount })
    // Throwing rolls back the redemption row above.
    if (!counted) throw new AppError('conflict', PROMO_MESSAGES.limitReached)
    await grantCredits(tx, { userId, amount: promo.credits, reason: 'promo', reference: redemption.id, note: code })
    const credits = await getCreditBalance(tx, userId)
    return { success: true, message: `Promo code applied! ${promo.credits} ${promo.credits === 1 ? 'credit' : 'credits'} added.`, credits, added: promo.credits }
  })
}

export type NewPromoCode = { code: string; credits: number; maxRedemptions?: number | null; startsAt?: Date | null; endsAt?: Date | null }

export async function createPromoCode(db: Database, input: NewPromoCode) {
  const code = input.code.trim().toUpperCase()
  if (!/^[A-Z0-9_-]{1,20}$/.test(code)) throw new AppError('validation', 'Promo codes are 1–20 letters, digits, - or _')
  if (!Number.isInteger(input.credits) || input.credits <= 0) throw new AppError('validation', 'Credits must be a positive whole number')
  const [row] = await db
    .insert(promoCodes)
    .values({ code, credits: input.credits, maxRedemptions: input.maxRedemptions ?? null, startsAt: input.startsAt ?? null, endsAt: input.endsAt ?? null })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new AppError('conflict', `Promo code ${code} already exists`)
  return row
}

export async function listPromoCodes(db: Database) {
  return db.select().from(promoCodes).orderBy(asc(promoCodes.createdAt))
}

export async function deactivatePromoCode(db: Database, code: string) {
  const [row] = await db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, code.trim().toUpperCase())).returning()
  if (!row) throw new AppError('not_found', `No promo code ${code}`)
  return row
}
