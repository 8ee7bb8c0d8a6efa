import { asc, eq } from 'drizzle-orm'
import { parseArgs } from 'node:util'
import { formatUsd } from '../../shared/packages'
import type { Database } from '../db/client'
import { creditLedger, creditPackages, user } from '../db/schema'
import { AppError } from '../lib/app-error'
import { getCreditBalance, grantCredits, spendCreditIn } from '../services/credits'
import { createPromoCode, deactivatePromoCode, listPromoCodes } from '../services/promo-codes'

export const ADMIN_USAGE = `Lavo admin commands (npm run admin -- <command> …):
  promo:create CODE CREDITS [--max N] [--starts ISO-DATE] [--ends ISO-DATE]
  promo:list
  promo:deactivate CODE
  package:list
  package:create ID NAME CREDITS PRICE_CENTS [--description TEXT] [--popular]
  package:deactivate ID
  credits:grant EMAIL AMOUNT --note TEXT
  credits:refund EMAIL AMOUNT --reference PROVIDER_REFUND_ID [--note TEXT]
  ledger EMAIL`

function integer(value: string | undefined, name: string): number {
  const parsed = Number(value)
  if (!value || !Number.isInteger(parsed) || parsed <= 0) throw new AppError('validation', `${name} must be a positive whole number`)
  return parsed
}

function date(value: string | undefined, name: string): Date | null {
  if (!value) return null
  const parsed = new Date(value)
  if (Number.isNaN(parsed.getTime())) throw new AppError('validation', `${name} must be a date such as 2026-12-31T23:59:59Z`)
  return parsed
}

async function findUserByEmail(db: Database, email: string) {
  const [found] = await db.select({ id: user.id, email: user.email }).from(user).where(eq(user.email, email.trim().toLowerCase()))
  if (!found) throw new AppError('not_found', `No user with email ${email}`)
  return found
}

/** Runs one admin command against the database and returns what to print. Used by the CLI and the local admin endpoint. */
export async function runAdminCommand(db: Database, argv: string[]): Promise<string> {
  const [command, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    strict: true,
    options: { max: { type: 'string' }, starts: { type: 'string' }, ends: { type: 'string' }, description: { type: 'string' }, popular: { type: 'boolean' }, note: { type: 'string' }, reference: { type: 'string' } },
  })
  switch (command) {
    case 'promo:create': {
      const [code, credits] = positionals
      if (!code) throw new AppError('validation', 'promo:create needs a CODE')
      const row = await createPromoCode(db, {
        code,
        credits: integer(credits, 'CREDITS'),
        maxRedemptions: values.max ? integer(values.max, '--max') : null,
        startsAt: date(values.starts, '--starts'),
        endsAt: date(values.ends, '--ends'),
      })
      return `Created promo code ${row.code}: ${row.credits} credits${row.maxRedemptions ? `, up to ${row.maxRedemptions} uses` : ''}${row.startsAt ? `, from ${row.startsAt.toISOString()}` : ''}${row.endsAt ? `, until ${row.endsAt.toISOString()}` : ''}`
    }
    case 'promo:list': {
      const rows = await listPromoCodes(db)
      if (rows.length === 0) return 'No promo codes.'
      return rows.map((row) => `${row.code.padEnd(20)} ${String(row.credits).padStart(4)} credits  used ${row.redemptionCount}${row.maxRedemptions ? `/${row.maxRedemptions}` : ''}  ${row.active ? 'active' : 'inactive'}${row.endsAt ? `  ends ${row.endsAt.toISOString()}` : ''}`).join('\n')
    }
    case 'promo:deactivate': {
      const row = await deactivatePromoCode(db, positionals[0] ?? '')
      return `Deactivated promo code ${row.code}`
    }
    case 'package:list': {
      const rows = await db.select().from(creditPackages).orderBy(asc(creditPackages.priceCents))
      return rows.map((row) => `${row.id.padEnd(16)} ${row.name.padEnd(16)} ${String(row.credits).padStart(4)} credits  ${formatUsd(row.priceCents).padStart(6)}${row.popular ? '  popular' : ''}  ${row.active ? 'active' : 'inactive'}`).join('\n')
    }
    case 'package:create': {
      const [id, name, credits, price] = positionals
      if (!id || !/^[a-z0-9-]{1,40}$/.test(id)) throw new AppError('validation', 'package:create needs an ID of lower-case letters, digits and -')
      if (!name) throw new AppError('validation', 'package:create needs a NAME')
      const [row] = await db
        .insert(creditPackages)
        .values({ id, name, credits: integer(credits, 'CREDITS'), priceCents: integer(price, 'PRICE_CENTS'), description: values.description ?? `${credits} credits`, popular: values.popular ?? false })
        .onConflictDoNothing()
        .returning()
      if (!row) throw new AppError('conflict', `Package ${id} already exists`)
      return `Created package ${row.id}: ${row.name}, ${row.credits} credits for ${formatUsd(row.priceCents)}`
    }
    case 'package:deactivate': {
      const [row] = await db
        .update(creditPackages)
        .set({ active: false })
        .where(eq(creditPackages.id, positionals[0] ?? ''))
        .returning()
      if (!row) throw new AppError('not_found', `No package ${positionals[0] ?? ''}`)
      return `Deactivated package ${row.id}`
    }
    case 'credits:grant': {
      const [email, amount] = positionals
      if (!values.note?.trim()) throw new AppError('validation', 'credits:grant needs --note "why"')
      const target = await findUserByEmail(db, email ?? '')
      const credits = integer(amount, 'AMOUNT')
      await grantCredits(db, { userId: target.id, amount: credits, reason: 'admin', reference: `admin-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`, note: values.note.trim() })
      return `Granted ${credits} credits to ${target.email}; balance ${await getCreditBalance(db, target.id)}`
    }
    case 'credits:refund': {
      // Decision 0003: unused credits refunded through the payment provider are removed with reason 'refund',
      // keyed by the provider's refund id, so recording the same refund twice removes them once.
      const [email, amount] = positionals
      const reference = values.reference?.trim()
      if (!reference) throw new AppError('validation', 'credits:refund needs --reference with the payment provider’s refund id')
      const target = await findUserByEmail(db, email ?? '')
      const credits = integer(amount, 'AMOUNT')
      const balance = await getCreditBalance(db, target.id)
      if (balance < credits) throw new AppError('validation', `${target.email} has only ${balance} unused credits; refund at most that many`)
      const removed = await db.transaction((tx) => spendCreditIn(tx, { userId: target.id, amount: credits, reason: 'refund', reference, note: values.note?.trim() || undefined }))
      const after = await getCreditBalance(db, target.id)
      return removed ? `Removed ${credits} refunded credits from ${target.email}; balance ${after}` : `Refund ${reference} was already recorded; balance ${after}`
    }
    case 'ledger': {
      const target = await findUserByEmail(db, positionals[0] ?? '')
      const rows = await db.select().from(creditLedger).where(eq(creditLedger.userId, target.id)).orderBy(asc(creditLedger.createdAt))
      const lines = rows.map((row) => `${row.createdAt.toISOString()}  ${(row.delta > 0 ? `+${row.delta}` : String(row.delta)).padStart(5)}  ${row.reason.padEnd(18)} ${row.reference}${row.note ? `  (${row.note})` : ''}`)
      return [`Ledger for ${target.email}`, ...lines, `Balance: ${await getCreditBalance(db, target.id)}`].join('\n')
    }
    default:
      return ADMIN_USAGE
  }
}
