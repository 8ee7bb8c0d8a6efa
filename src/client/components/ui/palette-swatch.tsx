import Sparkles from 'lucide-react/icons/sparkles'
import { findPalette, type PaletteId } from '../../../shared/catalogue/palettes'
import { cn } from '../../lib/cn'

/** A palette's five colours as a strip (issue 22: the colours a person chooses between are shown); a sparkle for Surprise Me. */
export function PaletteSwatch({ palette, className }: { palette: PaletteId; className?: string }) {
  const found = findPalette(palette)
  if (!found) {
    return (
      <span aria-hidden="true" className={cn('flex h-5 w-20 shrink-0 items-center justify-center rounded-full bg-linear-to-r from-sky-200 via-amber-200 to-rose-200 ring-1 ring-sand-300', className)}>
        <Sparkles className="h-3.5 w-3.5 text-ink-700" />
      </span>
    )
  }
  return (
    <span aria-hidden="true" className={cn('flex h-5 w-20 shrink-0 overflow-hidden rounded-full ring-1 ring-sand-300', className)} data-palette-swatch={palette}>
      {Object.values(found.colors).map((colour, index) => (
        <span key={index} className="h-full flex-1" style={{ backgroundColor: colour }} />
      ))}
    </span>
  )
}
