import type { NamedPaletteId } from './palettes'
import { IMAGE_VERSIONS } from './image-versions'

// spec §3: the 21 style ids, in the order the product shows them.
export const STYLE_IDS = [
  'minimalist',
  'organic-modern',
  'scandinavian',
  'contemporary',
  'traditional',
  'farmhouse',
  'industrial',
  'mid-century-modern',
  'coastal',
  'rustic',
  'mediterranean',
  'glam',
  'transitional',
  'eclectic',
  'zen-japandi',
  'victorian',
  'bohemian',
  'french-country',
  'kids-bathroom',
  'little-girls-bathroom',
  'little-boys-bathroom',
] as const

export type StyleId = (typeof STYLE_IDS)[number]

export function isStyleId(value: unknown): value is StyleId {
  return typeof value === 'string' && (STYLE_IDS as readonly string[]).includes(value)
}

/** Surface finishes a style dresses walls, floors and cabinetry in. Shared by the local engine and the render pipeline. */
export type Material =
  | 'paint'
  | 'subway-tile'
  | 'zellige'
  | 'marble'
  | 'wood'
  | 'concrete'
  | 'terrazzo'
  | 'shiplap'
  | 'wallpaper-floral'
  | 'wallpaper-stripes'
  | 'wallpaper-dots'
  | 'hex-tile'
  | 'checkerboard'
  | 'stone'
  | 'large-tile'
  | 'herringbone'
  | 'beadboard'
  | 'brick'

export type MetalFinish = 'chrome' | 'brushed-nickel' | 'matte-black' | 'brass' | 'copper' | 'bronze'

export type StyleLook = {
  walls: Material
  floor: Material
  cabinetry: Material
  metal: MetalFinish
  /** Colour grading: -1 cool … +1 warm. */
  warmth: number
  /** -1 flat … +1 punchy. */
  contrast: number
  /** -1 muted … +1 vivid. */
  saturation: number
  /** Props that make the style readable in a scene (render pipeline, product lists). */
  props: readonly string[]
}

export type Style = {
  id: StyleId
  name: string
  description: string
  /** The palette "surprise-me" resolves to for this style. */
  signaturePalette: NamedPaletteId
  look: StyleLook
}

