import { eq, sql, type SQL } from 'drizzle-orm'
import { INSUFFICIENT_CREDITS_MESSAGE } from '../../shared/generation-messages'
import type { Database, Executor } from '../db/client'
import { creditLedger, userCredits, type LedgerReason } from '../db/schema'
import { AppError } from '../lib/app-error'

export type CreditChange = { userId: string; reason: LedgerReason; reference: string; note?: string }

/**
 * Adds credits once per (reason, reference): the ledger row and the balance change are written together,
 * and a second call with the same reason and reference changes nothing. Returns whether it applied.
 * Call inside a transaction when it must commit together with other writes.
 */
export async function grantCredits(executor: Executor, change: CreditChange & { amount: number }): Promise<boolean> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error(`grantCredits needs a positive whole amount, got ${change.amount}`)
  const inserted = await executor
    .insert(creditLedger)
    .values({ userId: change.userId, delta: change.amount, reason: change.reason, reference: change.reference, note: change.note })
    .onConflictDoNothing({ target: [creditLedger.reason, creditLedger.reference] })
    .returning({ id: creditLedger.id })
  if (inserted.length === 0) return false
  await executor
    .insert(userCredits)
    .values({ userId: change.userId, credits: change.amount })
    .onConflictDoUpdate({ target: userCredits.userId, set: { credits: sql`${userCredits.credits} + ${change.amount}`, updatedAt: new Date() } })
  return true
}

/**
 * Spends one credit for (reason, reference), or throws 'Insufficient credits'. One conditional update,
 * so the balance never goes negative and concurrent spends never double-spend. Idempotent per reference:
 * spending again for the same reference is a no-op that returns false.
 */
export async function spendCredit(db: Database, change: CreditChange): Promise<boolean> {
  return db.transaction((tx) => spendCreditIn(tx, change))
}

/** What a spend is for: one reference, or `count` of them from a query on the caller's CTEs (one text column). */
export type SpendReferences = { reference: string } | { references: SQL; count: number }

/**
 * The credit spend, written once for every statement that spends (spendCreditIn, acceptGenerations): two
 * data-modifying CTEs for a `with` clause, on one snapshot. `recorded` writes a ledger row of `-amount` per reference,
 * at most once per (reason, reference); `spent` takes the whole amount off the balance only when every row is new and
 * the balance allows, so the balance never goes below zero and a repeated reference never spends twice. `when`
 * (optional) is a condition on the caller's earlier CTEs that must hold for anything to be written.
 *
 * When `recorded` has rows and `spent` has none, the balance was short: the caller must then throw inside
 * its transaction, which rolls the ledger rows back.
 */
export function creditSpendSql(change: Omit<CreditChange, 'reference'> & { amount: number; when?: SQL } & SpendReferences): SQL {
  if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error(`a credit spend needs a positive whole amount, got ${change.amount}`)
  const [references, count] = 'reference' in change ? [sql`values (${change.reference}::text)`, 1] : [change.references, change.count]
  const total = change.amount * count
  return sql`recorded as (
      insert into ${creditLedger} (user_id, delta, reason, reference, note)
      select ${change.userId}::text, ${-change.amount}::int, ${change.reason}::text, spend.reference, ${change.note ?? null}::text
      from (${references}) as spend (reference)
      ${change.when ? sql`where ${change.when}` : sql``}
      on conflict (reason, reference) do nothing
      returning id
    ), spent as (
      update ${userCredits} set credits = credits - ${total}::int, updated_at = now()
      where user_id = ${change.userId} and credits >= ${total}::int and (select count(*) from recorded) = ${count}::int
      returning credits
    )`
}

/**
 * spendCredit inside a caller's transaction (the spend rolls back with it); amount (default 1) for removing
 * several at once, as a refund of unused credits does. One statement (creditSpendSql): the balance is only
 * touched when the ledger row is new, and never below zero.
 */
export async function spendCreditIn(executor: Executor, change: CreditChange & { amount?: number }): Promise<boolean> {
  const result = await executor.execute(sql`
    with ${creditSpendSql({ ...change, amount: change.amount ?? 1 })}
    select (select count(*)::int from recorded) as recorded, (select count(*)::int from spent) as spent`)
  const [row] = (result as unknown as { rows: Array<{ recorded: number; spent: number }> }).rows
  if (!row || row.recorded === 0) return false
  // Throwing rolls back the ledger row written above.
  if (row.spent === 0) throw new AppError('insufficient_credits', INSUFFICIENT_CREDITS_MESSAGE)
  return true
}

export async function getCreditBalance(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor.select({ credits: userCredits.credits }).from(userCredits).where(eq(userCredits.userId, userId))
  return row?.credits ?? 0
}

/** The ledger's sum for a user; equals the balance whenever the books are right. */
export async function getLedgerSum(executor: Executor, userId: string): Promise<number> {
  const [row] = await executor.select({ total: sql<string>`coalesce(sum(${creditLedger.delta}), 0)` }).from(creditLedger).where(eq(creditLedger.userId, userId))
  return Number(row?.total ?? 0)
}
