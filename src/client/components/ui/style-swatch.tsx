import { findPalette, type PaletteColors } from '../../../shared/catalogue/palettes'
import type { Style } from '../../../shared/catalogue/styles'

const NEUTRAL: PaletteColors = { walls: '#eee', floor: '#ccc', cabinetry: '#999', accent: '#777', trim: '#fff' }

/**
 * A drawn stand-in for a style's photograph, in the style's signature palette: wall, floor, vanity and
 * mirror as flat shapes. Never a broken image while the rendered previews are not there.
 * `colors` and `label` draw the same room in other colours (e.g. a gallery card's "before").
 */
export function StyleSwatch({ style, colors, label, className }: { style: Style; colors?: PaletteColors; label?: string; className?: string }) {
  const fill = colors ?? findPalette(style.signaturePalette)?.colors ?? NEUTRAL
  return (
    <svg viewBox="0 0 320 240" className={className} role="img" aria-label={label ?? `${style.name} colour scheme`} preserveAspectRatio="xMidYMid slice">
      <rect width="320" height="240" fill={fill.walls} />
      <rect y="170" width="320" height="70" fill={fill.floor} />
      <rect x="0" y="0" width="320" height="14" fill={fill.trim} />
      <rect x="110" y="40" width="100" height="70" rx="10" fill={fill.trim} opacity="0.85" />
      <rect x="116" y="46" width="88" height="58" rx="7" fill="#ffffff" opacity="0.35" />
      <rect x="85" y="118" width="150" height="62" rx="6" fill={fill.cabinetry} />
      <rect x="85" y="114" width="150" height="8" rx="3" fill={fill.trim} />
      <rect x="240" y="60" width="10" height="80" rx="4" fill={fill.accent} />
      <rect x="236" y="62" width="24" height="44" rx="4" fill={fill.accent} opacity="0.8" />
    </svg>
  )
}
