import { createHmac, timingSafeEqual } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { parse as parseCookies } from 'hono/utils/cookie'
import type { MembershipTier } from '../../shared/membership'
import { SESSION_EXPIRES_IN_SECONDS, SESSION_UPDATE_AGE_SECONDS, type Auth } from '../auth/create-auth'
import { noChangeFeed, type ChangeFeed } from '../db/change-feed'
import type { Database } from '../db/client'
import { session, user, userCredits, userProfiles } from '../db/schema'
import { AppError } from './app-error'
import { receivedAt } from './http'
import { UserReadCache } from './user-read-cache'

export type SessionUser = { id: string; email: string; name: string }
/** The signed-in user with the account figures /api/me shows; null figures mean the setup has not run yet. */
export type SessionAccount = SessionUser & { credits: number | null; tier: MembershipTier | null }

export type SessionReader = {
  /** The signed-in user of this request, or undefined. */
  user(c: Context): Promise<SessionUser | undefined>
  /** The signed-in user with their balance and tier, read together. */
  account(c: Context): Promise<SessionAccount | undefined>
}

/**
 * Reads the signed-in user on every API request with one indexed query. better-auth's get-session
 * endpoint answers the same question with two adapter queries and its endpoint machinery, which
 * dominated the cost of every authenticated read. This checks the same cookie better-auth sets (the
 * session token, signed with HMAC-SHA256 under the auth secret) against the same session row, so
 * sign-out and revocation take effect at once, in every process. A session due for its rolling
 * refresh is handed to better-auth, which extends it. The row is kept in a per-process cache that the
 * database's change feed keeps exactly current (decision 0008), so repeated reads skip the query.
 */
export function createSessionReader(auth: Auth, db: Database, changes: ChangeFeed = noChangeFeed): SessionReader {
  const settings = auth.$context.then((context) => ({ cookieName: context.authCookies.sessionToken.name, secret: context.secret }))
  const byToken = db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      credits: userCredits.credits,
      tier: userProfiles.membershipTier,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(userCredits, eq(userCredits.userId, session.userId))
    .leftJoin(userProfiles, eq(userProfiles.id, session.userId))
    .where(eq(session.token, sql.placeholder('token')))
    .prepare('lavo_session_by_token')
  type SessionRow = Awaited<ReturnType<typeof byToken.execute>>[number]
  // Two caches of the same row: who is signed in only goes stale when the session or user changes;
  // the account figures also when the balance or tier does (every spend), which must not evict the first.
  const identities = new UserReadCache<SessionRow>(changes, { tables: ['session', 'user'], maxEntries: 20_000, maxAgeMs: 60_000 })
  const accounts = new UserReadCache<SessionRow>(changes, { tables: ['session', 'user', 'user_credits', 'user_profiles'], maxEntries: 20_000, maxAgeMs: 60_000 })

  async function signedIn(c: Context, cache: UserReadCache<SessionRow>): Promise<SessionRow | undefined> {
    const { cookieName, secret } = await settings
    const token = verifiedToken(c.req.header('cookie'), cookieName, secret)
    if (!token) return undefined
    const row = await cache.read(token, async () => {
      const [found] = await byToken.execute({ token })
      return found && { userId: found.id, value: found }
    }, receivedAt(c))
    if (!row) return undefined
    const expiresAt = row.expiresAt.getTime()
    const now = Date.now()
    if (expiresAt <= now) return undefined
    if (expiresAt - SESSION_EXPIRES_IN_SECONDS * 1000 + SESSION_UPDATE_AGE_SECONDS * 1000 <= now) {
      // Due for its rolling refresh: better-auth extends the session (and answers who it is).
      const refreshed = await auth.api.getSession({ headers: c.req.raw.headers })
      if (!refreshed) return undefined
    }
    return row
  }

  return {
    async account(c) {
      const row = await signedIn(c, accounts)
      return row && { id: row.id, email: row.email, name: row.name, credits: row.credits, tier: row.tier }
    },
    async user(c) {
      const row = await signedIn(c, identities)
      return row && { id: row.id, email: row.email, name: row.name }
    },
  }
}

/** The session token from better-auth's signed cookie (`token.base64(hmac)`), or undefined if absent or forged. */
export function verifiedToken(cookieHeader: string | undefined, cookieName: string, secret: string): string | undefined {
  if (!cookieHeader) return undefined
  const value = parseCookies(cookieHeader, cookieName)[cookieName]
  if (!value) return undefined
  const dot = value.lastIndexOf('.')
  if (dot < 1) return undefined
  const token = value.slice(0, dot)
  const encoded = value.slice(dot + 1)
  if (encoded.length !== 44 || !encoded.endsWith('=')) return undefined
  const signature = Buffer.from(encoded, 'base64')
  const expected = createHmac('sha256', secret).update(token).digest()
  return signature.length === expected.length && timingSafeEqual(signature, expected) ? token : undefined
}

/** Throws 401 'User not authenticated' (spec §5/§8) when nobody is signed in. */
export async function requireUser(sessions: SessionReader, c: Context, message = 'User not authenticated'): Promise<SessionUser> {
  const found = await sessions.user(c)
  if (!found) throw new AppError('unauthenticated', message)
  return found
}
