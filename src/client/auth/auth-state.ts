import type { QueryClient } from '@tanstack/react-query'
import { ME_QUERY_KEY, SESSION_STORAGE_KEYS, type Me } from './auth-api'

/** A visitor: nobody signed in, 0 credits, the free tier. */
export const SIGNED_OUT: Me = Object.freeze({ user: null, credits: 0, membershipTier: 'free' })

/** The parts of the session read's query state the auth state is derived from. */
export type SessionReadState = { status: 'pending' | 'error' | 'success'; data: Me | undefined }

/**
 * spec §4 and §8: any failed read counts as signed out, 0 credits, free tier. A failed refetch keeps the
 * previous answer in the query's data, so the error status decides, not whether data is present: the one read
 * (GET /api/me) carries identity, credits and tier together, so none of them outlives its failure.
 */
export function deriveAuthState(read: SessionReadState): Me {
  if (read.status !== 'success' || !read.data) return SIGNED_OUT
  return read.data
}

export type SignOutDependencies = {
  queryClient: QueryClient
  storage: Pick<Storage, 'removeItem'>
  signOutOnServer: () => Promise<unknown>
}

/**
 * Signs out on the server, then clears the stored session entries (the legacy key too, spec §3) and the signed-in
 * state. spec §8: a failed sign-out still clears storage and state.
 */
export async function signOut({ queryClient, storage, signOutOnServer }: SignOutDependencies): Promise<void> {
  try {
    await signOutOnServer()
  } catch {
    // The visitor asked to leave: the local session goes whatever the server said.
  }
  for (const key of SESSION_STORAGE_KEYS) storage.removeItem(key)
  // A read that started while still signed in must not bring the user back once it lands.
  await queryClient.cancelQueries({ queryKey: ME_QUERY_KEY })
  queryClient.setQueryData(ME_QUERY_KEY, SIGNED_OUT)
  // Everything read as this user goes; the credit packages are the same for everyone.
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] && query.queryKey[0] !== 'credit-packages' })
}
