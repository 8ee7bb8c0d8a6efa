import { ArrowRight, CalendarOff, Check, CheckCircle2, Coins, Gift, Layers, ShoppingBag, Sparkles, Undo2, Wallet, type LucideIcon } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { isSafeReturnPath } from '../../shared/return-path'
import { useAuth } from '../auth/auth-context'
import { Button, buttonClass } from '../components/ui/button'
import { PageIntro } from '../components/ui/page-intro'
import { PackagePicker } from '../features/pricing/package-picker'
import { PromoCodeBox } from '../features/pricing/promo-code-box'
import { cn } from '../lib/cn'
import { pageMeta } from '../lib/meta'
import { usePublicConfig } from '../lib/public-config'
import { useHydrated } from '../lib/use-hydrated'
import { usePaymentReturn } from '../lib/use-payment-return'

export const meta = () => pageMeta('Pricing', 'Pay only for what you use. No subscriptions, credits never expire, and your first 2 designs are free.')

// spec §2 Pricing: the toast after a successful payment, verbatim.
const PAYMENT_SUCCESS_MESSAGE = 'Payment successful! Your credits have been added.'

// spec §2 Pricing: the three perks, verbatim.
const PERKS = ['No subscriptions', 'Credits never expire', 'Use credits however you want—designs or shopping lists'] as const

type Unlock = { icon: LucideIcon; equation: string; body: string }

const UNLOCKS: readonly Unlock[] = [
  { icon: Sparkles, equation: '1 credit = 1 redesign', body: 'A complete redesign of your photo in the style and palette you choose, saved to My Designs and ready to download.' },
  {
    icon: ShoppingBag,
    equation: '1 credit = 1 shopping list',
    body: 'A list of matching products for one design (vanity, lighting, tile, mirror and accessories) with links to search at retailers. For members who have bought any package.',
  },
]

type Reason = { icon: LucideIcon; title: string; body: string }

const WHY_CREDITS: readonly Reason[] = [
  { icon: Wallet, title: 'Pay for what you use', body: 'A bathroom remodel is a project, not a lifestyle. Most people need a burst of designs over a few weeks, not a monthly bill.' },
  { icon: CalendarOff, title: 'Take your time', body: 'Credits never expire. Leftovers are still there when you get round to the guest bathroom next year.' },
  { icon: Layers, title: 'One balance for everything', body: 'Spend credits on designs or shopping lists in whatever mix suits your project.' },
  { icon: Undo2, title: 'Fair when things go wrong', body: 'A failed design shows a sample and returns your credit. Unused credits can be refunded on request within 30 days of purchase.' },
]

