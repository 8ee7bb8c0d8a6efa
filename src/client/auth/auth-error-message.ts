import { ApiError } from '../lib/api'

/** spec §8: what sign-in and the reset request show when the server answered without its own message. */
export const AUTH_ERROR_MESSAGE = 'An error occurred during authentication'

/**
 * spec §8: an auth request that failed shows the server's message (a refusal it explained, e.g. wrong password),
 * and the generic message otherwise: no answer (network failure or timeout) or a server fault, whose text is not
 * meant for visitors.
 */
export function authErrorMessage(error: unknown, fallback: string = AUTH_ERROR_MESSAGE): string {
  const serverSaid = error instanceof ApiError && error.status >= 400 && error.status < 500
  return serverSaid ? error.message : fallback
}
