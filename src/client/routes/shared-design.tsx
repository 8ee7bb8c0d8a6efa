import { ImageOff, Sparkles } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { buttonClass } from '../components/ui/button'
import { BeforeAfter } from '../features/generation/before-after'
import { useSharedDesign } from '../features/share/shared-design-api'
import { SharedDesignDetails } from '../features/share/shared-design-details'
import { pageMeta } from '../lib/meta'

// The server puts the link preview (Open Graph, Twitter card) and noindex into this page's <head> (decision 0043);
// the app keeps noindex when it renders the page itself.
export const meta = () => [...pageMeta('A shared bathroom design', 'A bathroom redesigned with Lavo. Design your own from a photo.'), { name: 'robots', content: 'noindex, nofollow' }]

function DesignYourOwn() {
  return (
    <div className="rounded-3xl bg-brand-50 p-6 text-center ring-1 ring-brand-100 sm:p-8">
      <h2 className="text-2xl text-ink-900 sm:text-3xl">Picture your own bathroom like this</h2>
      <p className="mx-auto mt-2 max-w-xl text-ink-700">Upload a photo, pick one of 21 styles and a palette, and see your room redesigned. Your first 2 designs are free.</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-5')}>
        <Sparkles aria-hidden="true" className="h-5 w-5" />
        Design your own
      </Link>
    </div>
  )
}

export default function SharedDesignPage() {
  const { token = '' } = useParams()
  const shared = useSharedDesign(token)

  if (shared.isPending) {
    return (
      <section className="container-page py-10 sm:py-14" aria-busy="true">
        <p className="sr-only" role="status">
          Loading the shared design…
        </p>
        <div className="h-10 w-2/3 animate-pulse rounded-lg bg-sand-100 motion-reduce:animate-none" />
        <div className="mt-6 aspect-[4/3] max-w-4xl animate-pulse rounded-2xl bg-sand-100 motion-reduce:animate-none" />
      </section>
    )
  }

  if (!shared.data) {
    return (
      <section className="container-page flex flex-col items-center py-20 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-sand-100 text-ink-700">
          <ImageOff aria-hidden="true" className="h-7 w-7" />
        </span>
        <h1 className="mt-4 text-3xl sm:text-4xl">{shared.isError ? 'This design could not be loaded' : 'This shared design is not available'}</h1>
        <p className="mt-3 max-w-md text-ink-600">{shared.isError ? 'Please check your connection and reload the page.' : 'The link may have been turned off by its owner, or the design was deleted.'}</p>
        <div className="mt-8 w-full max-w-2xl">
          <DesignYourOwn />
        </div>
      </section>
    )
  }

  const design = shared.data
  return (
    <article className="container-page py-10 sm:py-14">
      <p className="text-sm font-semibold uppercase tracking-widest text-brand-700">Shared with Lavo</p>
      <h1 className="mt-2 text-3xl leading-tight sm:text-5xl">{design.title}</h1>
      <p className="mt-3 max-w-2xl text-lg text-ink-600">Drag the divider, or focus it and use the arrow keys, to compare the room before and after.</p>
      <div className="mt-8 grid gap-8 lg:grid-cols-3 lg:items-start">
        <div className="lg:col-span-2">
          <BeforeAfter before={design.beforeUrl} after={design.afterUrl} title={design.title} ratio={`${design.width} / ${design.height}`} beforeAlt="Before: the original bathroom photo" />
        </div>
        <div className="space-y-6">
          <SharedDesignDetails design={design} />
          <DesignYourOwn />
        </div>
      </div>
    </article>
  )
}
