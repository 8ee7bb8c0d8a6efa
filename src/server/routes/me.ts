import { Hono } from 'hono'
import type { Database } from '../db/client'
import type { Logger } from '../lib/logger'
import { requireUser, type SessionReader } from '../lib/session'
import type { NewsletterProvider } from '../providers/newsletter/newsletter-provider'
import { summarizeAccount } from '../services/accounts'
import { leaveNewsletter, readNewsletterStatus } from '../services/newsletter'

/** Who am I: { user, credits, membershipTier }; a visitor gets user null, 0 credits and the free tier. */
export function meRoutes(deps: { db: Database; sessions: SessionReader; newsletter: NewsletterProvider; logger: Logger }) {
  return new Hono()
    .get('/', async (c) => {
      c.header('Cache-Control', 'no-store')
      // The session query reads the balance and tier too; an account whose setup has not run yet is set up here.
      const account = await deps.sessions.account(c)
      const summary = account && (await summarizeAccount(deps.db, account))
      if (!summary) return c.json({ user: null, credits: 0, membershipTier: 'free' })
      return c.json(summary)
    })
    // The email list (issue 22): whether I am on it, and leaving it from the account menu.
    .get('/newsletter', async (c) => {
      const user = await requireUser(deps.sessions, c)
      c.header('Cache-Control', 'no-store')
      return c.json(await readNewsletterStatus(deps.db, user.id))
    })
    .delete('/newsletter', async (c) => {
      const user = await requireUser(deps.sessions, c)
      return c.json(await leaveNewsletter(deps, user.id))
    })
}
