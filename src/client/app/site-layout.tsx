import { useQueryClient } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { AccountArea, PhoneStatus } from '../auth/account-area'
import { useAuth } from '../auth/auth-context'
import { CookieBanner } from '../features/cookie-consent/cookie-banner'
import { useCookieConsent } from '../features/cookie-consent/use-cookie-consent'
import { DemoBanner } from './demo-banner'
import { SiteFooter } from './site-footer'
import { SiteHeader } from './site-header'

export function SiteLayout({ children }: { children: ReactNode }) {
  const consent = useCookieConsent()
  const queryClient = useQueryClient()
  const auth = useAuth()
  // spec §2: hovering (or focusing) My Designs prefetches the signed-in user's designs.
  const onNavIntent = (to: string) => {
    if (to !== '/my-designs' || !auth.user) return
    void import('../features/designs/designs-query').then((designs) => designs.prefetchDesigns(queryClient)).catch(() => undefined)
  }
  return (
    <div className="flex min-h-dvh flex-col">
      <a href="#main" className="sr-only z-50 rounded-md bg-white px-4 py-2 focus:not-sr-only focus:fixed focus:left-4 focus:top-4">
        Skip to content
      </a>
      <DemoBanner />
      <SiteHeader account={<AccountArea />} menuAccount={<AccountArea inMenu />} status={<PhoneStatus />} onNavIntent={onNavIntent} sessionKey={auth.loading ? 'loading' : (auth.user?.id ?? 'signed-out')} />
      <main id="main" className="flex-1">
        {children}
      </main>
      <SiteFooter onCookieSettings={consent.reset} />
      <CookieBanner />
    </div>
  )
}
