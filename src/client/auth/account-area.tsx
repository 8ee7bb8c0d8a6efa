import Coins from 'lucide-react/icons/coins'
import LogOut from 'lucide-react/icons/log-out'
import Sparkles from 'lucide-react/icons/sparkles'
import { Link } from 'react-router'
import { creditsLabel } from '../../shared/packages'
import { Button } from '../components/ui/button'
import { cn } from '../lib/cn'
import CircleUser from 'lucide-react/icons/circle-user'
import { Suspense } from 'react'
import { lazyWithRecovery } from '../lib/lazy-with-recovery'
import { preloadAuthDialog, useAuth } from './auth-context'

/** spec §2 Header: credit badge and Sign Out when signed in (an 'Upgrade' badge at 0); Sign In and Get Started otherwise. */
export function AccountArea({ inMenu = false }: { inMenu?: boolean }) {
  const auth = useAuth()
  // While the session loads (and on a prerendered page before the app has started), the signed-out buttons are shown
  // and work: most visitors are signed out, and a press before the app is live is replayed once it is (boot.ts). In a
  // browser last seen signed in (html[data-member], app/document-marks.ts) they only hold their exact space.
  if (auth.loading) {
    return (
      <div className="member-guess-hidden flex items-center gap-2">
        <Button variant="ghost" size="sm" onPointerEnter={preloadAuthDialog} onFocus={preloadAuthDialog} onClick={() => auth.openAuthDialog('sign-in')}>
          Sign In
        </Button>
        {!inMenu && <GetStarted />}
      </div>
    )
  }
  if (!auth.user) {
    return (
      <>
        <Button variant="ghost" size="sm" onPointerEnter={preloadAuthDialog} onFocus={preloadAuthDialog} onClick={() => auth.openAuthDialog('sign-in')}>
          Sign In
        </Button>
        {/* On phones 'Get Started' sits in the bar (PhoneStatus), not again in the menu. */}
        {!inMenu && <GetStarted />}
      </>
    )
  }
  return (
    <>
      {/* On phones the header shows these outside the menu (CreditStatus), so the menu does not repeat them. */}
      <CreditStatus className="max-sm:hidden" />
      <Suspense fallback={<AccountMenuPlaceholder />}>
        <AccountMenu />
      </Suspense>
      <Button variant="ghost" size="sm" onClick={() => void auth.signOut()}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Sign Out
      </Button>
    </>
  )
}

// The account menu (Radix Popover) is not needed to show a page: it loads once someone is signed in.
const AccountMenu = lazyWithRecovery(() => import('./account-menu'), (module) => module.AccountMenu)

/** The account button's exact size while the menu's code arrives (no layout shift). */
function AccountMenuPlaceholder() {
  return (
    <span aria-hidden="true" className="inline-flex h-11 w-11 items-center justify-center rounded-full text-ink-700">
      <CircleUser className="h-5 w-5" />
    </span>
  )
}

function GetStarted() {
  const auth = useAuth()
  return (
    <Button size="sm" onPointerEnter={preloadAuthDialog} onFocus={preloadAuthDialog} onClick={() => auth.openAuthDialog('sign-up')}>
      Get Started
    </Button>
  )
}

/** What a phone's bar shows beside the menu button: the credit badge when signed in, 'Get Started' when not (issue 22). */
export function PhoneStatus() {
  const auth = useAuth()
  if (auth.loading) {
    return (
      <div className="member-guess-absent">
        <GetStarted />
      </div>
    )
  }
  return auth.user ? <CreditStatus /> : <GetStarted />
}

/** The credit badge, and 'Upgrade' at 0 credits (spec §2 Header); nothing when signed out. */
export function CreditStatus({ className }: { className?: string }) {
  const auth = useAuth()
  if (auth.loading || !auth.user) return null
  return (
    <span className={cn('flex items-center gap-2', className)}>
      {/* At 0 a phone shows only 'Upgrade': the bar has no room for both beside the logo and the menu button. */}
      <span
        className={cn('inline-flex items-center gap-1.5 whitespace-nowrap rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800', auth.credits === 0 && 'max-sm:hidden')}
        data-testid="credit-badge"
      >
        <Coins aria-hidden="true" className="h-4 w-4" />
        {creditsLabel(auth.credits)}
      </span>
      {auth.credits === 0 && (
        <Link to="/pricing" className="inline-flex items-center gap-1 whitespace-nowrap rounded-full bg-clay-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-clay-700">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          Upgrade
        </Link>
      )}
    </span>
  )
}
