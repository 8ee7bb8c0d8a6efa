import { createHash } from 'node:crypto'
import { betterAuth } from 'better-auth'
import { and, eq, like } from 'drizzle-orm'
import { drizzleAdapter } from 'better-auth/adapters/drizzle'
import type { Database } from '../db/client'
import { account, rateLimit, session, user, verification } from '../db/schema'
import type { Logger } from '../lib/logger'
import type { EmailProvider } from '../providers/email/email-provider'
import { setUpNewUser } from '../services/accounts'
import { SIGN_UP_MIN_PASSWORD, MAX_PASSWORD } from '../../shared/schemas/auth'

/** The header our server sets from the socket address; better-auth reads the client IP only from it. */
export const CLIENT_IP_HEADER = 'x-lavo-client-ip'

/** Sessions last 30 days and roll forward once a day while used. */
export const SESSION_EXPIRES_IN_SECONDS = 60 * 60 * 24 * 30
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60 * 24

const RESET_PREFIX = 'reset-password:'

/**
 * Reset tokens are stored as `reset-password:<sha256 of the token>`, never as mailed: a copy of the database
 * cannot reset anyone's password. better-auth hashes on every lookup too. The prefix stays readable, so all of
 * an account's outstanding links can be found (value = the user id) and ended together.
 */
export function storedResetIdentifier(identifier: string): string {
  return RESET_PREFIX + createHash('sha256').update(identifier, 'utf8').digest('base64url')
}

/** Ends every outstanding password-reset link of an account (after a reset or a password change). */
export async function endResetTokens(db: Database, userId: string): Promise<void> {
  await db.delete(verification).where(and(like(verification.identifier, `${RESET_PREFIX}%`), eq(verification.value, userId)))
}

export type AuthDeps = {
  db: Database
  email: EmailProvider
  logger: Logger
  secret: string
  publicUrl: string
  trustedOrigins: string[]
  google: { clientId: string; clientSecret: string } | undefined
  /** On in production; tests turn it on explicitly. */
  rateLimit: boolean
}

export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: 'Lavo',
    secret: deps.secret,
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    trustedOrigins: [deps.publicUrl, ...deps.trustedOrigins],
    telemetry: { enabled: false },
    // better-auth's messages go through our structured logger (and its level), not straight to stderr.
    logger: {
      level: 'warn',
      log: (level, message, ...args) => deps.logger[level](`auth: ${message}`, args.length > 0 ? { details: args.map((arg) => (arg instanceof Error ? arg.message : String(arg))) } : {}),
    },
    database: drizzleAdapter(deps.db, { provider: 'pg', schema: { user, session, account, verification, rateLimit }, transaction: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: SIGN_UP_MIN_PASSWORD,
      maxPasswordLength: MAX_PASSWORD,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // One successful reset ends the account's other reset links as well (its sessions end above).
      onPasswordReset: async ({ user: changed }) => {
        await endResetTokens(deps.db, changed.id)
      },
      // The email links straight to our page; the page checks the token before showing the form.
      sendResetPassword: async ({ user: recipient, token }) => {
        const link = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}`
        await deps.email.send({
          to: recipient.email,
          subject: 'Reset your Lavo password',
          text: `Hello,\n\nSomeone (hopefully you) asked to reset the password for your Lavo account.\n\nChoose a new password here (the link works once and expires in 1 hour):\n${link}\n\nIf you did not ask for this, ignore this email: your password stays the same.\n\n— Lavo\n`,
        })
      },
    },
    verification: { storeIdentifier: { default: 'plain', overrides: { [RESET_PREFIX]: { hash: async (identifier: string) => storedResetIdentifier(identifier) } } } },
    socialProviders: deps.google ? { google: { clientId: deps.google.clientId, clientSecret: deps.google.clientSecret, prompt: 'select_account' } } : {},
    session: { expiresIn: SESSION_EXPIRES_IN_SECONDS, updateAge: SESSION_UPDATE_AGE_SECONDS },
    rateLimit: {
      enabled: deps.rateLimit,
      storage: 'database',
      modelName: 'rateLimit',
      window: 60,
      max: 100,
      // The 4th sign-in attempt within 10 s is refused (429). Sign-ups are limited per address by our own,
      // configurable RATE_LIMIT_SIGN_UP_IP (routes/auth.ts): the library's fixed rule for them (3 in 10 s) is off.
      customRules: { '/sign-in/email': { window: 10, max: 3 }, '/request-password-reset': { window: 60, max: 5 }, '/sign-up/email': false },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { sameSite: 'lax', httpOnly: true },
      useSecureCookies: deps.publicUrl.startsWith('https://'),
    },
    databaseHooks: {
      user: {
        create: {
          after: async (created) => {
            // better-auth calls this inside its sign-up transaction, which holds a database connection.
            // Setting up on another connection from in here can starve the pool under load (every
            // connection held by a sign-up waiting for a second one), so the setup runs once that
            // transaction is over. It is idempotent, and GET /api/me repeats it if it has not happened.
            setImmediate(() => {
              setUpNewUser(deps.db, created.id).catch((error) => deps.logger.error('new user setup failed; /api/me will retry it', { userId: created.id, error }))
              // Nobody joins the email list here: only a ticked sign-up box does (routes/auth.ts, issue 22).
            })
          },
        },
      },
    },
  })
}

export type Auth = ReturnType<typeof createAuth>
