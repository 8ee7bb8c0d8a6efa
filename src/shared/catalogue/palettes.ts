// spec §3: palette values; surprise-me (the default) means "none chosen".
export const PALETTE_IDS = [
  'surprise-me',
  'monochromatic-whites',
  'warm-neutrals',
  'warm-grays',
  'spa-blues',
  'earth-tones',
  'bold-contrast',
  'jewel-tones',
  'pastels',
  'dark-moody',
] as const

export type PaletteId = (typeof PALETTE_IDS)[number]

export function isPaletteId(value: unknown): value is PaletteId {
  return typeof value === 'string' && (PALETTE_IDS as readonly string[]).includes(value)
}
export type NamedPaletteId = Exclude<PaletteId, 'surprise-me'>

export const DEFAULT_PALETTE: PaletteId = 'surprise-me'

/**
 * The colours of a palette, by the surface they dress. Hex sRGB.
 * walls: the main wall colour; floor: the floor; cabinetry: vanity and storage;
 * accent: towels, textiles, a feature wall; trim: ceiling, grout, trims.
 */
export type PaletteColors = {
  walls: string
  floor: string
  cabinetry: string
  accent: string
  trim: string
}

export type Palette = {
  id: NamedPaletteId
  name: string
  description: string
  colors: PaletteColors
}

export const PALETTES: readonly Palette[] = [
  {
    id: 'monochromatic-whites',
    name: 'Monochromatic Whites',
    description: 'Layered whites and soft ivory for a bright, airy room.',
    colors: { walls: '#F4F2EE', floor: '#E4E1DA', cabinetry: '#FBFAF7', accent: '#D9D4CA', trim: '#FFFFFF' },
  },
  {
    id: 'warm-neutrals',
    name: 'Warm Neutrals',
    description: 'Cream, sand and caramel: calm and welcoming.',
    colors: { walls: '#EDE3D3', floor: '#C9B49A', cabinetry: '#A8865F', accent: '#D8C3A5', trim: '#F7F1E7' },
  },
  {
    id: 'warm-grays',
    name: 'Warm Grays',
    description: 'Greige and taupe with a soft, grounded warmth.',
    colors: { walls: '#D6D1CA', floor: '#9E978E', cabinetry: '#7D766E', accent: '#B8AFA4', trim: '#EEEBE6' },
  },
  {
    id: 'spa-blues',
    name: 'Spa Blues',
    description: 'Sea glass, mist and soft aqua for a spa feeling.',
    colors: { walls: '#D5E6EA', floor: '#E8ECEA', cabinetry: '#7FA7B5', accent: '#5E8FA3', trim: '#F5F8F8' },
  },
  {
    id: 'earth-tones',
    name: 'Earth Tones',
    description: 'Terracotta, olive and clay drawn from nature.',
    colors: { walls: '#E3D2BD', floor: '#A8674A', cabinetry: '#6F6A3F', accent: '#C07A50', trim: '#F2E8DA' },
  },
  {
    id: 'bold-contrast',
    name: 'Bold Contrast',
    description: 'Crisp black against bright white, with graphic punch.',
    colors: { walls: '#F7F7F5', floor: '#1E1E1E', cabinetry: '#111111', accent: '#C9A227', trim: '#FFFFFF' },
  },
  {
    id: 'jewel-tones',
    name: 'Jewel Tones',
    description: 'Emerald, sapphire and amethyst: rich and luxurious.',
    colors: { walls: '#1F5E4F', floor: '#E9E4DA', cabinetry: '#233A6B', accent: '#6B2D5C', trim: '#F3EFE6' },
  },
  {
    id: 'pastels',
    name: 'Pastels',
    description: 'Blush, mint and butter yellow: soft and cheerful.',
    colors: { walls: '#F6D9DA', floor: '#F3EEDB', cabinetry: '#BFE3D0', accent: '#F7E3A1', trim: '#FFFDF8' },
  },
  {
    id: 'dark-moody',
    name: 'Dark & Moody',
    description: 'Charcoal, ink and deep green for dramatic evenings.',
    colors: { walls: '#2F3437', floor: '#3A3631', cabinetry: '#1F2A2A', accent: '#7A5C3E', trim: '#4A4F52' },
  },
]

export function findPalette(id: PaletteId): Palette | undefined {
  return PALETTES.find((palette) => palette.id === id)
}

/** Label for the palette dropdown, including the "none chosen" default. */
export function paletteLabel(id: PaletteId): string {
  return id === 'surprise-me' ? 'Surprise Me' : (findPalette(id)?.name ?? id)
}
