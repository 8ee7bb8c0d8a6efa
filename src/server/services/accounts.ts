import { eq } from 'drizzle-orm'
import type { MembershipTier } from '../../shared/membership'
import type { Database } from '../db/client'
import { user, userCredits, userProfiles } from '../db/schema'
import { grantCredits } from './credits'

/** spec §1/§9: new accounts get 2 free credits. */
export const SIGNUP_BONUS_CREDITS = 2

/**
 * Gives a new user a free-tier profile, a balance and the sign-up bonus, in one transaction and exactly
 * once (ledger reason signup_bonus, reference = user id). Safe to call again: the spec's setup-oauth-user.
 */
export async function setUpNewUser(db: Database, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(userProfiles).values({ id: userId, membershipTier: 'free' }).onConflictDoNothing({ target: userProfiles.id })
    await tx.insert(userCredits).values({ userId, credits: 0 }).onConflictDoNothing({ target: userCredits.userId })
    await grantCredits(tx, { userId, amount: SIGNUP_BONUS_CREDITS, reason: 'signup_bonus', reference: userId })
  })
}

export type AccountSummary = {
  user: { id: string; email: string; name: string }
  credits: number
  membershipTier: MembershipTier
}

/** A user read together with their balance and tier; null figures mean the account was never set up. */
export type AccountRow = { id: string; email: string; name: string; credits: number | null; tier: MembershipTier | null }

async function readAccount(db: Database, userId: string): Promise<AccountRow | undefined> {
  const [row] = await db
    .select({ id: user.id, email: user.email, name: user.name, credits: userCredits.credits, tier: userProfiles.membershipTier })
    .from(user)
    .leftJoin(userCredits, eq(userCredits.userId, user.id))
    .leftJoin(userProfiles, eq(userProfiles.id, user.id))
    .where(eq(user.id, userId))
  return row
}

/** Who am I: the user, their credits and tier, from a row already read. Sets the account up first if that never happened. */
export async function summarizeAccount(db: Database, row: AccountRow): Promise<AccountSummary | undefined> {
  let account: AccountRow | undefined = row
  if (account.credits === null || account.tier === null) {
    await setUpNewUser(db, account.id)
    account = await readAccount(db, account.id)
    if (!account) return undefined
  }
  return {
    user: { id: account.id, email: account.email, name: account.name },
    credits: account.credits ?? 0,
    membershipTier: account.tier ?? 'free',
  }
}
