import { AlertCircle, CheckCircle2, Coins, FlaskConical, Loader2, LockKeyhole, XCircle, type LucideIcon } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '../../lib/toast'
import { creditsLabel, formatUsd } from '../../../shared/packages'
import { useAuth } from '../../auth/auth-context'
import { Button, buttonClass } from '../../components/ui/button'
import { ApiError } from '../../lib/api'
import { safeRedirect, useCancelTestCheckout, usePayTestCheckout, useTestCheckout, type TestCheckout as Checkout } from './test-checkout-api'

export const TEST_MODE_BANNER = 'Test mode — no real charge'

/** The built-in checkout used while the server runs the test payment provider: no card, no charge. */
export function TestCheckout({ sessionId }: { sessionId: string }) {
  return (
    <div className="container-page flex flex-col items-center py-10 sm:py-16">
      <section aria-label="Test mode" className="flex w-full max-w-lg items-start gap-3 rounded-2xl bg-amber-50 px-4 py-3 text-amber-900 ring-1 ring-amber-300">
        <FlaskConical aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        <div>
          <p className="font-semibold">{TEST_MODE_BANNER}</p>
          <p className="mt-0.5 text-sm">Payments on this site are simulated while it is being tested.</p>
        </div>
      </section>
      <div className="mt-6 w-full max-w-lg">
        <CheckoutBody sessionId={sessionId} />
      </div>
    </div>
  )
}

function CheckoutBody({ sessionId }: { sessionId: string }) {
  const auth = useAuth()
  const checkout = useTestCheckout(sessionId, auth.user?.id)
  const { refetch } = checkout

  // Back from the page we redirected to may restore this one from the back/forward cache: re-read its status.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void refetch()
    }
    window.addEventListener('pageshow', onPageShow)
    return () => window.removeEventListener('pageshow', onPageShow)
  }, [refetch])

  if (auth.loading || (auth.user && checkout.isPending)) return <Loading />
  if (!auth.user || (checkout.error instanceof ApiError && checkout.error.status === 401)) {
    return (
      <Notice icon={LockKeyhole} title="Sign in to continue your checkout">
        <p>This checkout belongs to a Lavo account. Sign in with the account that started it.</p>
        <Button className="mt-6" onClick={() => auth.openAuthDialog('sign-in')}>
          Sign In
        </Button>
      </Notice>
    )
  }
  if (checkout.isError) {
    const missing = checkout.error instanceof ApiError && (checkout.error.status === 404 || checkout.error.status === 400)
    return (
      <Notice icon={AlertCircle} title={missing ? 'This checkout session does not exist' : 'We could not load this checkout'}>
        <p>{missing ? 'The link may be mistyped, or the checkout belongs to another account.' : 'Check your connection and try again.'}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          {!missing && <Button onClick={() => void checkout.refetch()}>Try again</Button>}
          <Link to="/pricing" className={buttonClass(missing ? 'primary' : 'secondary')}>
            Back to pricing
          </Link>
        </div>
      </Notice>
    )
  }
  if (!checkout.data) return <Loading />

  const { data } = checkout
  if (data.status === 'fulfilled') {
    return (
      <Notice icon={CheckCircle2} title="This checkout is already paid">
        <p>The {creditsLabel(data.credits)} from {data.packageName} are in your account.</p>
        <Link to="/" className={buttonClass('primary', 'md', 'mt-6')}>
          Start designing
        </Link>
      </Notice>
    )
  }
  if (data.status !== 'pending') {
    return (
      <Notice icon={XCircle} title={data.status === 'cancelled' ? 'This checkout was cancelled' : 'This checkout did not complete'}>
        <p>No charges were made. You can start a new purchase from the pricing page.</p>
        <Link to="/pricing" className={buttonClass('primary', 'md', 'mt-6')}>
          Back to pricing
        </Link>
      </Notice>
    )
  }
  return <OrderForm sessionId={sessionId} checkout={data} email={auth.user.email} onStale={() => void refetch()} />
}