export default function PricingPage() {
  usePaymentReturn(PAYMENT_SUCCESS_MESSAGE)
  // ?return= names the page a buyer came from (e.g. the wizard's No Credits screen): only a path of this site counts.
  const [searchParams] = useSearchParams()
  const hydrated = useHydrated()
  const requested = hydrated ? searchParams.get('return') : null
  const returnPath = requested && isSafeReturnPath(requested) ? requested : undefined
  return (
    <>
      <PageIntro eyebrow="Pricing" title="Simple credits. No subscription.">
        Start with 2 free designs. Buy more credits only when you want them, and keep them for as long as you like.
      </PageIntro>

      <div className="container-page">
        <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:gap-x-8" aria-label="What you get">
          {PERKS.map((perk) => (
            <li key={perk} className="flex items-center gap-2 font-medium text-ink-700">
              <span className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Check aria-hidden="true" className="h-4 w-4" />
              </span>
              {perk}
            </li>
          ))}
        </ul>
      </div>

      <section aria-labelledby="step-1-title" className="container-page mt-14">
        <CreateAccountStep />
      </section>

      <section aria-labelledby="step-2-title" className="container-page mt-14">
        <div className="flex gap-5 px-0 sm:px-8">
          <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-700 text-white">
            <Coins aria-hidden="true" className="h-6 w-6" />
          </span>
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Step 2</p>
            <h2 id="step-2-title" className="mt-1 text-2xl text-ink-900 sm:text-3xl">
              Choose a credit package
            </h2>
            <p className="mt-2 max-w-2xl text-ink-600">One-time payment by card. Buying any package also unlocks shopping lists for your designs.</p>
          </div>
        </div>
        <div className="mt-10">
          <PackagePicker {...(returnPath ? { isProductFlow: true, returnPath } : {})} />
          {returnPath && (
            <p className="mt-6 flex items-center gap-2 text-ink-700" data-testid="return-note">
              <Undo2 aria-hidden="true" className="h-4 w-4 shrink-0 text-brand-700" />
              After paying you come back to the design you were working on.
            </p>
          )}
        </div>
        <div className="mt-8 max-w-2xl">
          <PromoCodeBox />
        </div>
      </section>

      <section aria-labelledby="unlocks-title" className="container-page mt-20">
        <h2 id="unlocks-title" className="text-3xl text-ink-900 sm:text-4xl">
          What a credit unlocks
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {UNLOCKS.map((unlock) => (
            <li key={unlock.equation} className="flex gap-5 rounded-3xl bg-brand-50 p-6 ring-1 ring-brand-100 sm:p-8">
              <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-white text-brand-700 ring-1 ring-brand-100">
                <unlock.icon aria-hidden="true" className="h-6 w-6" />
              </span>
              <div>
                <h3 className="text-2xl text-ink-900">{unlock.equation}</h3>
                <p className="mt-2 text-ink-700">{unlock.body}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-ink-600">You never pay for a sample image: if a design fails, your credit is returned.</p>
      </section>

      <section aria-labelledby="why-credits-title" className="mt-20 border-y border-sand-200 bg-sand-100 py-16">
        <div className="container-page">
          <h2 id="why-credits-title" className="text-3xl text-ink-900 sm:text-4xl">
            Why Credits?
          </h2>
          <p className="mt-3 max-w-2xl text-lg text-ink-600">
            Subscriptions suit things you use every day. Redesigning a bathroom is something you do intensely for a few weeks, then not for years.
          </p>
          <ul className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
            {WHY_CREDITS.map((reason) => (
              <li key={reason.title}>
                <reason.icon aria-hidden="true" className="h-6 w-6 text-brand-700" />
                <h3 className="mt-3 font-sans text-lg font-semibold text-ink-900">{reason.title}</h3>
                <p className="mt-1 text-ink-700">{reason.body}</p>
              </li>
            ))}
          </ul>
          <p className="mt-10 text-ink-700">
            Questions about credits or refunds?{' '}
            <Link to="/help#credits-and-pricing" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
              Read the FAQ
            </Link>
          </p>
        </div>
      </section>

      <section aria-labelledby="pricing-start-title" className="container-page mt-20">
        <div className="rounded-3xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="pricing-start-title" className="text-3xl sm:text-4xl">
            Your first 2 designs are free
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-brand-50">Upload a photo of your bathroom and see it in two styles of your choice, on us. No card, no subscription.</p>
          <Link to="/" className={buttonClass('secondary', 'lg', 'mt-8 ring-0')}>
            Start designing for free <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </section>
    </>
  )
}

/** spec §2 Pricing, step 1: opens the sign-up dialog (it closes itself on success); done once signed in. */
function CreateAccountStep() {
  const auth = useAuth()
  const done = Boolean(auth.user)
  const config = usePublicConfig()
  return (
    <div className="flex flex-col gap-6 rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200 sm:p-8 md:flex-row md:items-center md:justify-between">
      <div className="flex min-w-0 gap-5">
        <span className={cn('flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl text-white', done ? 'bg-brand-700' : 'bg-clay-600')}>
          {done ? <Check aria-hidden="true" className="h-6 w-6" /> : <Gift aria-hidden="true" className="h-6 w-6" />}
        </span>
        <div className="min-w-0">
          <p className={cn('text-sm font-semibold uppercase tracking-widest', done ? 'text-brand-700' : 'text-clay-600')}>Step 1{done && ' · Done'}</p>
          <h2 id="step-1-title" className="mt-1 text-2xl text-ink-900 sm:text-3xl">
            Create your free account
          </h2>
          <p className="mt-2 max-w-xl text-ink-600">
            {done ? (
              <>
                You are signed in as <span className="font-medium text-ink-900 wrap-anywhere">{auth.user?.email}</span>. Your credits are ready to use.
              </>
            ) : (
              // 'or Google' only where this server offers Google sign-in (known after the prerendered page has loaded).
              `Sign up with your email${config.data?.googleSignIn ? ' or Google' : ''} and get 2 free credits, enough for your first 2 designs. No card needed.`
            )}
          </p>
        </div>
      </div>
      {done ? (
        <p className="inline-flex shrink-0 items-center gap-2 self-start rounded-full bg-brand-50 px-4 py-2 font-medium text-brand-800 md:self-center">
          <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
          Account ready
        </p>
      ) : (
        <Button size="lg" className="shrink-0" onClick={() => auth.openAuthDialog('sign-up')}>
          Create Free Account
        </Button>
      )}
    </div>
  )
}
