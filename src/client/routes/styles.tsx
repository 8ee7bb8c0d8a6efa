import { Link } from 'react-router'
import { STYLES } from '../../shared/catalogue/styles'
import { PageIntro } from '../components/ui/page-intro'
import { CARD_SIZES, styleImageSources } from '../../shared/catalogue/images'
import { CataloguePicture } from '../components/ui/catalogue-picture'
import { StyleSwatch } from '../components/ui/style-swatch'
import { pageMeta } from '../lib/meta'

export const meta = () => pageMeta('Bathroom Styles', 'Browse 21 bathroom design styles, from Minimalist and Coastal to Zen Japandi and kids’ bathrooms.')

export default function StylesPage() {
  return (
    <>
      <PageIntro eyebrow="21 styles" title="Find the style that feels like home">
        From calm Japandi to hotel-suite Glam: pick one and see it on your own bathroom. The pictures are rendered previews of
        each style; your design keeps your own room’s layout, fixtures and light.
      </PageIntro>
      <ul className="container-page grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {STYLES.map((style, index) => (
          // Cards after the first are laid out, and their pictures fetched, only as they come near the screen: on a
          // phone three pictures load beside the first card's instead of seven.
          <li key={style.id} className={index >= 1 ? 'deferred-card' : undefined}>
            <Link
              to={`/?step=upload&style=${style.id}`}
              className="group relative block overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-sand-200 transition-shadow hover:shadow-md focus-visible:shadow-md"
            >
              <div className="relative aspect-[4/3] overflow-hidden">
                <CataloguePicture
                  sources={styleImageSources(style.id)}
                  sizes={CARD_SIZES}
                  alt={`A rendered preview of a bathroom in the ${style.name} style`}
                  // The first card is the page's largest paint: load it at once. The rest of the first row (on wide
                  // screens) is in view too and loads right after layout; on a phone only the first is in view.
                  loading={index === 0 ? 'eager' : 'lazy'}
                  fetchPriority={index === 0 ? 'high' : undefined}
                  className="h-full w-full transition-transform duration-300 group-hover:scale-105 group-focus-visible:scale-105"
                  fallback={<StyleSwatch style={style} className="h-full w-full" />}
                />
                <span className="absolute inset-0 flex items-center justify-center bg-ink-900/45 opacity-0 transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100">
                  <span className="rounded-full bg-white px-5 py-2 text-sm font-semibold text-ink-900">Try This Style</span>
                </span>
              </div>
              <div className="p-5">
                <h2 className="text-xl text-ink-900">{style.name}</h2>
                <p className="mt-1 text-sm text-ink-600">{style.description}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
    </>
  )
}
