// Toasts without sonner on the critical path: sonner (~9 kB gzip) is not needed to show or hydrate a page, so it is
// downloaded on the first toast (or when the root's toaster mounts, once the browser is idle after hydration).
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

function show(kind: Kind, message: string, options?: ExternalToast): void {
  void loadSonner().then(({ toast }) => toast[kind](message, options))
}

/** sonner's `toast.success`, `toast.error` and `toast.info`, loading sonner on first use. */
export const toast = {
  success: (message: string, options?: ExternalToast) => show('success', message, options),
  error: (message: string, options?: ExternalToast) => show('error', message, options),
  info: (message: string, options?: ExternalToast) => show('info', message, options),
}
