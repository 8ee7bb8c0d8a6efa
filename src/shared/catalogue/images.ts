import { IMAGE_VERSIONS } from './image-versions'
import { STYLE_IDS, type StyleId } from './styles'

// Product imagery rendered by `npm run assets:render` (scripts/assets, docs/assets.md) and committed
// under public/images. Pure data and tiny pure functions: the browser imports this file.

/** Widths every image is committed at (scripts/assets/variants.mjs writes them); all images are 4:3. */
export const IMAGE_SIZES = [480, 720, 960] as const
export type ImageSize = (typeof IMAGE_SIZES)[number]

export const IMAGE_ASPECT_RATIO = 4 / 3
/** Intrinsic size to put on <img width height> so the browser reserves the box (no layout shift). */
export const IMAGE_WIDTH = 960
export const IMAGE_HEIGHT = 720

export const IMAGE_KINDS = ['stock', 'styles', 'gallery', 'hero'] as const
export type ImageKind = (typeof IMAGE_KINDS)[number]

/** The formats committed for each size: AVIF and WebP at every width, a JPEG fallback at 960. */
export const IMAGE_FORMATS = ['avif', 'webp'] as const
export const FALLBACK_FORMAT = 'jpg' as const
export const FALLBACK_WIDTH: ImageSize = 960

/**
 * `sizes` of a card in the page-wide grid of one, two and three columns (`container-page`: 1152 px at most, padded
 * 16/24/32 px; 24 px gaps), so a phone takes the width its screen needs rather than the next larger one: a 375–412 px
 * phone at 1.75–2× shows a card 343–380 px wide, 600–760 device pixels, which the 720 width covers.
 */
export const CARD_SIZES = '(min-width: 1152px) 347px, (min-width: 1024px) calc(33.3vw - 37px), (min-width: 640px) calc(50vw - 36px), calc(100vw - 32px)'

export type ImageSources = {
  /** `srcset` for <source type="image/avif"> */
  avif: string
  /** `srcset` for <source type="image/webp"> */
  webp: string
  /** src of the <img> fallback (JPEG, 960 wide) */
  jpg: string
  width: number
  height: number
}

export function imageHeight(width: number): number {
  return Math.round(width / IMAGE_ASPECT_RATIO)
}

export function imageUrl(kind: ImageKind, name: string, width: ImageSize, format: 'avif' | 'webp' | 'jpg'): string {
  return `/images/${kind}/${name}-${width}.${format}`
}

/**
 * The address a page uses for a committed image: its path with its content version (`?v=`), so the server can
 * let browsers keep it for a year and a re-rendered image gets a new address (decision 0020-static-file-caching).
 */
export function versionedImageUrl(path: string): string {
  const version = IMAGE_VERSIONS[path]
  return version ? `${path}?v=${version}` : path
}

export function imageSources(kind: ImageKind, name: string): ImageSources {
  const url = (width: ImageSize, format: 'avif' | 'webp' | 'jpg') => versionedImageUrl(imageUrl(kind, name, width, format))
  const srcset = (format: 'avif' | 'webp') => IMAGE_SIZES.map((width) => `${url(width, format)} ${width}w`).join(', ')
  return {
    avif: srcset('avif'),
    webp: srcset('webp'),
    jpg: url(FALLBACK_WIDTH, FALLBACK_FORMAT),
    width: IMAGE_WIDTH,
    height: IMAGE_HEIGHT,
  }
}

/** Every file a catalogue entry must have on disk, relative to public/ (used by the asset test). */
export function imageFiles(kind: ImageKind, name: string): { path: string; width: number; height: number }[] {
  const files: { path: string; width: number; height: number }[] = []
  for (const width of IMAGE_SIZES) {
    for (const format of IMAGE_FORMATS) files.push({ path: imageUrl(kind, name, width, format), width, height: imageHeight(width) })
  }
  files.push({ path: imageUrl(kind, name, FALLBACK_WIDTH, FALLBACK_FORMAT), width: FALLBACK_WIDTH, height: imageHeight(FALLBACK_WIDTH) })
  return files
}

