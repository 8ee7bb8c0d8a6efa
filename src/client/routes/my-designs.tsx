import { Suspense, useCallback, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router'
import type { DesignView } from '../../shared/schemas/designs'
import { useAuth } from '../auth/auth-context'
import { Button, buttonClass } from '../components/ui/button'
import { DesignCollectionPlaceholder } from '../features/designs/design-collection-placeholder'
import { lazyWithRecovery } from '../lib/lazy-with-recovery'
import { pageMeta } from '../lib/meta'
import { usePaymentReturn } from '../lib/use-payment-return'

// A member's views come in their own chunk, fetched once someone is signed in (or sooner: see below).
const loadMemberViews = () => import('../app/my-designs-member-views')
// A failed download is tried again, as for every part loaded on demand (lib/lazy-with-recovery).
const DesignCollection = lazyWithRecovery(loadMemberViews, (views) => views.DesignCollection)
const DesignDetailHeader = lazyWithRecovery(loadMemberViews, (views) => views.DesignDetailHeader)
const PackagePicker = lazyWithRecovery(loadMemberViews, (views) => views.PackagePicker)
const ProductRecommendations = lazyWithRecovery(loadMemberViews, (views) => views.ProductRecommendations)

export const meta = () => pageMeta('My Designs', 'Every bathroom design you create is saved here.')

// spec §8: the toast after a payment that returned here, verbatim.
const PAYMENT_SUCCESS_MESSAGE = 'Payment successful! Your designs are saved here. You can now generate product recommendations for any design.'

// The open design lives in the URL, so Back closes the detail view and a reload keeps it open.
const DESIGN_PARAM = 'design'

type DetailState = { openedFromGrid?: boolean } | null

const INVITATION_ID = 'my-designs-invitation'

function SignedOutInvitation({ onSignUp }: { onSignUp: () => void }) {
  return (
    <section id={INVITATION_ID} className="container-page flex flex-col items-center py-20 text-center">
      <h1 className="text-4xl sm:text-5xl">Your designs live here</h1>
      <p className="mt-4 max-w-lg text-lg text-ink-600">Create a free account to save every redesign. You get 2 free credits to start — no card needed.</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={onSignUp}>
          Get 2 Free Credits
        </Button>
        <Link to="/?signin=1" className={buttonClass('secondary', 'lg')}>
          Sign in
        </Link>
      </div>
    </section>
  )
}

export default function MyDesignsPage() {
  const auth = useAuth()
  usePaymentReturn(PAYMENT_SUCCESS_MESSAGE)
  const [searchParams, setSearchParams] = useSearchParams()
  const location = useLocation()
  const navigate = useNavigate()
  const openId = searchParams.get(DESIGN_PARAM)

  // Back from the detail view (button or browser), focus returns to the card the member came from.
  const [shownId, setShownId] = useState(openId)
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null)
  if (openId !== shownId) {
    setShownId(openId)
    setReturnFocusTo(openId === null ? shownId : null)
  }

  const openRecommendations = useCallback(
    (design: DesignView) => {
      void loadMemberViews().then((views) => views.rememberDesign(design))
      const next = new URLSearchParams(searchParams)
      next.set(DESIGN_PARAM, design.id)
      setSearchParams(next, { state: { openedFromGrid: true } satisfies DetailState })
      window.scrollTo({ top: 0 })
    },
    [searchParams, setSearchParams],
  )

  const closeDetail = useCallback(() => {
    if ((location.state as DetailState)?.openedFromGrid) {
      void navigate(-1)
      return
    }
    const next = new URLSearchParams(searchParams)
    next.delete(DESIGN_PARAM)
    setSearchParams(next, { replace: true })
  }, [location.state, navigate, searchParams, setSearchParams])

  const startOver = useCallback(() => void navigate('/'), [navigate])

  const isPaid = auth.membershipTier === 'paid'
  // Signed-out visitors are sent this page prerendered with the invitation (the server sends it only to requests
  // without a session cookie, decision 0019-scripts-after-first-paint). Until the account is known, the invitation
  // stays as it was painted, so hydration matches and nothing moves; other visitors see the loading placeholder.
  const [prerenderedSignedOut] = useState(() => typeof document === 'undefined' || document.getElementById(INVITATION_ID) !== null)

  // A visitor who was not sent the invitation is most likely signed in: fetch the member's views while the account
  // loads rather than after.
  useEffect(() => {
    if (!prerenderedSignedOut) void loadMemberViews()
  }, [prerenderedSignedOut])

  if (auth.loading) return prerenderedSignedOut ? <SignedOutInvitation onSignUp={() => auth.openAuthDialog('sign-up')} /> : <DesignCollectionPlaceholder isPaid={false} />
  if (!auth.user) return <SignedOutInvitation onSignUp={() => auth.openAuthDialog('sign-up')} />

  // spec §4: the detail view is for paid members only; anyone else stays on the grid.
  if (openId && isPaid) {
    return (
      <div className="container-page pb-8 pt-12 sm:pt-16">
        <Suspense fallback={<MemberViewLoading />}>
          <DesignDetailHeader designId={openId} onMissing={closeDetail} />
          <div className="mt-12">
            <ProductRecommendations designId={openId} onBack={closeDetail} backLabel="Back to My Designs" onStartOver={startOver} renderPackages={() => <PackagePicker returnPath="here" />} />
          </div>
        </Suspense>
      </div>
    )
  }

  return (
    <Suspense fallback={<DesignCollectionPlaceholder isPaid={isPaid} />}>
      <DesignCollection isPaid={isPaid} onOpenRecommendations={openRecommendations} returnFocusTo={returnFocusTo} />
    </Suspense>
  )
}

/** While a paid member's detail view loads its code (a moment, once). */
function MemberViewLoading() {
  return (
    <div role="status" className="flex min-h-64 items-center justify-center text-ink-600">
      Loading…
    </div>
  )
}
