import { useSyncExternalStore } from 'react'

/** The keys that paste on this system: ⌘V on Apple systems, Ctrl+V elsewhere. */
export function pasteKeysFor(platform: string): '⌘V' | 'Ctrl+V' {
  return /mac|iphone|ipad|ipod/i.test(platform) ? '⌘V' : 'Ctrl+V'
}

const FINE_POINTER = '(pointer: fine)'

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(FINE_POINTER)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

function current(): '⌘V' | 'Ctrl+V' | null {
  if (!window.matchMedia(FINE_POINTER).matches) return null
  const platform = (navigator as Navigator & { userAgentData?: { platform?: string } }).userAgentData?.platform || navigator.platform || navigator.userAgent
  return pasteKeysFor(platform)
}

/**
 * The paste shortcut to offer (issue 22), or null where a keyboard is unlikely: only with a fine pointer (a mouse or
 * trackpad), never on a phone. Null while prerendering and hydrating, so the prerendered page says nothing it may not mean.
 */
export function usePasteKeys(): '⌘V' | 'Ctrl+V' | null {
  return useSyncExternalStore(subscribe, current, () => null)
}
