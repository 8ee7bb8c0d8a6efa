import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useEffect, useState, useSyncExternalStore, type ReactNode } from 'react'
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration, Link } from 'react-router'
import type { Route } from './+types/root'
import { DOCUMENT_MARKS_SCRIPT } from './app/document-marks'
import { createQueryClient } from './app/query-client'
import { SiteLayout } from './app/site-layout'
import { AuthProvider } from './auth/auth-context'
import { CookieConsentProvider } from './features/cookie-consent/use-cookie-consent'
import { lazyWithRecovery } from './lib/lazy-with-recovery'
import { loadSonner, toastRequested } from './lib/toast'
import stylesheet from './app.css?url'

// The stylesheet is linked first in <head>: it is the one render-blocking request, so it must not queue behind the
// page's JS module preloads on a slow connection.
export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet, precedence: 'default' },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
]

export function Layout({ children }: { children: ReactNode }) {
  return (
    // The demo, member and cookie-choice marks are set on <html> before the first paint (app/document-marks.ts).
    <html lang="en" suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#175752" />
        <script dangerouslySetInnerHTML={{ __html: DOCUMENT_MARKS_SCRIPT }} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  )
}

// sonner's toast list is not needed to show a page, so it is downloaded with the first toast (lib/toast.ts).
// Toasts raised before it mounts are kept by sonner and shown as soon as it subscribes.
const Toaster = lazyWithRecovery(loadSonner, (module) => module.Toaster, 'silent')

const WIDE = '(min-width: 640px)'

function subscribeWide(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Where the sticky header ends on screen (it moves while the demo banner above it is in view). */
function useHeaderBottom(active: boolean): number {
  const [bottom, setBottom] = useState(64)
  useEffect(() => {
    if (!active) return
    let frame = 0
    const measure = () => {
      frame = 0
      const header = document.querySelector('header')
      setBottom(Math.round(header?.getBoundingClientRect().bottom ?? 64))
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    measure()
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
      if (frame) cancelAnimationFrame(frame)
    }
  }, [active])
  return bottom
}

/**
 * Issue 22: toasts never cover the header or the task. On wide screens they sit at the right, just under the header;
 * on small screens at the bottom. Each has a close button; success toasts leave after 4 s (lib/toast.ts).
 */
function DeferredToaster() {
  const mounted = useSyncExternalStore(toastRequested.subscribe, toastRequested.get, () => false)
  const wide = useSyncExternalStore(subscribeWide, () => window.matchMedia(WIDE).matches, () => true)
  const headerBottom = useHeaderBottom(mounted && wide)
  if (!mounted) return null
  return (
    <Suspense fallback={null}>
      <Toaster position={wide ? 'top-right' : 'bottom-center'} offset={{ top: Math.max(headerBottom, 0) + 12, right: 16 }} mobileOffset={{ bottom: 16, left: 12, right: 12 }} richColors closeButton />
    </Suspense>
  )
}

function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  // The boot script (boot/boot.ts) holds button presses made before hydration and replays them on this signal;
  // data-hydrated tells tests and benchmarks the page is live.
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true'
    window.dispatchEvent(new Event('lavo:hydrated'))
  }, [])
  return (
    // spec §9's tooltip timings (open delay 700 ms, skip delay 300 ms) are Radix's defaults. No page shows a tooltip,
    // so there is no Tooltip.Provider here to load on every page; a tooltip added later brings its own provider.
    <QueryClientProvider client={queryClient}>
      <CookieConsentProvider>
        <AuthProvider>
          <SiteLayout>{children}</SiteLayout>
        </AuthProvider>
        <DeferredToaster />
      </CookieConsentProvider>
    </QueryClientProvider>
  )
}

export default function App() {
  return (
    <Providers>
      <Outlet />
    </Providers>
  )
}

export function HydrateFallback() {
  return (
    <Providers>
      <div className="container-page py-24" aria-busy="true">
        <p className="sr-only">Loading…</p>
      </div>
    </Providers>
  )
}

/** The router's fallback for errors nobody else caught (spec §8: 'Unexpected Application Error!'). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : 'Something went wrong while showing this page.'
  return (
    <Providers>
      <section className="container-page py-24 text-center">
        <h1 className="text-4xl">Unexpected Application Error!</h1>
        <p className="mt-4 text-ink-600">{detail}</p>
        <Link to="/" className="mt-8 inline-block font-medium text-brand-700 underline underline-offset-4">
          Go back home
        </Link>
      </section>
    </Providers>
  )
}
