import { Suspense, useState } from 'react'
import { lazyWithRecovery } from '../../lib/lazy-with-recovery'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { useCookieConsent } from './use-cookie-consent'

// The settings dialog (Radix Dialog and Switch) is downloaded when 'Cookie Settings' is first pointed at or clicked;
// the banner itself stays plain markup.
const loadSettingsDialog = () => import('./cookie-settings-dialog')
const CookieSettingsDialog = lazyWithRecovery(loadSettingsDialog, (module) => module.CookieSettingsDialog, 'floating')
const preloadSettingsDialog = () => void loadSettingsDialog().catch(() => undefined)

/** spec §2 Cookie banner: fixed at the bottom of every page until a choice is made. */
export function CookieBanner() {
  const consent = useCookieConsent()
  const [settingsOpen, setSettingsOpen] = useState(false)
  const [settingsMounted, setSettingsMounted] = useState(false)
  // Until the stored choice has been read (a prerendered page, before the app starts), the notice is in the page and
  // CSS shows it only where <html> says no choice was made (app/document-marks.ts), so it is there from the first frame.
  const unknown = consent.state === undefined
  if (!unknown && consent.state?.status !== 'pending') return null

  return (
    <section data-consent-unknown={unknown ? '' : undefined} aria-labelledby="cookie-notice-title" className="fixed inset-x-0 bottom-0 z-40 border-t border-sand-200 bg-white/95 shadow-[0_-8px_30px_rgba(0,0,0,0.08)] backdrop-blur">
      <div className="container-page flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between md:gap-6">
        <div className="max-w-2xl text-sm text-ink-700">
          <h2 id="cookie-notice-title" className="font-sans text-base font-semibold text-ink-900">
            Cookie Notice
          </h2>
          <p className="mt-1">
            We use cookies to improve your experience and to show relevant advertising. Read our{' '}
            <Link to="/cookie-policy" className="font-medium text-brand-700 underline underline-offset-2">
              Cookie Policy
            </Link>{' '}
            and{' '}
            <Link to="/privacy-policy" className="font-medium text-brand-700 underline underline-offset-2">
              Privacy Policy
            </Link>
            .
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" onClick={consent.acceptAll}>
            Accept All
          </Button>
          <Button size="sm" variant="secondary" onClick={consent.rejectAll}>
            Reject All
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onPointerEnter={preloadSettingsDialog}
            onFocus={preloadSettingsDialog}
            onClick={() => {
              setSettingsMounted(true)
              setSettingsOpen(true)
            }}
          >
            Cookie Settings
          </Button>
        </div>
      </div>
      {settingsMounted && (
        <Suspense fallback={null}>
          <CookieSettingsDialog open={settingsOpen} onOpenChange={setSettingsOpen} />
        </Suspense>
      )}
    </section>
  )
}