function OrderForm({ sessionId, checkout, email, onStale }: { sessionId: string; checkout: Checkout; email: string; onStale: () => void }) {
  const navigate = useNavigate()
  const pay = usePayTestCheckout(sessionId)
  const cancel = useCancelTestCheckout(sessionId)
  const price = formatUsd(checkout.amountCents)
  const leaving = pay.isPending || pay.isSuccess || cancel.isPending || cancel.isSuccess

  const onFailure = (fallback: string) => (error: Error) => {
    toast.error(error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.message : fallback)
    // A conflict means the checkout changed elsewhere (e.g. cancelled in another tab): show what it is now.
    if (error instanceof ApiError && (error.status === 409 || error.status === 404)) onStale()
  }

  return (
    <article aria-labelledby="checkout-title" className="overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200">
      <header className="border-b border-sand-200 px-6 py-5 sm:px-8">
        <p className="text-sm font-medium text-ink-600">Lavo · Credits</p>
        <h1 id="checkout-title" className="mt-1 text-3xl text-ink-900">
          Complete your purchase
        </h1>
      </header>

      <section aria-labelledby="summary-title" className="px-6 py-6 sm:px-8">
        <h2 id="summary-title" className="font-sans text-sm font-semibold uppercase tracking-widest text-ink-600">
          Order summary
        </h2>
        <div className="mt-4 flex items-start gap-4">
          <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
            <Coins aria-hidden="true" className="h-5 w-5" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-ink-900">{checkout.packageName}</p>
            <p className="text-sm text-ink-600">{creditsLabel(checkout.credits)} · never expire</p>
          </div>
          <p className="font-semibold text-ink-900">{price}</p>
        </div>
        <dl className="mt-6 space-y-2 border-t border-sand-200 pt-4 text-sm">
          <div className="flex justify-between gap-4">
            <dt className="text-ink-600">Subtotal</dt>
            <dd className="text-ink-900">{price}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-4 pt-2 text-base">
            <dt className="font-semibold text-ink-900">Total due today</dt>
            <dd className="font-display text-2xl font-semibold text-ink-900">{price}</dd>
          </div>
        </dl>
      </section>

      <section aria-labelledby="payment-title" className="border-t border-sand-200 bg-sand-50 px-6 py-6 sm:px-8">
        <h2 id="payment-title" className="font-sans text-sm font-semibold uppercase tracking-widest text-ink-600">
          Payment
        </h2>
        <p className="mt-3 text-sm text-ink-700">
          In test mode no card details are collected. Paying adds the credits to <span className="font-medium text-ink-900 wrap-anywhere">{email}</span> straight away, and no money
          changes hands.
        </p>
        <div className="mt-6 flex flex-col gap-3">
          <Button size="lg" className="w-full" disabled={leaving} onClick={() => pay.mutate(undefined, { onError: onFailure('Payment failed. Please try again.') })}>
            {pay.isPending || pay.isSuccess ? (
              <>
                <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
                Processing...
              </>
            ) : (
              <>
                <LockKeyhole aria-hidden="true" className="h-4 w-4" />
                Pay {price}
              </>
            )}
          </Button>
          <Button
            variant="ghost"
            size="lg"
            className="w-full"
            disabled={leaving}
            onClick={() =>
              cancel.mutate(undefined, {
                onSuccess: ({ redirect }) => navigate(safeRedirect(redirect), { replace: true }),
                onError: onFailure('Could not cancel the checkout. Please try again.'),
              })
            }
          >
            Cancel
          </Button>
        </div>
      </section>
    </article>
  )
}

function Loading() {
  return (
    <div className="flex min-h-64 items-center justify-center rounded-3xl bg-white shadow-sm ring-1 ring-sand-200" aria-busy="true">
      <h1 className="sr-only">Checkout</h1>
      <p className="flex items-center gap-3 text-ink-700">
        <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin text-brand-700" />
        Loading your checkout...
      </p>
    </div>
  )
}

function Notice({ icon: Icon, title, children }: { icon: LucideIcon; title: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-sand-200 sm:px-10">
      <Icon aria-hidden="true" className="h-10 w-10 text-brand-700" />
      <h1 className="mt-4 text-2xl text-ink-900 sm:text-3xl">{title}</h1>
      <div className="mt-3 text-ink-600">{children}</div>
    </div>
  )
}
