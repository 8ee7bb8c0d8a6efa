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

// spec §2 Gallery: four static cards. Each pair is one of the wizard's sample photos and the built-in engine's
// redesign of it (src/shared/catalogue/images.ts, decision 0023): the words say what the engine changed there.
export const GALLERY_ITEMS: readonly GalleryItem[] = [
  {
    styleId: 'coastal',
    photos: {
      before: { name: 'coastal-before', alt: 'Before: a bath alcove with pink tile, a white vanity and a mauve shower curtain' },
      after: { name: 'coastal-after', alt: 'After: the same bathroom redesigned in the Coastal style by the built-in design engine' },
    },
    title: 'Beach-house calm',
    description:
      'Pale blue panelling on the walls, the vanity painted sea blue and the shower curtain in a deeper blue. The bath, the window and the mirror stay exactly as they were.',
    changes: ['Pale blue panelling', 'Sea-blue vanity', 'Blue curtain', 'Brushed nickel'],
  },
  {
    styleId: 'mid-century-modern',
    photos: {
      before: { name: 'mid-century-modern-before', alt: 'Before: a beige bathroom with a red-brown double vanity and a granite top' },
      after: { name: 'mid-century-modern-after', alt: 'After: the same bathroom redesigned in the Mid Century Modern style by the built-in design engine' },
    },
    title: 'Warm retro, mustard and brass',
    description:
      'Warm mustard tile on every wall, the double vanity in rust red and brass on the taps: the 1960s in earth tones. The mirror and the light bar are kept.',
    changes: ['Mustard wall tile', 'Rust-red vanity', 'Brass taps'],
  },
  {
    styleId: 'scandinavian',
    photos: {
      before: { name: 'scandinavian-before', alt: 'Before: a beige cloakroom with a pedestal basin, half-tiled walls and a window' },
      after: { name: 'scandinavian-after', alt: 'After: the same bathroom redesigned in the Scandinavian style by the built-in design engine' },
    },
    title: 'Bright, simple and calm',
    description:
      'Soft white walls and floor, with matte black on the taps and the towel rail. The pedestal basin, the window and the mirror stay as they were.',
    changes: ['Soft white walls', 'Pale floor', 'Matte black fittings'],
  },
  {
    styleId: 'zen-japandi',
    photos: {
      before: { name: 'zen-japandi-before', alt: 'Before: a shower room with beige tile, an orange wood vanity and a glass shower' },
      after: { name: 'zen-japandi-after', alt: 'After: the same bathroom redesigned in the Zen Japandi style by the built-in design engine' },
    },
    title: 'Quiet greige and oak',
    description:
      'Low contrast and natural tones: warm greige walls, a pale oak vanity and black fittings. The shower glass keeps what is behind it, so the old tile still shows through.',
    changes: ['Greige walls', 'Pale oak vanity', 'Black fittings'],
  },
]
