import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { findPalette } from '../../../shared/catalogue/palettes'
import type { Style } from '../../../shared/catalogue/styles'
import type { ReactNode } from 'react'
import { imageSources } from '../../../shared/catalogue/images'
import { buttonClass } from '../../components/ui/button'
import { CataloguePicture } from '../../components/ui/catalogue-picture'
import { LabelledPhoto } from '../../components/ui/labelled-photo'
import { StyleSwatch } from '../../components/ui/style-swatch'
import { BEFORE_COLORS, type GalleryItem, type GalleryPhoto } from './gallery-items'

/** A 4:3 photograph with its size reserved, so nothing moves while it loads. */
function Photo({ photo, fallback }: { photo: GalleryPhoto; fallback: ReactNode }) {
  return <CataloguePicture sources={imageSources('gallery', photo.name)} sizes="(min-width: 1024px) 360px, 50vw" alt={photo.alt} className="h-full w-full" fallback={fallback} />
}

/** spec §2 Gallery: one static card with the style badge, a title, a description and a call to action. */
export function GalleryCard({ item, style }: { item: GalleryItem; style: Style }) {
  const palette = findPalette(style.signaturePalette)
  const titleId = `gallery-${item.styleId}-title`
  return (
    <article aria-labelledby={titleId} className="grid overflow-hidden rounded-3xl bg-white shadow-sm ring-1 ring-sand-200 lg:grid-cols-[1.35fr_1fr]">
      <figure className="grid grid-cols-2 content-center gap-2 bg-sand-100 p-2 sm:gap-3 sm:p-4 lg:p-6">
        <LabelledPhoto label="Before">
          <Photo photo={item.photos.before} fallback={<StyleSwatch style={style} colors={BEFORE_COLORS} label="Before: a dated beige bathroom, drawn as a colour sketch" className="h-full w-full" />} />
        </LabelledPhoto>
        <LabelledPhoto label="After">
          <Photo photo={item.photos.after} fallback={<StyleSwatch style={style} label={`After: the same bathroom in ${style.name} colours, drawn as a colour sketch`} className="h-full w-full" />} />
        </LabelledPhoto>
        <figcaption className="sr-only">
          {style.name}: before and after
        </figcaption>
      </figure>
      <div className="flex flex-col p-6 sm:p-8">
        <p>
          <span className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold uppercase tracking-wider text-brand-800 ring-1 ring-inset ring-brand-100">{style.name}</span>
        </p>
        <h2 id={titleId} className="mt-4 text-2xl text-ink-900 sm:text-3xl">
          {item.title}
        </h2>
        <p className="mt-3 text-ink-700">{item.description}</p>
        <ul className="mt-5 flex flex-wrap gap-2" aria-label="What changed">
          {item.changes.map((change) => (
            <li key={change} className="rounded-full bg-sand-100 px-3 py-1 text-sm text-ink-700">
              {change}
            </li>
          ))}
        </ul>
        {palette && (
          <p className="mt-5 flex items-center gap-3 text-sm text-ink-600">
            <span className="flex" aria-hidden="true">
              {Object.entries(palette.colors).map(([surface, color]) => (
                <span key={surface} className="-ml-1.5 h-6 w-6 rounded-full border-2 border-white shadow-[0_0_0_1px_rgba(23,32,31,0.15)] first:ml-0" style={{ backgroundColor: color }} />
              ))}
            </span>
            Palette: {palette.name}
          </p>
        )}
        <div className="mt-auto pt-6">
          <Link to={`/?step=upload&style=${style.id}`} className={buttonClass('secondary', 'md', 'h-auto min-h-11 w-full py-2.5 text-center sm:w-auto')}>
            Try {style.name} on your bathroom <ArrowRight aria-hidden="true" className="h-4 w-4" />
          </Link>
        </div>
      </div>
    </article>
  )
}
