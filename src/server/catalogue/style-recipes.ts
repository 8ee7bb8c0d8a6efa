import type { PaletteColors } from '../../shared/catalogue/palettes'
import type { MetalFinish, StyleId } from '../../shared/catalogue/styles'

// Engine parameters per style, beside the `look` in styles.ts (materials, metal, warmth, contrast, saturation).
// The local generation engine reads these as data: a style is tuned here, never by a code branch.

/** A palette colour, named by the surface the palette chose it for. */
export type PaletteRole = keyof PaletteColors

/** A colour taken from the palette, optionally made lighter/darker (ΔL* in CIELAB) or more/less chromatic. */
export type ColourRef = {
  from: PaletteRole
  /** Added to the colour's CIELAB lightness. */
  lightness?: number
  /** Multiplies the colour's CIELAB chroma. */
  chroma?: number
  /**
   * Turns the colour's hue (CIELAB hue angle, degrees) `share` of the way towards `toward`. The engine bounds the
   * turn and fades it on strongly coloured palette colours, so it tints neutrals (a blush, a terracotta) without
   * repainting a palette's own colours.
   */
  hue?: { toward: number; share: number }
}

export type SurfaceFinish = {
  /** The colour the surface is dressed in. */
  colour: ColourRef
  /** The material's second colour: grout, veins, stripes, dots, petals, chips, alternate squares. */
  secondary: ColourRef
  /** A third colour for scattered accents: glaze variation, leaves, feature tiles. */
  tertiary: ColourRef
  /** Size of one pattern repeat against the material's natural size (1 = real-world size). */
  scale: number
  /** How strongly the material's relief and tone variation shows (1 = natural). */
  strength: number
  /** How much of the photo's own surface texture survives under the new material (0 none, 1 all). */
  keepDetail: number
}

export type PaintFinish = 'flat' | 'plaster' | 'limewash'

export type CountertopMaterial = 'marble' | 'stone' | 'concrete' | 'wood' | 'terrazzo' | 'plaster'

export type StyleGrade = {
  /** Darkening of the corners, 0 none … 0.5 strong. */
  vignette: number
  /** Film grain amplitude in 8-bit code values. */
  grain: number
  /** Colours the shadows and the highlights are nudged towards (split toning). */
  shadowTint: string
  highlightTint: string
  /** 0 none … 1 strong. */
  splitToning: number
  /** Lifts the blacks for a soft, matte print (0 none … 0.1 strong). */
  fade: number
}

export type StyleRecipe = {
  walls: SurfaceFinish
  floor: SurfaceFinish
  cabinetry: SurfaceFinish
  /** The vanity top: a stone, wood or solid surface, in palette colours (veins or grain in the second). */
  countertop: { material: CountertopMaterial; finish: SurfaceFinish }
  /** Texture of walls whose material is paint (and of the ceiling). */
  paint: PaintFinish
  ceiling: ColourRef
  /** Porcelain: basin, toilet, bath; also other bright, smooth, near-white objects. */
  fixtures: ColourRef
  /** Towels, textiles and small colourful objects. */
  accents: ColourRef
  /** Colours furniture and other objects are mapped onto by their lightness (a gradient map that also holds `fixtures`). */
  objects: readonly ColourRef[]
  grade: StyleGrade
}

/** A palette colour by role, optionally shifted: ref('cabinetry', -8) is the cabinetry colour 8 L* darker. */
function ref(from: PaletteRole, lightness = 0, chroma = 1): ColourRef {
  return lightness === 0 && chroma === 1 ? { from } : chroma === 1 ? { from, lightness } : { from, lightness, chroma }
}

/** A colour reference with its hue turned towards `toward` degrees (see ColourRef.hue). */
function tint(reference: ColourRef, toward: number, share = 1): ColourRef {
  return { ...reference, hue: { toward, share } }
}

function finish(colour: ColourRef, secondary: ColourRef, tertiary: ColourRef, scale = 1, strength = 1, keepDetail = 0.35): SurfaceFinish {
  return { colour, secondary, tertiary, scale, strength, keepDetail }
}

/** A countertop in `from`'s colour (shifted `lightness` L*), veined or grained towards `veinFrom`. */
function top(material: CountertopMaterial, from: PaletteRole, veinFrom: PaletteRole, lightness = 0): StyleRecipe['countertop'] {
  return { material, finish: finish(ref(from, lightness), ref(veinFrom, lightness - 10, 0.7), ref(from, lightness + 4), 1, 1, 0.3) }
}