export type StockPhoto = { name: string; alt: string }

/** Plain, somewhat dated "before" bathrooms the wizard offers when a visitor has no photo to hand. */
export const STOCK_PHOTOS: readonly StockPhoto[] = [
  { name: 'stock-1', alt: 'A small beige-tiled bathroom with an oak vanity, a globe light bar and a framed glass shower' },
  { name: 'stock-2', alt: 'A family bathroom with pink wall tile, a tub with a shower curtain and a white vanity' },
  { name: 'stock-3', alt: 'A bathroom with a cherry double vanity, a granite top, a wide mirror and a light bar' },
  { name: 'stock-4', alt: 'A small almond-coloured powder room with a pedestal basin and a globe light bar' },
]

/** The style preview for a catalogue style: also the generation fallback sample. */
export function styleImageSources(styleId: StyleId): ImageSources {
  return imageSources('styles', styleId)
}

/** URL the server uses as the fallback sample image for a style. */
export function styleSampleUrl(styleId: StyleId): string {
  return versionedImageUrl(imageUrl('styles', styleId, 960, 'jpg'))
}

export type GalleryItem = {
  styleId: StyleId
  title: string
  description: string
  /** The sample photo (STOCK_PHOTOS) the pair is made from: a visitor who picks it in step 1 gets this design. */
  from: string
  before: string
  after: string
}

// The before of every pair is one of the wizard's sample photos; the after is the built-in engine's redesign of it
// (npm run assets:showcase, decision 0023). Descriptions say what the engine changed in that photo.
export const GALLERY_ITEMS: readonly GalleryItem[] = [
  {
    styleId: 'coastal',
    title: 'Coastal',
    description: 'A pink-tiled bath alcove turned airy with pale blue panelling, a sea-blue vanity and a blue shower curtain.',
    from: 'stock-2',
    before: 'coastal-before',
    after: 'coastal-after',
  },
  {
    styleId: 'mid-century-modern',
    title: 'Mid Century Modern',
    description: 'A beige double vanity reworked in warm mustard tile, a rust-red vanity and brass taps.',
    from: 'stock-3',
    before: 'mid-century-modern-before',
    after: 'mid-century-modern-after',
  },
  {
    styleId: 'scandinavian',
    title: 'Scandinavian',
    description: 'A beige cloakroom with a pedestal basin made bright with white walls, pale wood and matte black fittings.',
    from: 'stock-4',
    before: 'scandinavian-before',
    after: 'scandinavian-after',
  },
  {
    styleId: 'zen-japandi',
    title: 'Zen Japandi',
    description: 'A tiled shower room calmed with soft greige walls, a pale oak vanity and black fittings.',
    from: 'stock-1',
    before: 'zen-japandi-before',
    after: 'zen-japandi-after',
  },
]

/**
 * Home-page before/after, made like the gallery's: a sample photo and the built-in engine's redesign of it
 * (npm run assets:showcase regenerates them; tests/integration/showcase.test.ts checks they still match the engine).
 */
export const HERO = {
  styleId: 'organic-modern',
  from: 'stock-3',
  before: { name: 'before', alt: 'A dated bathroom with a red-brown double vanity, a granite top, beige tile and a wide mirror' },
  after: { name: 'after', alt: 'The same bathroom redesigned in Organic Modern by the built-in design engine: warm beige walls and an oak vanity' },
} as const satisfies { styleId: StyleId; from: string; before: { name: string; alt: string }; after: { name: string; alt: string } }

/** Every catalogue entry and its kind, for tests and for preloading. */
export function allImageEntries(): { kind: ImageKind; name: string }[] {
  return [
    ...STOCK_PHOTOS.map((photo) => ({ kind: 'stock' as const, name: photo.name })),
    ...STYLE_IDS.map((id) => ({ kind: 'styles' as const, name: id })),
    ...GALLERY_ITEMS.flatMap((item) => [
      { kind: 'gallery' as const, name: item.before },
      { kind: 'gallery' as const, name: item.after },
    ]),
    { kind: 'hero', name: HERO.before.name },
    { kind: 'hero', name: HERO.after.name },
  ]
}
