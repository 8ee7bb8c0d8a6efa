import { and, asc, eq, inArray, lt } from 'drizzle-orm'
import type { ContactMessage } from '../../shared/schemas/contact'
import type { Database } from '../db/client'
import { contactMessages } from '../db/schema'
import type { EmailProvider } from '../providers/email/email-provider'
import type { Logger } from '../lib/logger'

export type ContactDeps = { db: Database; email: EmailProvider; logger: Logger; contactTo: string }

const MAX_ATTEMPTS = 10

/** Stores the message first, then tries to email it. A message whose email fails stays stored for the retry loop. */
export async function submitContactMessage(deps: ContactDeps, input: ContactMessage): Promise<{ id: string; delivered: boolean }> {
  const [row] = await deps.db.insert(contactMessages).values({ name: input.name, email: input.email, message: input.message }).returning({ id: contactMessages.id })
  if (!row) throw new Error('contact message insert returned no row')
  const delivered = await deliverContactMessage(deps, row.id)
  return { id: row.id, delivered }
}

/** Sends every stored message that has not gone out yet (oldest first). Returns how many were sent. */
export async function retryPendingContactMessages(deps: ContactDeps, limit = 20): Promise<number> {
  const pending = await deps.db
    .select({ id: contactMessages.id })
    .from(contactMessages)
    .where(and(inArray(contactMessages.status, ['pending', 'failed']), lt(contactMessages.attempts, MAX_ATTEMPTS)))
    .orderBy(asc(contactMessages.createdAt))
    .limit(limit)
  let sent = 0
  for (const { id } of pending) if (await deliverContactMessage(deps, id)) sent += 1
  return sent
}

async function deliverContactMessage(deps: ContactDeps, id: string): Promise<boolean> {
  // Claim the row, so two workers never send the same message twice.
  const [claimed] = await deps.db
    .update(contactMessages)
    .set({ status: 'sending' })
    .where(and(eq(contactMessages.id, id), inArray(contactMessages.status, ['pending', 'failed'])))
    .returning()
  if (!claimed) return false
  try {
    await deps.email.send({
      to: deps.contactTo,
      replyTo: claimed.email,
      subject: `Contact form: ${claimed.name}`,
      text: `From: ${claimed.name} <${claimed.email}>\nReceived: ${claimed.createdAt.toISOString()}\n\n${claimed.message}\n`,
    })
    await deps.db.update(contactMessages).set({ status: 'sent', sentAt: new Date(), attempts: claimed.attempts + 1, lastError: null }).where(eq(contactMessages.id, id))
    return true
  } catch (error) {
    deps.logger.warn('contact email failed; will retry', { contactMessageId: id, error })
    await deps.db
      .update(contactMessages)
      .set({ status: 'failed', attempts: claimed.attempts + 1, lastError: error instanceof Error ? error.message : String(error) })
      .where(eq(contactMessages.id, id))
    return false
  }
}
