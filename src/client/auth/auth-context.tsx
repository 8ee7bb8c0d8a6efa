import { useQuery, useQueryClient } from '@tanstack/react-query'
import { createContext, Suspense, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useSearchParams } from 'react-router'
import type { MembershipTier } from '../../shared/membership'
import { fetchMe, ME_QUERY_KEY, signOutOnServer, type Me } from './auth-api'
import { deriveAuthState, signOut as signOutEverywhere } from './auth-state'
import { lazyWithRecovery } from '../lib/lazy-with-recovery'
import { toast } from '../lib/toast'
import type { AuthDialogMode } from './auth-dialog'

// The dialogs (Radix Dialog, the forms, their zod schemas) are downloaded when one first opens, or earlier when a
// visitor points at a button that opens one (preloadAuthDialog), so they stay out of every page's first load.
const loadAuthDialog = () => import('./auth-dialog')
const AuthDialog = lazyWithRecovery(loadAuthDialog, (module) => module.AuthDialog, 'floating')

/** Starts downloading the sign-in/sign-up dialogs, e.g. on hover or focus of a button that opens them. */
export function preloadAuthDialog(): void {
  loadAuthDialog().catch(() => undefined)
}

export type OpenDialogOptions = {
  /** Runs 500 ms after a successful sign-up or sign-in from this dialog (spec §4 welcome continuation). */
  onSuccess?: () => void
}

export type AuthContextValue = {
  user: Me['user']
  credits: number
  membershipTier: MembershipTier
  loading: boolean
  signOut: () => Promise<void>
  refreshCredits: () => Promise<void>
  refreshProfile: () => Promise<void>
  openAuthDialog: (mode: AuthDialogMode, options?: OpenDialogOptions) => void
}

const AuthContext = createContext<AuthContextValue | undefined>(undefined)

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const me = useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, retry: false, staleTime: 30_000 })
  const [dialog, setDialog] = useState<AuthDialogMode | null>(null)
  // The dialog is mounted from its first opening on (then it stays, so closing and reopening behave as before).
  const [dialogMounted, setDialogMounted] = useState(false)
  const pendingSuccess = useRef<(() => void) | undefined>(undefined)
  const [searchParams, setSearchParams] = useSearchParams()

  // spec §8: any failed read counts as signed out, 0 credits, free tier, also when an earlier read succeeded.
  const data = deriveAuthState({ status: me.status, data: me.data })

  const refresh = useCallback(async () => {
    await queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY })
  }, [queryClient])

  const openAuthDialog = useCallback((mode: AuthDialogMode, options: OpenDialogOptions = {}) => {
    pendingSuccess.current = options.onSuccess
    setDialogMounted(true)
    setDialog(mode)
  }, [])

  // Links can open a dialog: ?signup=1 or ?signin=1 (e.g. "Create Free Account" on public pages).
  useEffect(() => {
    const wanted = searchParams.get('signup') === '1' ? 'sign-up' : searchParams.get('signin') === '1' ? 'sign-in' : null
    if (!wanted) return
    openAuthDialog(wanted)
    const next = new URLSearchParams(searchParams)
    next.delete('signup')
    next.delete('signin')
    setSearchParams(next, { replace: true, preventScrollReset: true })
  }, [searchParams, setSearchParams, openAuthDialog])

  // spec §8: a failed sign-out still clears stored session entries and state.
  const signOut = useCallback(() => signOutEverywhere({ queryClient, storage: window.localStorage, signOutOnServer }), [queryClient])

  const onAuthenticated = useCallback(
    async (how: 'signed-up' | 'signed-in') => {
      setDialog(null)
      await refresh()
      const next = pendingSuccess.current
      pendingSuccess.current = undefined
      if (how === 'signed-up') toast.success('Welcome! You can now start creating and saving your designs.')
      if (next) window.setTimeout(next, 500)
    },
    [refresh],
  )

  const value = useMemo<AuthContextValue>(
    () => ({
      user: data.user,
      credits: data.credits,
      membershipTier: data.membershipTier,
      loading: me.isPending,
      signOut,
      refreshCredits: refresh,
      refreshProfile: refresh,
      openAuthDialog,
    }),
    [data, me.isPending, signOut, refresh, openAuthDialog],
  )

  return (
    <AuthContext.Provider value={value}>
      {children}
      {dialogMounted && (
        <Suspense fallback={null}>
          <AuthDialog mode={dialog} onModeChange={setDialog} onAuthenticated={onAuthenticated} />
        </Suspense>
      )}
    </AuthContext.Provider>
  )
}

/** spec §8: used outside its provider it throws. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used within an AuthProvider')
  return value
}
