import { FlaskConical, Loader2 } from 'lucide-react'
import { useEffect } from 'react'
import { toast } from '../../lib/toast'
import type { CreditPackage } from '../../../shared/packages'
import { isSafeReturnPath } from '../../../shared/return-path'
import { useAuth } from '../../auth/auth-context'
import { Button } from '../../components/ui/button'
import { ApiError } from '../../lib/api'
import { PackageCards } from './package-cards'
import { usePaymentsMode } from './use-payments-config'
import { useStartCheckout } from './use-start-checkout'

// spec §8 Packages.
const SIGN_IN_TO_BUY = 'Please sign in to purchase credits'
const FAILED_TO_START = 'Failed to start checkout'

type PackagePickerProps = {
  /** Bought from the wizard (spec §7 create-checkout-session isProductFlow). */
  isProductFlow?: boolean
  /** Where the buyer comes back to after paying or cancelling: 'here' is the page as it is at the click. */
  returnPath?: string | 'here'
}

/**
 * spec §2 Pricing / §4 Purchase: the package cards with a buy button each. Buying needs an account; the
 * clicked package shows 'Processing...' until the browser leaves for the checkout page. After paying, the buyer
 * returns to `returnPath` (e.g. the design they were on), else to the wizard (product flow) or /pricing.
 */
export function PackagePicker({ isProductFlow = false, returnPath }: PackagePickerProps) {
  const auth = useAuth()
  const checkout = useStartCheckout()
  const { reset } = checkout

  // Coming back from the checkout page can restore this page from the back/forward cache, still "Processing...".
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) reset()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [reset])

  function askToSignIn(pkg: CreditPackage) {
    toast.error(SIGN_IN_TO_BUY)
    // Once signed in, carry on with the purchase they asked for.
    auth.openAuthDialog('sign-in', { onSuccess: () => buy(pkg) })
  }

  function buy(pkg: CreditPackage) {
    const back = returnPath === 'here' ? `${window.location.pathname}${window.location.search}` : returnPath
    checkout.mutate(
      { packageId: pkg.id, isProductFlow, ...(back && isSafeReturnPath(back) ? { returnPath: back } : {}) },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) return askToSignIn(pkg)
          const serverSaid = error instanceof ApiError && error.status >= 400 && error.status < 500
          toast.error(serverSaid ? error.message : FAILED_TO_START)
        },
      },
    )
  }

  function onBuy(pkg: CreditPackage) {
    if (!auth.loading && !auth.user) return askToSignIn(pkg)
    buy(pkg)
  }

  // Still "processing" after success: the browser is on its way to the checkout page.
  const busy = checkout.isPending || checkout.isSuccess
  const processingId = busy ? checkout.variables?.packageId : undefined

  return (
    <div className="space-y-8">
      <TestModeNote />
      <PackageCards
        renderAction={(pkg) => {
          const processing = processingId === pkg.id
          return (
            <Button
              size="lg"
              // The popular package is the page's one main action once signed in; before that, creating the account is.
              variant={pkg.popular && auth.user ? 'primary' : 'secondary'}
              className="w-full"
              disabled={busy}
              onClick={() => onBuy(pkg)}
            >
              {processing ? (
                <>
                  <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
                  Processing...
                </>
              ) : (
                `Buy ${pkg.name}`
              )}
            </Button>
          )
        }}
      />
    </div>
  )
}

/** Honest about the built-in test checkout: nobody should think a card was charged. */
function TestModeNote() {
  const mode = usePaymentsMode()
  if (mode.data !== 'test') return null
  return (
    <p className="flex items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
      <FlaskConical aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>
        <strong className="font-semibold">Payments are in test mode.</strong> Checkout is simulated: no card details are collected and no real charge is made.
      </span>
    </p>
  )
}
