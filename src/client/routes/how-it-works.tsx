import { ArrowRight, Camera, Coins, Gift, ImageUp, Maximize, Palette, RefreshCcw, ShoppingBag, Sparkles, Sun, UserX, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { buttonClass } from '../components/ui/button'
import { PageIntro } from '../components/ui/page-intro'
import { pageMeta } from '../lib/meta'
import { generatorSentence, timingSentence, usePublicConfig } from '../lib/public-config'

export const meta = () => pageMeta('How It Works', 'Upload a photo, choose a style and a palette, and see your own bathroom redesigned. Then shop the look.')

type Step = { icon: LucideIcon; title: string; body: string; details: readonly string[] }

const STEPS: readonly Step[] = [
  {
    icon: ImageUp,
    title: 'Upload a photo',
    body: 'Take a photo of your bathroom from the doorway or a corner and drag it in, or click to choose it from your phone or computer. Just curious? Start with one of our four sample bathrooms.',
    details: ['JPEG, PNG, WebP or HEIC straight from an iPhone', 'Up to 10 MB; large photos are compressed in your browser first'],
  },
  {
    icon: Palette,
    title: 'Choose a style and palette',
    body: 'Pick one of 21 styles, from Minimalist and Coastal to Zen Japandi and kids’ bathrooms, then one of 10 colour palettes. Not sure about colour? Leave it on Surprise Me and the style brings its own.',
    details: ['21 styles, 10 palettes', 'Try the same photo in as many styles as you like'],
  },
  {
    icon: Sparkles,
    title: 'Get your redesign',
    body: 'Lavo keeps the shape of your room and redresses what a remodel would change: walls, floor, vanity, fittings and colour. Compare before and after, download the result, or retry for a fresh take.',
    // The first detail (who makes it and how long it takes) depends on the server's generator: see GeneratorDetail.
    details: ['Every design is saved in My Designs'],
  },
  {
    icon: ShoppingBag,
    title: 'Shop the look',
    body: 'Members turn any design into a shopping list: a vanity, lighting, tile, a mirror and accessories that match, each with a link to search at retailers such as Amazon, Home Depot, Lowe’s and Wayfair.',
    details: ['Available once you have bought any credit package', 'Some retailer links carry an affiliate tag, so Lavo may earn a small commission'],
  },
]

type Tip = { icon: LucideIcon; title: string; body: string }

const PHOTO_TIPS: readonly Tip[] = [
  { icon: Maximize, title: 'At least 1024 × 768 pixels', body: 'Any recent phone photo is plenty. Screenshots and images saved from messages are often too small to redesign well.' },
  { icon: Sun, title: 'Good, even light', body: 'Switch the lights on and open the blind. Avoid flash pointed at the mirror: glare hides the surfaces Lavo redesigns.' },
  { icon: UserX, title: 'No people in the photo', body: 'Our terms don’t allow photos of people, and that includes your reflection in the mirror. Shoot from the doorway or use the timer.' },
  { icon: Camera, title: 'Show the whole room', body: 'Stand in a corner or the doorway, hold the phone level at chest height and turn it sideways so the vanity, floor and walls are all in view.' },
]

type CreditFact = { icon: LucideIcon; title: string; body: string }

const CREDIT_FACTS: readonly CreditFact[] = [
  { icon: Gift, title: '2 free credits', body: 'When you create your account. No card needed.' },
  { icon: Sparkles, title: '1 credit = 1 redesign', body: 'One finished design of your photo, saved to My Designs.' },
  { icon: ShoppingBag, title: '1 credit = 1 shopping list', body: 'Matching products for a design, for members.' },
  { icon: RefreshCcw, title: 'Samples are free', body: 'If a design fails you see a sample image and your credit comes back.' },
]

export default function HowItWorksPage() {
  return (
    <>
      <PageIntro eyebrow="How it works" title="From photo to redesign in four steps">
        Upload a photo, choose a style and a palette, and see your own bathroom redesigned. No design skills, no tile samples taped to the wall.
      </PageIntro>

      <div className="container-page">
        <ol className="grid gap-6 md:grid-cols-2">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative flex flex-col rounded-3xl bg-white p-6 shadow-sm ring-1 ring-sand-200 sm:p-8">
              <div className="flex items-center gap-4">
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-700">
                  <step.icon aria-hidden="true" className="h-6 w-6" />
                </span>
                <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Step {index + 1}</p>
              </div>
              <h2 className="mt-5 text-2xl text-ink-900 sm:text-3xl">{step.title}</h2>
              <p className="mb-5 mt-3 text-ink-700">{step.body}</p>
              <ul className="mt-auto space-y-2 border-t border-sand-200 pt-5 text-sm text-ink-600">
                {index === 2 && <GeneratorDetail />}
                {step.details.map((detail) => (
                  <li key={detail} className="flex gap-2">
                    <ArrowRight aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
                    <span>{detail}</span>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      </div>

      <section aria-labelledby="photo-tips-title" className="mt-20 border-y border-sand-200 bg-sand-100 py-16">
        <div className="container-page">
          <div className="max-w-2xl">
            <h2 id="photo-tips-title" className="text-3xl text-ink-900 sm:text-4xl">
              Tips for a good photo
            </h2>
            <p className="mt-3 text-lg text-ink-600">The better Lavo can see your room, the more convincing the redesign. Two minutes of preparation goes a long way.</p>
          </div>
          <ul className="mt-10 grid gap-x-10 gap-y-8 sm:grid-cols-2">
            {PHOTO_TIPS.map((tip) => (
              <li key={tip.title} className="flex gap-4">
                <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 ring-1 ring-sand-300">
                  <tip.icon aria-hidden="true" className="h-5 w-5" />
                </span>
                <div>
                  <h3 className="font-sans text-lg font-semibold text-ink-900">{tip.title}</h3>
                  <p className="mt-1 text-ink-700">{tip.body}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="credits-title" className="container-page mt-20">
        <div className="grid gap-10 lg:grid-cols-[1fr_1.6fr] lg:items-start">
          <div>
            <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-widest text-brand-700">
              <Coins aria-hidden="true" className="h-4 w-4" /> Credits
            </p>
            <h2 id="credits-title" className="mt-2 text-3xl text-ink-900 sm:text-4xl">
              What credits buy
            </h2>
            <p className="mt-3 text-lg text-ink-600">Lavo runs on credits instead of a subscription. Buy a package when you need more; credits never expire.</p>
            <Link to="/pricing" className="mt-5 inline-flex items-center gap-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800">
              See credit packages <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2">
            {CREDIT_FACTS.map((fact) => (
              <li key={fact.title} className="rounded-2xl bg-white p-5 ring-1 ring-sand-200">
                <fact.icon aria-hidden="true" className="h-5 w-5 text-clay-600" />
                <h3 className="mt-3 font-sans text-lg font-semibold text-ink-900">{fact.title}</h3>
                <p className="mt-1 text-sm text-ink-600">{fact.body}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="start-title" className="container-page mt-20">
        <div className="rounded-3xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="start-title" className="text-3xl sm:text-4xl">
            See your bathroom in a new light
          </h2>
          <p className="mx-auto mt-3 max-w-xl text-lg text-brand-50">Your first 2 designs are free. Upload a photo and have a redesign in front of you in a couple of minutes.</p>
          <Link to="/" className={buttonClass('secondary', 'lg', 'mt-8 ring-0')}>
            Upload your bathroom <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </section>
    </>
  )
}

/** Who makes the redesign and how long it takes: known only at run time (the page is prerendered), neutral until then. */
function GeneratorDetail() {
  const config = usePublicConfig()
  const about = generatorSentence(config.data?.generator)
  return (
    <li className="flex gap-2" data-testid="generator-detail" aria-busy={config.isPending || undefined}>
      <ArrowRight aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
      <span>
        {about && `${about} `}
        {timingSentence(config.data)}
      </span>
    </li>
  )
}
