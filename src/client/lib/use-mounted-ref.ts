import { useEffect, useRef, type RefObject } from 'react'

/**
 * Whether the component is still mounted, for callbacks that fire later (timers, responses): true from the first
 * effect until the component unmounts (a Strict Mode remount sets it again).
 */
export function useMountedRef(): RefObject<boolean> {
  const mounted = useRef(false)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])
  return mounted
}
