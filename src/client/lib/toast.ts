// Toasts without sonner on the critical path: sonner (~9 kB gzip) is not needed to show or hydrate a page, so it is
// downloaded on the first toast, and the root's toaster mounts then (toastRequested), not on every page view.
// sonner keeps toasts raised before its <Toaster> subscribes and shows them when it does.
import type { ExternalToast } from 'sonner'

type Sonner = typeof import('sonner')

let sonner: Promise<Sonner> | undefined

/** The sonner module, downloaded once. */
export function loadSonner(): Promise<Sonner> {
  sonner ??= import('sonner')
  return sonner
}

type Kind = 'success' | 'error' | 'info'

let requested = false
const listeners = new Set<() => void>()

/** Whether any toast has been raised on this page (the root mounts sonner's toaster from then on). */
export const toastRequested = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  get: (): boolean => requested,
}

function show(kind: Kind, message: string, options?: ExternalToast): void {
  if (!requested) {
    requested = true
    for (const listener of listeners) listener()
  }
  void loadSonner().then(({ toast }) => toast[kind](message, options))
}

/** Issue 22: a success says its piece and leaves within 4 s; errors stay sonner's default time and can be closed. */
export const SUCCESS_TOAST_MS = 4000

/** sonner's `toast.success`, `toast.error` and `toast.info`, loading sonner on first use. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, { duration: SUCCESS_TOAST_MS, ...options }),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
}
