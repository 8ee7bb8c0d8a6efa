import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../lib/api'
import { ME_QUERY_KEY, type Me } from './auth-api'
import { deriveAuthState, signOut, SIGNED_OUT, type SessionReadState } from './auth-state'

const SIGNED_IN: Me = { user: { id: 'user-1', email: 'ada@example.com', name: 'Ada' }, credits: 7, membershipTier: 'paid' }

/** An in-memory Web Storage. */
class MemoryStorage {
  readonly values = new Map<string, string>()
  setItem(key: string, value: string) {
    this.values.set(key, value)
  }
  removeItem(key: string) {
    this.values.delete(key)
  }
}

function newQueryClient() {
  return new QueryClient({ defaultOptions: { queries: { retry: false } } })
}

/** The session read's state as the auth provider sees it. */
function readState(queryClient: QueryClient): SessionReadState {
  const state = queryClient.getQueryState<Me>(ME_QUERY_KEY)
  return { status: state?.status ?? 'pending', data: state?.data }
}

describe('deriveAuthState', () => {
  it('A visitor whose session read succeeded sees their account', () => {
    expect(deriveAuthState({ status: 'success', data: SIGNED_IN })).toEqual(SIGNED_IN)
  })

  it('A visitor whose session is still being read counts as signed out', () => {
    expect(deriveAuthState({ status: 'pending', data: undefined })).toEqual({ user: null, credits: 0, membershipTier: 'free' })
  })

  it('A failed first session read gives signed out, 0 credits and the free tier', () => {
    expect(deriveAuthState({ status: 'error', data: undefined })).toEqual({ user: null, credits: 0, membershipTier: 'free' })
  })

  it('A failed later session read does not leave the earlier user, credits or tier on screen', async () => {
    const queryClient = newQueryClient()
    await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: () => Promise.resolve(SIGNED_IN) })
    expect(deriveAuthState(readState(queryClient))).toEqual(SIGNED_IN)

    await queryClient
      .fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: () => Promise.reject(new ApiError(0, 'timeout', 'Lavo took too long to answer. Please try again.')), staleTime: 0 })
      .catch(() => undefined)

    // React Query keeps the last answer beside the error; the auth state must not use it.
    expect(queryClient.getQueryData(ME_QUERY_KEY)).toEqual(SIGNED_IN)
    expect(deriveAuthState(readState(queryClient))).toEqual({ user: null, credits: 0, membershipTier: 'free' })
  })
})

describe('signOut', () => {
  function signedInSetup() {
    const queryClient = newQueryClient()
    queryClient.setQueryData(ME_QUERY_KEY, SIGNED_IN)
    queryClient.setQueryData(['designs'], { pages: [] })
    queryClient.setQueryData(['credit-packages'], [{ id: 'pack-5' }])
    const storage = new MemoryStorage()
    storage.setItem('sb-auth-token', '{"access_token":"a"}')
    storage.setItem('supabase.auth.token', '{"currentSession":{}}')
    storage.setItem('cookie-consent', 'accepted')
    return { queryClient, storage }
  }

  it('A sign-out the server refuses still clears the stored session and signs the visitor out', async () => {
    const { queryClient, storage } = signedInSetup()
    await signOut({ queryClient, storage, signOutOnServer: () => Promise.reject(new ApiError(500, 'internal', 'Something went wrong. Please try again.')) })

    expect(storage.values.has('sb-auth-token')).toBe(false)
    expect(storage.values.has('supabase.auth.token')).toBe(false)
    expect(storage.values.get('cookie-consent')).toBe('accepted')
    expect(deriveAuthState(readState(queryClient))).toEqual({ user: null, credits: 0, membershipTier: 'free' })
    expect(queryClient.getQueryData(['designs'])).toBeUndefined()
    expect(queryClient.getQueryData(['credit-packages'])).toEqual([{ id: 'pack-5' }])
  })

  it('A sign-out that cannot reach the server still clears the stored session and signs the visitor out', async () => {
    const { queryClient, storage } = signedInSetup()
    await signOut({ queryClient, storage, signOutOnServer: () => Promise.reject(new ApiError(0, 'network', 'We could not reach Lavo.')) })

    expect([...storage.values.keys()]).toEqual(['cookie-consent'])
    expect(deriveAuthState(readState(queryClient))).toEqual(SIGNED_OUT)
  })

  it('A session read still under way when the visitor signs out does not sign them back in', async () => {
    const { queryClient, storage } = signedInSetup()
    let answer: (me: Me) => void = () => undefined
    const lateRead = queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: () => new Promise<Me>((resolve) => (answer = resolve)), staleTime: 0 }).catch(() => undefined)

    await signOut({ queryClient, storage, signOutOnServer: () => Promise.resolve({}) })
    answer(SIGNED_IN)
    await lateRead

    expect(deriveAuthState(readState(queryClient))).toEqual(SIGNED_OUT)
  })
})
