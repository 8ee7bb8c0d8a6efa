import type { NewPasswordInput, PasswordResetRequestInput, SignInInput, SignUpInput } from '../../shared/schemas/auth'
import type { MembershipTier } from '../../shared/membership'
import { ApiError, apiFetch } from '../lib/api'

export type Me = { user: { id: string; email: string; name: string } | null; credits: number; membershipTier: MembershipTier }

export const ME_QUERY_KEY = ['me'] as const

/** spec §9: the session read gives up after 2000 ms. */
export const SESSION_READ_TIMEOUT_MS = 2000

/**
 * spec §4: the session read gives up after 2 s and is tried once more, with a fresh request, before it counts
 * as failed (and the visitor as signed out). Only a timeout is retried: an answer or a network failure is final.
 */
export async function fetchMe(): Promise<Me> {
  try {
    return await readSession()
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'timeout')) throw error
    return await readSession()
  }
}

function readSession(): Promise<Me> {
  return apiFetch<Me>('/api/me', { signal: AbortSignal.timeout(SESSION_READ_TIMEOUT_MS) })
}

export const signInWithPassword = (input: SignInInput) => apiFetch('/api/auth/sign-in/email', { body: input })
export const signUpWithPassword = (input: SignUpInput) => apiFetch('/api/auth/sign-up/email', { body: input })
export const requestPasswordReset = (input: PasswordResetRequestInput) => apiFetch('/api/auth/request-password-reset', { body: input })
export const resetPassword = (input: NewPasswordInput) => apiFetch('/api/auth/reset-password', { body: input })
export const signOutOnServer = () => apiFetch('/api/auth/sign-out', { body: {} })
export const checkResetToken = (token: string) => apiFetch<{ valid: boolean }>(`/api/password-reset/status?token=${encodeURIComponent(token)}`)
export const fetchAuthConfig = () => apiFetch<{ googleSignIn: boolean }>('/api/config')

/** Starts Google sign-in: the server answers with Google's authorisation URL, which the browser opens. */
export async function startGoogleSignIn(): Promise<void> {
  const { url } = await apiFetch<{ url: string }>('/api/auth/sign-in/social', { body: { provider: 'google', callbackURL: '/auth/callback', errorCallbackURL: '/auth/callback' } })
  window.location.assign(url)
}

/** spec §3: stored session entries cleared on sign-out (including the legacy key). */
export const SESSION_STORAGE_KEYS = ['sb-auth-token', 'supabase.auth.token'] as const
