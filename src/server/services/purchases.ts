import { and, eq } from 'drizzle-orm'
import { isTestPackage } from '../../shared/packages'
import { withCheckoutOutcome } from '../../shared/return-path'
import type { CheckoutRequest } from '../../shared/schemas/payments'
import type { Database } from '../db/client'
import { creditPackages, purchases, userProfiles } from '../db/schema'
import { AppError } from '../lib/app-error'
import type { Logger } from '../lib/logger'
import type { PaymentProvider } from '../providers/payments/payment-provider'
import { grantCredits } from './credits'

export type PurchaseDeps = { db: Database; payments: PaymentProvider; logger: Logger; publicUrl: string }

const FAILED_TO_START = 'Failed to start checkout'

/**
 * Records a pending purchase at our price and opens a checkout session with the payment provider.
 * The amount and credits always come from our package table, never from the browser.
 */
export async function startCheckout(deps: PurchaseDeps, user: { id: string; email: string }, request: CheckoutRequest): Promise<{ sessionId: string; url: string }> {
  const [pkg] = await deps.db
    .select()
    .from(creditPackages)
    .where(and(eq(creditPackages.id, request.packageId), eq(creditPackages.active, true)))
  if (!pkg || isTestPackage({ name: pkg.name, credits: pkg.credits, price_cents: pkg.priceCents, description: pkg.description })) throw new AppError('not_found', 'That credit package is not available')

  const [purchase] = await deps.db
    .insert(purchases)
    .values({ userId: user.id, packageId: pkg.id, credits: pkg.credits, amountCents: pkg.priceCents, provider: deps.payments.name, isProductFlow: request.isProductFlow, returnPath: request.returnPath ?? null })
    .returning({ id: purchases.id })
  const returnPath = checkoutReturnPath(request)
  try {
    const session = await deps.payments.createCheckoutSession({
      purchaseId: purchase!.id,
      userId: user.id,
      email: user.email,
      packageId: pkg.id,
      packageName: pkg.name,
      credits: pkg.credits,
      amountCents: pkg.priceCents,
      successUrl: `${deps.publicUrl}${withCheckoutOutcome(returnPath, { sessionId: '{CHECKOUT_SESSION_ID}' })}`,
      cancelUrl: `${deps.publicUrl}${withCheckoutOutcome(request.returnPath ?? '/pricing', 'cancelled')}`,
    })
    await deps.db.update(purchases).set({ providerSessionId: session.sessionId }).where(eq(purchases.id, purchase!.id))
    return session
  } catch (error) {
    deps.logger.error('checkout session failed', { purchaseId: purchase!.id, provider: deps.payments.name, error })
    await deps.db.update(purchases).set({ status: 'failed' }).where(eq(purchases.id, purchase!.id))
    throw new AppError('provider_failed', FAILED_TO_START, { cause: error })
  }
}

/** After paying: back where the buyer was (a checked same-origin path), else the wizard for the product flow or /pricing. */
function checkoutReturnPath(purchase: { returnPath?: string | null; isProductFlow: boolean }): string {
  return purchase.returnPath ?? (purchase.isProductFlow ? '/' : '/pricing')
}

export type FulfilmentClaim = {
  providerSessionId: string
  /** What the provider says about whose purchase this is; each must match our record. */
  purchaseId?: string | null
  userId?: string | null
  amountCents?: number | null
}

/**
 * Grants the package's credits and makes the user a paid member, exactly once per provider session
 * (idempotent however often the provider retries), in one transaction.
 */
export async function fulfilPurchase(deps: Pick<PurchaseDeps, 'db' | 'logger'>, claim: FulfilmentClaim): Promise<'fulfilled' | 'already' | 'rejected'> {
  return deps.db.transaction(async (tx) => {
    const [purchase] = await tx.select().from(purchases).where(eq(purchases.providerSessionId, claim.providerSessionId))
    const mismatch =
      !purchase ||
      (claim.purchaseId != null && claim.purchaseId !== purchase.id) ||
      (claim.userId != null && claim.userId !== purchase.userId) ||
      (claim.amountCents != null && claim.amountCents !== purchase.amountCents)
    if (mismatch) {
      deps.logger.warn('payment does not match a purchase of ours; nothing granted', { providerSessionId: claim.providerSessionId, purchaseId: claim.purchaseId, userId: claim.userId })
      return 'rejected'
    }
    const [claimed] = await tx
      .update(purchases)
      .set({ status: 'fulfilled', fulfilledAt: new Date() })
      .where(and(eq(purchases.id, purchase.id), eq(purchases.status, 'pending')))
      .returning()
    if (!claimed) return 'already'
    await grantCredits(tx, { userId: purchase.userId, amount: purchase.credits, reason: 'purchase', reference: claim.providerSessionId })
    await tx.insert(userProfiles).values({ id: purchase.userId, membershipTier: 'paid' }).onConflictDoUpdate({ target: userProfiles.id, set: { membershipTier: 'paid' } })
    return 'fulfilled'
  })
}

/** The built-in test checkout: what the page shows (the buyer's own pending purchase only). */
export async function getTestCheckout(db: Database, userId: string, sessionId: string) {
  const [row] = await db
    .select({ status: purchases.status, credits: purchases.credits, amountCents: purchases.amountCents, packageName: creditPackages.name, isProductFlow: purchases.isProductFlow, returnPath: purchases.returnPath, provider: purchases.provider })
    .from(purchases)
    .innerJoin(creditPackages, eq(creditPackages.id, purchases.packageId))
    .where(and(eq(purchases.providerSessionId, sessionId), eq(purchases.userId, userId)))
  if (!row || row.provider !== 'test') throw new AppError('not_found', 'This checkout session does not exist')
  return row
}

/** Test mode "Pay": the same fulfilment a verified Stripe webhook performs. */
export async function payTestCheckout(deps: Pick<PurchaseDeps, 'db' | 'logger' | 'publicUrl'>, userId: string, sessionId: string): Promise<{ redirect: string }> {
  const checkout = await getTestCheckout(deps.db, userId, sessionId)
  if (checkout.status === 'cancelled') throw new AppError('conflict', 'This checkout was cancelled. Please start a new purchase.')
  await fulfilPurchase(deps, { providerSessionId: sessionId, userId })
  return { redirect: withCheckoutOutcome(checkoutReturnPath(checkout), { sessionId: encodeURIComponent(sessionId) }) }
}

export async function cancelTestCheckout(deps: Pick<PurchaseDeps, 'db'>, userId: string, sessionId: string): Promise<{ redirect: string }> {
  const checkout = await getTestCheckout(deps.db, userId, sessionId)
  await deps.db
    .update(purchases)
    .set({ status: 'cancelled' })
    .where(and(eq(purchases.providerSessionId, sessionId), eq(purchases.userId, userId), eq(purchases.status, 'pending')))
  return { redirect: withCheckoutOutcome(checkout.returnPath ?? '/pricing', 'cancelled') }
}
