import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { RateLimitRule, RateLimits, RateLimitScope } from '../config'
import type { Database } from '../db/client'
import { rateLimit } from '../db/schema'
import { AppError } from '../lib/app-error'

export type RateLimitOutcome = { allowed: boolean; retryAfterSeconds: number }

/**
 * Counts one request against `key` in a fixed window kept in the database, so every API process sharing
 * the database shares one count (decision 0012-abuse-limits). Refused once more than `max` requests fall
 * in the current window; retryAfterSeconds says when that window ends.
 */
export async function takeRateLimit(db: Database, key: string, limit: RateLimitRule, now = Date.now()): Promise<RateLimitOutcome> {
  const windowStart = now - limit.windowMs
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} < ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} < ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, windowStartedAt: rateLimit.lastRequest })
  const count = row?.count ?? 1
  const windowEnds = (row?.windowStartedAt ?? now) + limit.windowMs
  return { allowed: count <= limit.max, retryAfterSeconds: Math.max(1, Math.ceil((windowEnds - now) / 1000)) }
}

/** The boolean form: true while `key` is within its limit. */
export async function consumeRateLimit(db: Database, key: string, limit: RateLimitRule, now = Date.now()): Promise<boolean> {
  return (await takeRateLimit(db, key, limit, now)).allowed
}

const MESSAGES: Record<RateLimitScope, string> = {
  contact: 'You have sent several messages in a short time. Please wait a few minutes before sending another.',
  upload: 'Too many photos uploaded in a short time. Please wait a few minutes and try again.',
  photoCheck: 'Too many photos checked in a short time. Please wait a few minutes and try again.',
  share: 'Too many share links made in a short time. Please wait a few minutes and try again.',
  shareView: 'Too many shared designs opened in a short time. Please wait a few minutes and try again.',
  import: 'Too many images fetched from the web in a minute. Please wait a moment and try again.',
  signUp: 'Too many accounts created from your network. Please try again later.',
  passwordReset: 'Too many password reset requests. Please wait a few minutes and try again.',
  generation: 'Too many designs started in a short time. Please wait a few minutes and try again.',
  products: 'Too many product lists requested in a short time. Please wait a few minutes and try again.',
}

export type RateLimiter = (scope: RateLimitScope, who: { ip: string; accountId?: string }) => Promise<void>

/**
 * Applies the configured per-IP and per-account limits of a scope; throws 429 (with Retry-After) when
 * either is used up. A limiter made with enabled = false lets everything through.
 */
export function createRateLimiter(db: Database, limits: RateLimits, enabled: boolean): RateLimiter {
  return async (scope, who) => {
    if (!enabled) return
    const rules = limits[scope]
    const checks = [takeRateLimit(db, `lavo:${scope}:ip:${who.ip}`, rules.ip)]
    if (rules.account && who.accountId) checks.push(takeRateLimit(db, `lavo:${scope}:account:${who.accountId}`, rules.account))
    const outcomes = await Promise.all(checks)
    const refused = outcomes.filter((outcome) => !outcome.allowed)
    if (refused.length > 0) {
      throw new AppError('rate_limited', MESSAGES[scope], { retryAfterSeconds: Math.max(...refused.map((outcome) => outcome.retryAfterSeconds)) })
    }
  }
}

/** For tests and tools that build routes without limits. */
export const noRateLimits: RateLimiter = async () => undefined
