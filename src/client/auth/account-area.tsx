import Coins from 'lucide-react/icons/coins'
import LogOut from 'lucide-react/icons/log-out'
import Sparkles from 'lucide-react/icons/sparkles'
import { Link } from 'react-router'
import { creditsLabel } from '../../shared/packages'
import { Button, buttonClass } from '../components/ui/button'
import { preloadAuthDialog, useAuth } from './auth-context'

/** spec §2 Header: credit badge and Sign Out when signed in (an 'Upgrade' badge at 0); Sign In and Get Started otherwise. */
export function AccountArea() {
  const auth = useAuth()
  // While the session loads, an invisible copy of the signed-out buttons holds their exact space (no layout shift).
  if (auth.loading) {
    return (
      <div className="invisible flex items-center gap-2" aria-hidden="true">
        <span className={buttonClass('ghost', 'sm')}>Sign In</span>
        <span className={buttonClass('primary', 'sm')}>Get Started</span>
      </div>
    )
  }
  if (!auth.user) {
    return (
      <>
        <Button variant="ghost" size="sm" onPointerEnter={preloadAuthDialog} onFocus={preloadAuthDialog} onClick={() => auth.openAuthDialog('sign-in')}>
          Sign In
        </Button>
        <Button size="sm" onPointerEnter={preloadAuthDialog} onFocus={preloadAuthDialog} onClick={() => auth.openAuthDialog('sign-up')}>
          Get Started
        </Button>
      </>
    )
  }
  return (
    <>
      <span className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-semibold text-brand-800" data-testid="credit-badge">
        <Coins aria-hidden="true" className="h-4 w-4" />
        {creditsLabel(auth.credits)}
      </span>
      {auth.credits === 0 && (
        <Link to="/pricing" className="inline-flex items-center gap-1 rounded-full bg-clay-600 px-3 py-1.5 text-sm font-semibold text-white hover:bg-clay-500">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          Upgrade
        </Link>
      )}
      <Button variant="ghost" size="sm" onClick={() => void auth.signOut()}>
        <LogOut aria-hidden="true" className="h-4 w-4" />
        Sign Out
      </Button>
    </>
  )
}
