import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { findStyle } from '../../shared/catalogue/styles'
import { buttonClass } from '../components/ui/button'
import { PageIntro } from '../components/ui/page-intro'
import { GalleryCard } from '../features/gallery/gallery-card'
import { GALLERY_ITEMS } from '../features/gallery/gallery-items'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Gallery', 'Coastal, Mid Century Modern, Scandinavian and Zen Japandi: see what Lavo changes when it redesigns a bathroom.')

export default function GalleryPage() {
  return (
    <>
      <PageIntro eyebrow="Gallery" title="Four bathrooms, redesigned">
        Lavo keeps the shape of a room and changes what a remodel would: walls, floor, vanity, fittings and colour. Here are four styles to start you off.
      </PageIntro>

      <ul className="container-page space-y-8">
        {GALLERY_ITEMS.map((item) => {
          const style = findStyle(item.styleId)
          if (!style) return null
          return (
            <li key={item.styleId}>
              <GalleryCard item={item} style={style} />
            </li>
          )
        })}
      </ul>

      <p className="container-page mt-6 text-sm text-ink-600">Like every Lavo design, these are concept images for inspiration and entertainment, not renovation plans.</p>

      <section aria-labelledby="gallery-start-title" className="container-page mt-16">
        <div className="grid gap-8 rounded-3xl bg-ink-900 px-6 py-12 text-white sm:px-12 md:grid-cols-[1fr_auto] md:items-center">
          <div>
            <h2 id="gallery-start-title" className="text-3xl sm:text-4xl">
              Your bathroom could be next
            </h2>
            <p className="mt-3 max-w-xl text-lg text-sand-200">
              Upload a photo and try any of 21 styles and 10 palettes on your own room. Your first 2 designs are free.
            </p>
          </div>
          <div className="flex flex-wrap gap-3 md:flex-col md:items-stretch">
            <Link to="/" className={buttonClass('secondary', 'lg', 'ring-0')}>
              Start your free design <ArrowRight aria-hidden="true" className="h-4 w-4" />
            </Link>
            <Link to="/styles" className={buttonClass('ghost', 'lg', 'text-white ring-1 ring-inset ring-white/50 hover:bg-white/10')}>
              Browse all 21 styles
            </Link>
          </div>
        </div>
      </section>
    </>
  )
}
