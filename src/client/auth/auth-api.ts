import type { NewPassword, PasswordResetRequest, SignIn, SignUp } from '../../shared/schemas/auth'
import { apiFetch } from '../lib/api'

export type MembershipTier = 'free' | 'paid'
export type Me = { user: { id: string; email: string; name: string } | null; credits: number; membershipTier: MembershipTier }

export const ME_QUERY_KEY = ['me'] as const

/** spec §4: the session read gives up after 2 s and is tried once more before the visitor counts as signed out. */
export async function fetchMe(): Promise<Me> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      return await apiFetch<Me>('/api/me', { signal: AbortSignal.timeout(2000) })
    } catch (error) {
      const timedOut = error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')
      if (!timedOut || attempt === 1) throw error
    }
  }
  throw new Error('unreachable')
}

export const signInWithPassword = (input: SignIn) => apiFetch('/api/auth/sign-in/email', { body: input })
export const signUpWithPassword = (input: SignUp) => apiFetch('/api/auth/sign-up/email', { body: input })
export const requestPasswordReset = (input: PasswordResetRequest) => apiFetch('/api/auth/request-password-reset', { body: input })
export const resetPassword = (input: NewPassword) => apiFetch('/api/auth/reset-password', { body: input })
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
