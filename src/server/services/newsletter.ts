import { and, eq, isNull } from 'drizzle-orm'
import { NEWSLETTER_CONSENT_WORDING, type NewsletterStatus } from '../../shared/newsletter'
import type { Database } from '../db/client'
import { newsletterConsents, user } from '../db/schema'
import { AppError } from '../lib/app-error'
import type { Logger } from '../lib/logger'
import type { NewsletterProvider } from '../providers/newsletter/newsletter-provider'

export type NewsletterDeps = { db: Database; newsletter: NewsletterProvider; logger: Logger }

/**
 * Someone who ticked the sign-up box (issue 22): their consent is recorded (when, and the words they saw), then they
 * are passed to the newsletter provider. A provider failure never undoes (or slows) a sign-up; it is logged.
 */
export async function joinNewsletter(deps: NewsletterDeps, member: { id: string; email: string; name?: string }, now = new Date()): Promise<void> {
  await deps.db
    .insert(newsletterConsents)
    .values({ userId: member.id, agreedAt: now, wording: NEWSLETTER_CONSENT_WORDING, leftAt: null })
    .onConflictDoUpdate({ target: newsletterConsents.userId, set: { agreedAt: now, wording: NEWSLETTER_CONSENT_WORDING, leftAt: null } })
  // Not awaited: a slow provider must not hold up the sign-up answer.
  void deps.newsletter.subscribe({ email: member.email, firstName: member.name || undefined }).catch((error: unknown) => deps.logger.warn('newsletter subscription failed', { userId: member.id, error }))
}

/** Whether the account is on the email list, since when and to which words. */
export async function readNewsletterStatus(db: Database, userId: string): Promise<NewsletterStatus> {
  const [row] = await db.select().from(newsletterConsents).where(eq(newsletterConsents.userId, userId))
  if (!row || row.leftAt) return { subscribed: false, agreedAt: null, wording: null }
  return { subscribed: true, agreedAt: row.agreedAt.toISOString(), wording: row.wording }
}

/**
 * Leaving the list from the account menu: the provider is told first, and only when it has taken the address off is
 * the consent closed, so the account never says "off the list" while the provider still sends.
 */
export async function leaveNewsletter(deps: NewsletterDeps, userId: string, now = new Date()): Promise<NewsletterStatus> {
  const [row] = await deps.db
    .select({ email: user.email })
    .from(newsletterConsents)
    .innerJoin(user, eq(user.id, newsletterConsents.userId))
    .where(and(eq(newsletterConsents.userId, userId), isNull(newsletterConsents.leftAt)))
  if (!row) return { subscribed: false, agreedAt: null, wording: null }
  try {
    await deps.newsletter.unsubscribe(row.email)
  } catch (error) {
    deps.logger.warn('newsletter unsubscription failed', { userId, error })
    throw new AppError('provider_failed', 'We could not take you off the email list just now. Please try again in a moment.', { cause: error })
  }
  await deps.db.update(newsletterConsents).set({ leftAt: now }).where(eq(newsletterConsents.userId, userId))
  return { subscribed: false, agreedAt: null, wording: null }
}
