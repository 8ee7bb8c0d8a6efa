import type { Auth } from './create-auth'

/**
 * Whether a password-reset token can still be used (exists, unused, unexpired). Asks better-auth's own
 * verification store (which may keep identifiers hashed); reading does not use the token up.
 */
export async function isResetTokenUsable(auth: Auth, token: string): Promise<boolean> {
  const context = await auth.$context
  const found = await context.internalAdapter.findVerificationValue(`reset-password:${token}`)
  return Boolean(found && found.expiresAt > new Date())
}