export const STYLES: readonly Style[] = [
  {
    id: 'minimalist',
    name: 'Minimalist',
    description: 'Clean lines, hidden storage and nothing that does not earn its place.',
    signaturePalette: 'monochromatic-whites',
    look: { walls: 'large-tile', floor: 'large-tile', cabinetry: 'paint', metal: 'brushed-nickel', warmth: -0.2, contrast: 0.15, saturation: -0.45, props: ['single white towel', 'glass vessel'] },
  },
  {
    id: 'organic-modern',
    name: 'Organic Modern',
    description: 'Soft curves, natural wood and textured plaster in calm, earthy tones.',
    signaturePalette: 'warm-neutrals',
    look: { walls: 'paint', floor: 'stone', cabinetry: 'wood', metal: 'brass', warmth: 0.35, contrast: -0.1, saturation: -0.05, props: ['olive tree', 'linen towels', 'round mirror'] },
  },
  {
    id: 'scandinavian',
    name: 'Scandinavian',
    description: 'Light oak, white walls and cosy textiles: bright, simple and warm.',
    signaturePalette: 'monochromatic-whites',
    look: { walls: 'paint', floor: 'wood', cabinetry: 'wood', metal: 'matte-black', warmth: 0.1, contrast: -0.05, saturation: -0.2, props: ['pale oak stool', 'knitted basket', 'eucalyptus'] },
  },
  {
    id: 'contemporary',
    name: 'Contemporary',
    description: 'Floating vanity, large-format tile and crisp lighting for a current look.',
    signaturePalette: 'warm-grays',
    look: { walls: 'large-tile', floor: 'concrete', cabinetry: 'paint', metal: 'matte-black', warmth: -0.25, contrast: 0.35, saturation: -0.1, props: ['backlit mirror', 'sculptural vase'] },
  },
  {
    id: 'traditional',
    name: 'Traditional',
    description: 'Raised-panel cabinetry, classic marble and polished fittings that never date.',
    signaturePalette: 'warm-neutrals',
    look: { walls: 'beadboard', floor: 'marble', cabinetry: 'paint', metal: 'brushed-nickel', warmth: 0.2, contrast: 0.15, saturation: 0.1, props: ['framed mirror', 'sconces', 'embroidered towels'] },
  },
  {
    id: 'farmhouse',
    name: 'Farmhouse',
    description: 'Shiplap, reclaimed wood and vintage fittings with relaxed country charm.',
    signaturePalette: 'warm-neutrals',
    look: { walls: 'shiplap', floor: 'wood', cabinetry: 'wood', metal: 'matte-black', warmth: 0.55, contrast: 0, saturation: -0.1, props: ['galvanised bucket', 'cotton flowers', 'ladder towel rail'] },
  },
  {
    id: 'industrial',
    name: 'Industrial',
    description: 'Raw concrete, black steel and exposed bulbs with a warehouse edge.',
    signaturePalette: 'warm-grays',
    look: { walls: 'concrete', floor: 'concrete', cabinetry: 'wood', metal: 'matte-black', warmth: 0, contrast: 0.45, saturation: -0.4, props: ['exposed bulbs', 'steel shelving', 'pipe towel rail'] },
  },
  {
    id: 'mid-century-modern',
    name: 'Mid Century Modern',
    description: 'Walnut, tapered legs and graphic tile in warm retro colours.',
    signaturePalette: 'earth-tones',
    look: { walls: 'zellige', floor: 'terrazzo', cabinetry: 'wood', metal: 'brass', warmth: 0.4, contrast: 0.2, saturation: 0.25, props: ['globe light', 'snake plant', 'sunburst mirror'] },
  },
  {
    id: 'coastal',
    name: 'Coastal',
    description: 'White shiplap, pale blues and driftwood: the beach house feeling.',
    signaturePalette: 'spa-blues',
    look: { walls: 'shiplap', floor: 'wood', cabinetry: 'paint', metal: 'brushed-nickel', warmth: -0.35, contrast: -0.1, saturation: 0.15, props: ['rope mirror', 'driftwood', 'striped towels'] },
  },
  {
    id: 'rustic',
    name: 'Rustic',
    description: 'Rough-hewn timber, natural stone and hammered copper by the fire.',
    signaturePalette: 'earth-tones',
    look: { walls: 'wood', floor: 'stone', cabinetry: 'wood', metal: 'copper', warmth: 0.65, contrast: 0.2, saturation: 0, props: ['wooden stool', 'wool throw', 'antler hook'] },
  },
  {
    id: 'mediterranean',
    name: 'Mediterranean',
    description: 'Sun-baked terracotta, patterned tile and limewashed walls.',
    signaturePalette: 'earth-tones',
    look: { walls: 'paint', floor: 'hex-tile', cabinetry: 'wood', metal: 'bronze', warmth: 0.5, contrast: 0.15, saturation: 0.25, props: ['arched mirror', 'terracotta pots', 'olive branches'] },
  },
  {
    id: 'glam',
    name: 'Glam',
    description: 'Marble, brass and mirrored sparkle for hotel-suite luxury.',
    signaturePalette: 'jewel-tones',
    look: { walls: 'marble', floor: 'marble', cabinetry: 'paint', metal: 'brass', warmth: 0.1, contrast: 0.4, saturation: 0.3, props: ['crystal sconces', 'velvet stool', 'gold tray'] },
  },
  {
    id: 'transitional',
    name: 'Transitional',
    description: 'Classic shapes with modern restraint, in soft greys and polished nickel.',
    signaturePalette: 'warm-grays',
    look: { walls: 'subway-tile', floor: 'herringbone', cabinetry: 'paint', metal: 'brushed-nickel', warmth: 0.1, contrast: 0.1, saturation: -0.2, props: ['framed mirror', 'white orchid'] },
  },
  {
    id: 'eclectic',
    name: 'Eclectic',
    description: 'Collected patterns, bold colour and vintage finds that somehow all work.',
    signaturePalette: 'jewel-tones',
    look: { walls: 'wallpaper-floral', floor: 'checkerboard', cabinetry: 'paint', metal: 'brass', warmth: 0.2, contrast: 0.3, saturation: 0.45, props: ['gallery wall', 'patterned rug', 'trailing plant'] },
  },
  {
    id: 'zen-japandi',
    name: 'Zen Japandi',
    description: 'Light oak, stone and low contrast: Japanese calm meets Nordic simplicity.',
    signaturePalette: 'warm-neutrals',
    look: { walls: 'paint', floor: 'stone', cabinetry: 'wood', metal: 'matte-black', warmth: 0.2, contrast: -0.35, saturation: -0.4, props: ['bamboo', 'stone vessel', 'wooden bath stool'] },
  },
  {
    id: 'victorian',
    name: 'Victorian',
    description: 'Clawfoot tub, ornate mirrors and rich patterned tile.',
    signaturePalette: 'dark-moody',
    look: { walls: 'wallpaper-stripes', floor: 'hex-tile', cabinetry: 'wood', metal: 'bronze', warmth: 0.35, contrast: 0.25, saturation: 0.1, props: ['clawfoot tub', 'ornate mirror', 'fern'] },
  },
  {
    id: 'bohemian',
    name: 'Boho',
    description: 'Rattan, plants and layered textiles in a free-spirited mix.',
    signaturePalette: 'earth-tones',
    look: { walls: 'zellige', floor: 'terrazzo', cabinetry: 'wood', metal: 'brass', warmth: 0.7, contrast: 0, saturation: 0.35, props: ['macrame', 'rattan mirror', 'hanging plants'] },
  },
  {
    id: 'french-country',
    name: 'French Country',
    description: 'Soft linen tones, distressed cabinetry and gentle curves from Provence.',
    signaturePalette: 'warm-neutrals',
    look: { walls: 'beadboard', floor: 'herringbone', cabinetry: 'paint', metal: 'bronze', warmth: 0.0, contrast: -0.15, saturation: -0.25, props: ['lavender', 'gilded mirror', 'linen curtain'] },
  },
  {
    id: 'kids-bathroom',
    name: 'Kids Bathroom',
    description: 'Bright, playful and easy to clean, with step stools and fun colour.',
    signaturePalette: 'pastels',
    look: { walls: 'wallpaper-dots', floor: 'checkerboard', cabinetry: 'paint', metal: 'chrome', warmth: 0.1, contrast: 0.15, saturation: 0.6, props: ['step stool', 'rubber ducks', 'hooded towels'] },
  },
  {
    id: 'little-girls-bathroom',
    name: 'Little Girls Bathroom',
    description: 'Blush pinks, scalloped tile and sweet touches a little one will love.',
    signaturePalette: 'pastels',
    look: { walls: 'wallpaper-floral', floor: 'hex-tile', cabinetry: 'paint', metal: 'brass', warmth: 0.35, contrast: 0, saturation: 0.5, props: ['flower mirror', 'pink towels', 'bunny step stool'] },
  },
  {
    id: 'little-boys-bathroom',
    name: 'Little Boys Bathroom',
    description: 'Bold blues, stripes and adventure themes for a fun, sturdy space.',
    signaturePalette: 'spa-blues',
    look: { walls: 'wallpaper-stripes', floor: 'checkerboard', cabinetry: 'paint', metal: 'chrome', warmth: -0.1, contrast: 0.2, saturation: 0.6, props: ['rocket hooks', 'navy towels', 'step stool'] },
  },
]

export function findStyle(id: string): Style | undefined {
  return STYLES.find((style) => style.id === id)
}

/** spec §2 My Designs: style name in title case ("mid-century-modern" → "Mid Century Modern"). */
export function styleTitle(id: string): string {
  return findStyle(id)?.name ?? id.split(/[-_\s]+/).map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join(' ')
}

/** The style's sample photograph, shown when a generation falls back (spec §8). Served as a public static file. */
export function sampleImagePath(id: StyleId): string {
  const path = `/images/styles/${id}-960.jpg`
  // With its content version, as every page address of a committed image (images.ts, versionedImageUrl).
  const version = IMAGE_VERSIONS[path]
  return version ? `${path}?v=${version}` : path
}