function grade(vignette: number, grain: number, shadowTint: string, highlightTint: string, splitToning: number, fade: number): StyleGrade {
  return { vignette, grain, shadowTint, highlightTint, splitToning, fade }
}

/** CIELAB hue angles the kids' and Mediterranean styles tint neutral palette colours towards. */
const BLUSH = 15
const TERRACOTTA = 44
const RUST = 30
const OCHRE = 62
const MUSTARD = 90
const BORDEAUX = 20
const SEA_GLASS = 200

// Styles are told apart mostly by which palette colour dresses which surface, at which lightness, in which
// material; grading adds the light. Second colours stay near the palette so the palette still reads.
export const STYLE_RECIPES: Readonly<Record<StyleId, StyleRecipe>> = {
  minimalist: {
    walls: finish(ref('trim', -8, 0), ref('trim', -14, 0), ref('trim', -8, 0), 1.2, 0.7, 0.3),
    floor: finish(ref('floor'), ref('floor', -7), ref('floor'), 1.2, 0.7, 0.3),
    cabinetry: finish(ref('trim'), ref('trim'), ref('trim'), 1, 0.5, 0.5),
    countertop: top('plaster', 'trim', 'trim'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent'),
    objects: [ref('walls'), ref('trim')],
    grade: grade(0.05, 0.5, '#3C4650', '#FFFFFF', 0.12, 0),
  },
  'organic-modern': {
    walls: finish(ref('floor'), ref('floor', -4), ref('accent'), 1, 1, 0.4),
    floor: finish(ref('floor'), ref('floor', -8), ref('accent'), 1, 1, 0.3),
    cabinetry: finish(ref('cabinetry'), ref('cabinetry', -10), ref('cabinetry', 6), 1, 1, 0.3),
    countertop: top('stone', 'floor', 'floor', 4),
    paint: 'plaster',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('floor'),
    objects: [ref('cabinetry'), ref('accent'), ref('trim')],
    grade: grade(0.14, 1, '#5A4A3A', '#FFF4E0', 0.25, 0.02),
  },
  scandinavian: {
    walls: finish(ref('walls', 6, 0.2), ref('walls', 6, 0.2), ref('walls', 6, 0.2), 1, 1, 0.45),
    floor: finish(ref('floor', 8), ref('floor', -2), ref('floor', 12), 1, 0.8, 0.3),
    cabinetry: finish(ref('floor', 8), ref('floor', -2), ref('floor', 12), 1, 0.8, 0.3),
    countertop: top('wood', 'floor', 'floor', 8),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent', -6),
    objects: [ref('cabinetry', -30, 0.3), ref('floor', 8), ref('trim')],
    grade: grade(0.05, 0.5, '#404850', '#FFFDF6', 0.1, 0.03),
  },
  contemporary: {
    walls: finish(ref('floor', -10, 0.1), ref('floor', 2, 0.1), ref('floor', -10, 0.1), 1, 0.9, 0.3),
    floor: finish(ref('walls', -10), ref('walls', -16), ref('walls', -6), 1, 1, 0.3),
    cabinetry: finish(ref('cabinetry', -12), ref('cabinetry', -12), ref('cabinetry', -12), 1, 0.5, 0.4),
    countertop: top('marble', 'trim', 'cabinetry'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent'),
    objects: [ref('cabinetry', -16), ref('trim')],
    grade: grade(0.12, 0.5, '#2E3A44', '#F4F8FF', 0.25, 0),
  },
  traditional: {
    walls: finish(ref('accent', -12, 1.5), ref('accent', -20, 1.5), ref('accent', -12, 1.5), 1, 1, 0.35),
    floor: finish(ref('trim'), ref('accent', -4, 0.6), ref('walls'), 1, 1, 0.3),
    cabinetry: finish(ref('walls'), ref('walls', -8), ref('walls'), 1, 0.6, 0.4),
    countertop: top('marble', 'trim', 'walls'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('cabinetry'),
    objects: [ref('cabinetry'), ref('walls')],
    grade: grade(0.16, 1, '#4A3C30', '#FFF6E8', 0.2, 0),
  },
  farmhouse: {
    walls: finish(ref('trim', 0, 2.3), ref('trim', -12, 2.3), ref('trim', 0, 2.3), 1, 1, 0.35),
    floor: finish(ref('cabinetry'), ref('cabinetry', -8), ref('floor'), 1, 1.1, 0.3),
    cabinetry: finish(ref('floor'), ref('floor', -8), ref('floor', 6), 1, 1, 0.3),
    countertop: top('wood', 'cabinetry', 'cabinetry'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent'),
    objects: [ref('cabinetry'), ref('accent'), ref('trim')],
    grade: grade(0.16, 1, '#4F4030', '#FFF2DC', 0.3, 0.03),
  },
  industrial: {
    walls: finish(ref('cabinetry', -3, 0.2), ref('cabinetry', -9, 0.2), ref('cabinetry', 3, 0.2), 1, 1.3, 0.35),
    floor: finish(ref('floor', -10), ref('floor', -16), ref('floor', -4), 1, 1.2, 0.3),
    cabinetry: finish(ref('cabinetry', -18), ref('cabinetry', -26), ref('cabinetry', -10), 1, 1.2, 0.3),
    countertop: top('concrete', 'cabinetry', 'cabinetry', -4),
    paint: 'flat',
    ceiling: ref('cabinetry', -6),
    fixtures: ref('trim', -4),
    accents: ref('accent'),
    objects: [ref('cabinetry', -24, 0.5), ref('accent'), ref('trim')],
    grade: grade(0.3, 2.5, '#24343C', '#FFF0DA', 0.45, 0),
  },
  'mid-century-modern': {
    walls: finish(tint(ref('cabinetry', 2, 1.6), MUSTARD), tint(ref('cabinetry', 14, 1.6), MUSTARD), ref('floor'), 1, 1, 0.3),
    floor: finish(ref('trim'), ref('cabinetry'), ref('floor'), 1, 1, 0.3),
    cabinetry: finish(ref('floor', -8), ref('floor', -16), ref('floor'), 1, 1, 0.3),
    countertop: top('terrazzo', 'trim', 'floor'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('floor'),
    objects: [ref('floor'), ref('accent'), ref('trim')],
    grade: grade(0.18, 1.5, '#3A3020', '#FFEBC8', 0.35, 0.04),
  },
  coastal: {
    walls: finish(tint(ref('walls', 0, 1.4), SEA_GLASS), tint(ref('walls', -12, 1.4), SEA_GLASS), tint(ref('walls', 0, 1.4), SEA_GLASS), 1, 1, 0.35),
    floor: finish(ref('trim', -8), ref('trim', -16), ref('floor'), 1, 1, 0.3),
    cabinetry: finish(ref('cabinetry'), ref('cabinetry'), ref('cabinetry'), 1, 0.6, 0.4),
    countertop: top('marble', 'trim', 'walls'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent'),
    objects: [ref('accent'), ref('trim')],
    grade: grade(0.06, 0.5, '#2A4858', '#F2FBFF', 0.3, 0.02),
  },
  rustic: {
    walls: finish(ref('floor', -7), ref('floor', -15), ref('floor', -1), 1.3, 1.3, 0.3),
    floor: finish(ref('cabinetry', -4), ref('cabinetry', -12), ref('cabinetry', 6), 1, 1.3, 0.3),
    cabinetry: finish(ref('cabinetry'), ref('cabinetry', -10), ref('cabinetry', 6), 1, 1.2, 0.3),
    countertop: top('wood', 'cabinetry', 'cabinetry', -6),
    paint: 'plaster',
    ceiling: ref('floor', -10),
    fixtures: ref('trim'),
    accents: ref('accent'),
    objects: [ref('cabinetry', -10), ref('accent'), ref('trim')],
    grade: grade(0.32, 2, '#3C2814', '#FFE6C0', 0.45, 0),
  },
  mediterranean: {
    walls: finish(tint(ref('accent', -8, 2.2), TERRACOTTA), tint(ref('accent', -12, 2.2), TERRACOTTA), tint(ref('accent', -2, 1.6), TERRACOTTA), 1, 1.2, 0.35),
    floor: finish(ref('floor', -6), ref('trim', -4), ref('cabinetry'), 1, 1, 0.3),
    cabinetry: finish(ref('accent', -6), ref('accent', -14), ref('accent'), 1, 1, 0.3),
    countertop: top('stone', 'floor', 'accent'),
    paint: 'limewash',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('cabinetry'),
    objects: [ref('floor'), ref('accent'), ref('trim')],
    grade: grade(0.2, 1, '#4A3020', '#FFEED0', 0.35, 0),
  },
  glam: {
    // Pale marble walls veined in a taupe from the cabinetry colour (visible at card size), a dark polished floor
    // veined light, a lacquered vanity.
    walls: finish(ref('trim', -3), ref('cabinetry', 10, 0.4), ref('accent', 0, 0.4), 1, 1.3, 0.3),
    floor: finish(ref('cabinetry', -6, 0.8), ref('trim', -12, 0.3), ref('cabinetry', 6), 1, 1.2, 0.3),
    cabinetry: finish(ref('cabinetry', -10), ref('cabinetry', -10), ref('cabinetry', -10), 1, 0.5, 0.4),
    countertop: top('marble', 'trim', 'cabinetry'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent'),
    objects: [ref('cabinetry', -10), ref('accent'), ref('trim')],
    grade: grade(0.22, 1, '#2A1830', '#FFF0D8', 0.35, 0),
  },
  transitional: {
    walls: finish(ref('accent', -3, 0.1), ref('accent', -11, 0.1), ref('accent', -3, 0.1), 1, 1, 0.35),
    floor: finish(ref('floor'), ref('floor', -8), ref('floor', 6), 1, 1, 0.3),
    cabinetry: finish(ref('accent', -4), ref('accent', -10), ref('accent', -4), 1, 0.5, 0.4),
    countertop: top('marble', 'trim', 'accent'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('cabinetry'),
    objects: [ref('cabinetry'), ref('accent', -4), ref('walls')],
    grade: grade(0.1, 0.5, '#38404A', '#FBFAF6', 0.15, 0),
  },
  eclectic: {
    walls: finish(tint(ref('cabinetry', -5, 1.25), RUST, 0.6), tint(ref('cabinetry', 7, 1.25), RUST, 0.6), ref('accent', -10), 1.6, 1, 0.6),
    floor: finish(ref('trim'), ref('cabinetry', -4), ref('floor'), 1, 1, 0.3),
    cabinetry: finish(ref('accent'), ref('accent', -8), ref('accent'), 1, 0.5, 0.4),
    countertop: top('terrazzo', 'trim', 'accent'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('walls'),
    objects: [ref('accent'), ref('walls'), ref('floor')],
    grade: grade(0.18, 1.5, '#30203A', '#FFF2E0', 0.3, 0),
  },
  'zen-japandi': {
    walls: finish(ref('floor', -12, 0.5), ref('floor', -12, 0.5), ref('floor', -16, 0.5), 1, 0.8, 0.4),
    floor: finish(ref('cabinetry', 10, 0.5), ref('cabinetry', 4, 0.5), ref('cabinetry', 14, 0.5), 1.2, 0.7, 0.3),
    cabinetry: finish(ref('floor', 4), ref('floor', -4), ref('floor', 8), 1, 0.7, 0.3),
    countertop: top('wood', 'cabinetry', 'cabinetry', 10),
    paint: 'plaster',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent', 0, 0.6),
    objects: [ref('cabinetry', -30, 0.4), ref('accent', 0, 0.6), ref('trim')],
    grade: grade(0.08, 1, '#3C4038', '#FBF8F0', 0.2, 0.08),
  },
  victorian: {
    walls: finish(tint(ref('cabinetry', -12, 0.75), BORDEAUX, 0.7), tint(ref('cabinetry', -4, 0.75), BORDEAUX, 0.7), ref('cabinetry', 6, 0.5), 1, 1, 0.5),
    floor: finish(ref('trim'), ref('floor'), ref('cabinetry'), 1, 1, 0.3),
    cabinetry: finish(ref('cabinetry', -6), ref('cabinetry', -14), ref('cabinetry'), 1, 1, 0.3),
    countertop: top('marble', 'trim', 'cabinetry'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent'),
    objects: [ref('cabinetry', -10), ref('accent'), ref('trim')],
    grade: grade(0.34, 1.5, '#2A1A12', '#FFE8C8', 0.4, 0),
  },
  bohemian: {
    walls: finish(tint(ref('floor', -2, 2.2), OCHRE), tint(ref('floor', 8, 2.2), OCHRE), ref('accent'), 1, 1.2, 0.3),
    floor: finish(ref('walls'), ref('accent'), ref('cabinetry'), 1, 1, 0.3),
    cabinetry: finish(ref('floor', -4), ref('floor', -12), ref('floor'), 1, 1, 0.3),
    countertop: top('terrazzo', 'walls', 'accent'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('cabinetry'),
    objects: [ref('cabinetry'), ref('floor'), ref('trim')],
    grade: grade(0.2, 1.5, '#40281A', '#FFE4C0', 0.4, 0.04),
  },
  'french-country': {
    walls: finish(ref('accent', 5, 1.3), ref('accent', -3, 1.3), ref('accent', 5, 1.3), 1, 1, 0.35),
    floor: finish(ref('cabinetry', 6), ref('cabinetry', -2), ref('cabinetry', 10), 1, 1, 0.3),
    cabinetry: finish(ref('walls', -8, 0.6), ref('walls', -14, 0.6), ref('walls', -8, 0.6), 1, 0.8, 0.4),
    countertop: top('marble', 'trim', 'walls'),
    paint: 'limewash',
    ceiling: ref('trim'),
    fixtures: ref('trim', -6, 1.5),
    accents: ref('accent'),
    objects: [ref('floor'), ref('accent', 0, 1.3)],
    grade: grade(0.18, 1, '#4A4038', '#FFF8EC', 0.25, 0.05),
  },
  'kids-bathroom': {
    walls: finish(ref('walls', -6, 2.6), ref('accent', 0, 1.5), ref('cabinetry', 0, 1.5), 1.3, 1, 0.5),
    floor: finish(ref('trim'), ref('cabinetry', 0, 1.4), ref('accent'), 1.2, 1, 0.3),
    cabinetry: finish(ref('accent', 0, 1.5), ref('accent'), ref('accent'), 1, 0.4, 0.4),
    countertop: top('plaster', 'trim', 'trim'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('cabinetry', -6, 1.8),
    objects: [ref('cabinetry', 0, 1.6), ref('accent', 0, 1.5), ref('walls', 0, 1.6)],
    grade: grade(0.04, 0.5, '#404048', '#FFFDF0', 0.1, 0),
  },
  'little-girls-bathroom': {
    walls: finish(tint(ref('trim', 0, 3.5), BLUSH), tint(ref('walls', -10, 2.5), BLUSH), ref('cabinetry'), 1.4, 1, 0.4),
    floor: finish(ref('trim'), tint(ref('walls', -6, 1.5), BLUSH), ref('accent'), 1.2, 1, 0.3),
    cabinetry: finish(tint(ref('walls', -8, 1.6), BLUSH), tint(ref('walls', -8, 1.6), BLUSH), tint(ref('walls', -8, 1.6), BLUSH), 1, 0.4, 0.4),
    countertop: top('plaster', 'trim', 'trim'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: tint(ref('walls', -12, 2), BLUSH),
    objects: [tint(ref('walls', -8, 1.8), BLUSH), ref('cabinetry', 0, 1.4), ref('trim')],
    grade: grade(0.05, 0.5, '#483A40', '#FFF4F6', 0.15, 0),
  },
  'little-boys-bathroom': {
    walls: finish(ref('trim'), ref('accent', -4, 1.6), ref('cabinetry'), 2, 1, 0.5),
    floor: finish(ref('trim'), ref('accent', -14, 1.4), ref('accent'), 1.2, 1, 0.3),
    cabinetry: finish(ref('accent', -12, 1.4), ref('accent', -12, 1.4), ref('accent', -12, 1.4), 1, 0.4, 0.4),
    countertop: top('plaster', 'trim', 'trim'),
    paint: 'flat',
    ceiling: ref('trim'),
    fixtures: ref('trim'),
    accents: ref('accent', -10, 1.6),
    objects: [ref('accent', -14, 1.4), ref('cabinetry', 0, 1.3), ref('trim')],
    grade: grade(0.06, 0.5, '#1C2C48', '#F8FBFF', 0.15, 0),
  },
}

export function findStyleRecipe(id: StyleId): StyleRecipe {
  return STYLE_RECIPES[id]
}

/** How the engine renders each fixture metal finish: its colour, and how it treats the photo's highlights. */
export type MetalFinishLook = {
  colour: string
  /** Multiplier on the light and shade across the metal: above 1 polished and contrasty, below 1 matte. */
  shine: number
}

export const METAL_FINISH_LOOKS: Readonly<Record<MetalFinish, MetalFinishLook>> = {
  chrome: { colour: '#D9DEE3', shine: 1.25 },
  'brushed-nickel': { colour: '#BFB8AA', shine: 0.8 },
  'matte-black': { colour: '#262626', shine: 0.45 },
  brass: { colour: '#C9A04E', shine: 1.1 },
  copper: { colour: '#B87352', shine: 1.05 },
  bronze: { colour: '#6E5138', shine: 0.85 },
}
