import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { toast } from '../lib/toast'
import { ME_QUERY_KEY } from '../auth/auth-api'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Signing in', 'Finishing sign-in.')

const ERRORS: Record<string, string> = {
  account_not_linked: 'This email is already registered with a password. Please sign in with your email and password instead.',
}

/** spec §2 Auth callback: 'Processing authentication...', then home after 0.5 s (history replaced), on success and failure. */
export default function AuthCallbackPage() {
  const [searchParams] = useSearchParams()
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  useEffect(() => {
    const error = searchParams.get('error')
    if (error) toast.error(ERRORS[error.toLowerCase()] ?? 'Failed to sign in with Google')
    // The session cookie is already set by the OAuth callback; reading /api/me also sets up a first-time account.
    void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })
    const timer = window.setTimeout(() => navigate('/', { replace: true }), 500)
    return () => window.clearTimeout(timer)
  }, [searchParams, navigate, queryClient])

  return (
    <section className="container-page flex min-h-[50vh] items-center justify-center py-16">
      <h1 className="flex items-center gap-3 font-sans text-lg font-normal text-ink-700" aria-live="polite">
        <span aria-hidden="true" className="h-5 w-5 animate-spin rounded-full border-2 border-brand-600 border-t-transparent" />
        Processing authentication...
      </h1>
    </section>
  )
}
