import { PaletteSwatch } from '../../components/ui/palette-swatch'
import type { SharedDesignView } from '../../../shared/schemas/shares'

/** What was chosen for a shared design: the style (with its description) and the palette. */
export function SharedDesignDetails({ design }: { design: SharedDesignView }) {
  return (
    <dl className="grid gap-4 rounded-2xl bg-white p-5 ring-1 ring-sand-200 sm:grid-cols-2 lg:grid-cols-1">
      <div>
        <dt className="text-sm font-semibold uppercase tracking-wider text-ink-600">Style</dt>
        <dd className="mt-1">
          <span className="text-lg font-medium text-ink-900">{design.styleName}</span>
          {design.styleDescription && <span className="mt-1 block text-sm text-ink-600">{design.styleDescription}</span>}
        </dd>
      </div>
      <div>
        <dt className="text-sm font-semibold uppercase tracking-wider text-ink-600">Colour palette</dt>
        <dd className="mt-1 flex items-center gap-2 text-lg font-medium text-ink-900">
          <PaletteSwatch palette={design.palette} />
          {design.paletteName ?? 'Surprise Me (chosen by Lavo)'}
        </dd>
      </div>
      {design.madeByEngine && (
        <div>
          <dt className="text-sm font-semibold uppercase tracking-wider text-ink-600">Made by</dt>
          <dd className="mt-1 text-sm text-ink-700">Lavo’s built-in design engine, which restyles the colours and surfaces of the photo. Not an AI model.</dd>
        </div>
      )}
    </dl>
  )
}
