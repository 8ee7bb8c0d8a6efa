import { HERO, imageSources } from '../../../shared/catalogue/images'
import { CataloguePicture } from '../../components/ui/catalogue-picture'
import { LabelledPhoto } from '../../components/ui/labelled-photo'

/**
 * The home page's before/after: one of the sample photos and the built-in engine's redesign of it. Wide screens
 * only: on a phone the upload step is what the first screen is for, and the hidden pictures are
 * lazy, so a phone never downloads them.
 */
export function HeroPair() {
  return (
    <figure className="hidden lg:block">
      <div className="grid grid-cols-2 gap-3">
        {[
          { label: 'Before', photo: HERO.before },
          { label: 'After', photo: HERO.after },
        ].map(({ label, photo }) => (
          <LabelledPhoto key={label} label={label} className="ring-1 ring-sand-200">
            <CataloguePicture sources={imageSources('hero', photo.name)} sizes="240px" alt={photo.alt} className="h-full w-full" fallback={null} />
          </LabelledPhoto>
        ))}
      </div>
      <figcaption className="mt-2 text-sm text-ink-600">The same bathroom before, and redesigned in Organic Modern by the built-in design engine.</figcaption>
    </figure>
  )
}
