import { lazy, type ComponentType } from 'react'
import { cn } from './cn'

// A part of the page loaded on demand (a dialog, a wizard step) can fail to download: a dropped connection, or a
// deploy that replaced the file. Instead of the router's "Unexpected Application Error!", the download is tried
// again, then the same address is reloaded once (a new deploy's page names the new files), and if that did not help
// either, the part is replaced by a short notice with a reload button. A reload is not repeated for the same address
// within RELOAD_GUARD_MS, so a file that is really gone cannot put the page in a reload loop.

const RELOAD_KEY = 'lavo:chunk-reload'
const RELOAD_GUARD_MS = 60_000
const RETRY_DELAYS_MS = [400, 1_200]

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function currentAddress(): string {
  return `${window.location.pathname}${window.location.search}`
}

/** Reloads the page unless this address was reloaded for a failed download a moment ago; true when reloading. */
function reloadOnce(): boolean {
  try {
    const previous = JSON.parse(window.sessionStorage.getItem(RELOAD_KEY) ?? 'null') as { address?: string; at?: number } | null
    if (previous?.address === currentAddress() && typeof previous.at === 'number' && Date.now() - previous.at < RELOAD_GUARD_MS) return false
    window.sessionStorage.setItem(RELOAD_KEY, JSON.stringify({ address: currentAddress(), at: Date.now() }))
  } catch {
    // No session storage (private mode, blocked): without a guard, never reload on our own.
    return false
  }
  window.location.reload()
  return true
}

type Variant = 'inline' | 'floating' | 'silent'

/**
 * The address of the module a failed dynamic import names ("Failed to fetch dynamically imported module: <url>"),
 * when it is one of ours. Browsers remember a failed module fetch for its address, so asking again for the same
 * address fails at once without a request; the retry asks for the same file under a fresh query string instead.
 */
export function failedModuleUrl(error: unknown): string | null {
  const message = error instanceof Error ? error.message : ''
  const match = /(https?:\/\/\S+?\.js)\b/.exec(message)
  if (!match?.[1] || typeof window === 'undefined') return null
  try {
    const url = new URL(match[1])
    return url.origin === window.location.origin ? url.href : null
  } catch {
    return null
  }
}

/**
 * React.lazy for a component that must never take the page down: the module is loaded again (by a fresh address when
 * the browser remembers the failure), then the page reloaded once, then `variant` decides what stands in: a notice in
 * place ('inline'), a notice over the page ('floating', for dialogs), or nothing ('silent', for extras such as the
 * toast list).
 */
export function lazyWithRecovery<Module, Props extends object>(load: () => Promise<Module>, pick: (module: Module) => ComponentType<Props>, variant: Variant = 'inline') {
  return lazy(async (): Promise<{ default: ComponentType<Props> }> => {
    let retryUrl: string | null = null
    for (let attempt = 0; ; attempt += 1) {
      try {
        const module = retryUrl ? ((await import(/* @vite-ignore */ `${retryUrl}?retry=${Date.now()}`)) as Module) : await load()
        return { default: pick(module) }
      } catch (error) {
        if (attempt >= RETRY_DELAYS_MS.length) {
          console.warn('A part of the page could not be downloaded', error)
          break
        }
        retryUrl = failedModuleUrl(error) ?? retryUrl
        await sleep(RETRY_DELAYS_MS[attempt]!)
      }
    }
    if (reloadOnce()) return new Promise<never>(() => {})
    const Fallback = () => (variant === 'silent' ? null : <LoadFailedNotice floating={variant === 'floating'} />)
    return { default: Fallback }
  })
}

function LoadFailedNotice({ floating }: { floating: boolean }) {
  return (
    <div
      role="alert"
      className={cn(
        'rounded-3xl bg-white p-6 text-center shadow-sm ring-1 ring-sand-200 sm:p-8',
        floating && 'fixed inset-x-4 bottom-4 z-50 mx-auto max-w-lg shadow-lg',
      )}
    >
      <h2 className="text-2xl text-ink-900">This part of the page did not load</h2>
      <p className="mx-auto mt-2 max-w-md text-ink-600">Check your connection, then reload the page.</p>
      <button
        type="button"
        className="mt-5 inline-flex h-11 items-center justify-center rounded-full bg-brand-700 px-6 font-medium text-white hover:bg-brand-800"
        onClick={() => {
          window.sessionStorage.removeItem(RELOAD_KEY)
          window.location.reload()
        }}
      >
        Reload page
      </button>
    </div>
  )
}
