import { Hono } from 'hono'
import type { Database } from '../db/client'
import type { SessionReader } from '../lib/session'
import { summarizeAccount } from '../services/accounts'

/** Who am I: { user, credits, membershipTier }; a visitor gets user null, 0 credits and the free tier. */
export function meRoutes(deps: { db: Database; sessions: SessionReader }) {
  return new Hono().get('/', async (c) => {
    c.header('Cache-Control', 'no-store')
    // The session query reads the balance and tier too; an account whose setup has not run yet is set up here.
    const account = await deps.sessions.account(c)
    const summary = account && (await summarizeAccount(deps.db, account))
    if (!summary) return c.json({ user: null, credits: 0, membershipTier: 'free' })
    return c.json(summary)
  })
}
