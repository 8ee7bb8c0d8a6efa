import type { PaletteColors } from '../../../shared/catalogue/palettes'
import type { StyleId } from '../../../shared/catalogue/styles'

/** A rendered 4:3 photograph from the imagery pipeline (public/images/gallery/<name>-*.{avif,webp,jpg}). */
export type GalleryPhoto = { name: string; alt: string }

export type GalleryItem = {
  styleId: StyleId
  title: string
  description: string
  /** What changed, in a few words each. */
  changes: readonly string[]
  /** Before and after photographs (drawn from the palettes if a file cannot load). */
  photos: { before: GalleryPhoto; after: GalleryPhoto }
}

/** The drawn "before": a dated, builder-grade bathroom (beige walls, almond tile, honey oak vanity). */
export const BEFORE_COLORS: PaletteColors = { walls: '#E6DAC3', floor: '#CBBBA0', cabinetry: '#B4874F', accent: '#A9A48C', trim: '#F1EADB' }

// spec §2 Gallery: four static cards. Descriptions follow each style's look in src/shared/catalogue/styles.ts,
// which the rendered photographs are made from.
export const GALLERY_ITEMS: readonly GalleryItem[] = [
  {
    styleId: 'coastal',
    photos: {
      before: { name: 'coastal-before', alt: 'Before: a plain, dated bathroom with beige tile and a builder-grade vanity' },
      after: { name: 'coastal-after', alt: 'After: the same bathroom redesigned in the Coastal style' },
    },
    title: 'Beach-house calm',
    description:
      'White shiplap walls, a painted vanity in sea-glass blue and pale wood underfoot. Brushed nickel, a rope mirror and striped towels finish the look without a single seashell.',
    changes: ['White shiplap', 'Sea-glass vanity', 'Pale wood floor', 'Brushed nickel'],
  },
  {
    styleId: 'mid-century-modern',
    photos: {
      before: { name: 'mid-century-modern-before', alt: 'Before: a plain, dated bathroom with beige tile and a builder-grade vanity' },
      after: { name: 'mid-century-modern-after', alt: 'After: the same bathroom redesigned in the Mid Century Modern style' },
    },
    title: 'Warm retro, walnut and brass',
    description:
      'Glossy handmade-look tile, a terrazzo floor and a walnut vanity on slim legs. A globe light, a sunburst mirror and a snake plant bring the 1960s back, in warm earth tones.',
    changes: ['Zellige-style tile', 'Terrazzo floor', 'Walnut vanity', 'Brass fittings'],
  },
  {
    styleId: 'scandinavian',
    photos: {
      before: { name: 'scandinavian-before', alt: 'Before: a plain, dated bathroom with beige tile and a builder-grade vanity' },
      after: { name: 'scandinavian-after', alt: 'After: the same bathroom redesigned in the Scandinavian style' },
    },
    title: 'Bright, simple and warm',
    description:
      'Soft white walls, a light oak floor and an oak vanity with matte black taps. A pale stool, a knitted basket and a sprig of eucalyptus keep it from feeling clinical.',
    changes: ['Soft white walls', 'Light oak vanity', 'Oak floor', 'Matte black taps'],
  },
  {
    styleId: 'zen-japandi',
    photos: {
      before: { name: 'zen-japandi-before', alt: 'Before: a plain, dated bathroom with beige tile and a builder-grade vanity' },
      after: { name: 'zen-japandi-after', alt: 'After: the same bathroom redesigned in the Zen Japandi style' },
    },
    title: 'Quiet stone and oak',
    description:
      'Low contrast and natural materials: warm plaster-toned walls, a stone floor and a simple oak vanity. Bamboo, a stone vessel and a wooden bath stool make it a room to slow down in.',
    changes: ['Warm neutral walls', 'Stone floor', 'Oak vanity', 'Matte black fittings'],
  },
]
