import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/** False while prerendering and hydrating, true after: what depends on the address or the browser renders after hydration. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
