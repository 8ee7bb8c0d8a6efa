import { ALL_CHANGE_GROUPS, changesEverything, keptGroups, normaliseChangeGroups, type ChangeGroup } from '../../shared/change-groups'
import type { RoomType } from '../../shared/generation'
import type { NamedPaletteId, PaletteId } from '../../shared/catalogue/palettes'
import { findStyle, type StyleId } from '../../shared/catalogue/styles'

// The text prompts an image model (issue 5 §5: Replicate Flux Canny/Depth Pro) redesigns a photo with,
// kept as data: a style, palette or room is tuned here, never by a code branch. The words follow the
// `look` in styles.ts (wall, floor and cabinetry materials, metal finish, props) and the colours in
// palettes.ts, so a model's redesign and the local engine's agree on what a style is.
// Style fragments name no colours (the palette decides them), and nothing here mentions a person:
// the control image is an empty room and the redesign should stay one.

export type StylePrompt = {
  /** The style as an adjective before the room: "a coastal bathroom". */
  label: string
  /** Wall and floor surfaces. Room-agnostic. */
  materials: string
  /** Cabinetry or furniture finish and hardware, in any room. */
  cabinetry: string
  /** Vanity, basin, bath, shower and taps; used only when the room is a bathroom. */
  fixtures: string
  /** The props that make the style readable at a glance. */
  decor: string
  lighting: string
  mood: string
}

export type PalettePrompt = {
  /** The palette in a phrase. */
  summary: string
  /** Colour words by the surface palettes.ts colours (walls, floor, cabinetry, accent, trim). */
  walls: string
  floor: string
  cabinetry: string
  accent: string
  trim: string
}

export type RoomPrompt = {
  /** The room as a noun: "living room". */
  noun: string
  /** What the room holds, for rooms without a style-specific fixture list (everything but the bathroom). */
  furnishings: string
}

export const STYLE_PROMPTS: Readonly<Record<StyleId, StylePrompt>> = {
  minimalist: {
    label: 'minimalist',
    materials: 'seamless large-format porcelain tiles on the walls and floor',
    cabinetry: 'handleless flat-panel painted cabinetry with hidden storage and slim brushed nickel details',
    fixtures: 'a floating vanity with an integrated basin, a frameless glass walk-in shower, a wall-hung toilet and slim brushed nickel taps',
    decor: 'a single folded towel, one glass vessel and clear, uncluttered surfaces',
    lighting: 'soft, even recessed lighting and diffuse daylight',
    mood: 'calm, serene and uncluttered',
  },
  'organic-modern': {
    label: 'organic modern',
    materials: 'textured limewash plaster walls and a honed natural stone floor',
    cabinetry: 'rift-sawn oak cabinetry with softly rounded edges and brushed brass pulls',
    fixtures: 'a curved oak vanity with a stone vessel basin, a round mirror, a sculptural freestanding tub and brushed brass taps',
    decor: 'a potted olive tree, stacked linen towels and hand-thrown ceramics',
    lighting: 'warm diffused daylight and softly glowing wall sconces',
    mood: 'calm, earthy and quietly luxurious',
  },
  scandinavian: {
    label: 'Scandinavian',
    materials: 'smooth matte painted walls and wide pale oak floorboards',
    cabinetry: 'light oak slab-front cabinetry with matte black hardware',
    fixtures: 'a light oak vanity with a ceramic basin, a round mirror, a clear glass walk-in shower and matte black taps and towel rail',
    decor: 'a pale oak stool, a knitted wool basket and eucalyptus sprigs in a simple vase',
    lighting: 'bright, soft Nordic daylight and a simple pendant',
    mood: 'bright, simple and cosy',
  },
  contemporary: {
    label: 'contemporary',
    materials: 'large-format porcelain wall tiles and a polished concrete floor',
    cabinetry: 'sleek lacquered flat-panel painted cabinetry with matte black handles',
    fixtures: 'a floating lacquered vanity with an integrated stone basin, a backlit mirror, a frameless walk-in shower and matte black fixtures',
    decor: 'a sculptural vase and crisp rolled towels',
    lighting: 'crisp LED strip lighting and recessed downlights',
    mood: 'sleek, sharp and current',
  },
  traditional: {
    label: 'traditional',
    materials: 'painted beadboard wainscoting with classic crown moulding and a polished Carrara marble floor',
    cabinetry: 'raised-panel painted cabinetry with brushed nickel knobs',
    fixtures: 'a furniture-style raised-panel vanity with a marble top and undermount basin, a framed mirror, a classic roll-top bath and brushed nickel cross-handle taps',
    decor: 'embroidered hand towels and fabric-shaded wall sconces',
    lighting: 'warm sconce light and soft window light',
    mood: 'timeless, elegant and comfortable',
  },
  farmhouse: {
    label: 'farmhouse',
    materials: 'horizontal shiplap walls and a wide-plank reclaimed wood floor',
    cabinetry: 'reclaimed wood cabinetry with matte black cup pulls',
    fixtures: 'a reclaimed wood vanity with an apron-front basin, a black-framed mirror, a freestanding tub and matte black vintage-style taps',
    decor: 'a galvanised metal bucket, dried cotton stems and a wooden ladder towel rail',
    lighting: 'warm light from black metal barn sconces and soft daylight',
    mood: 'relaxed and welcoming, with country charm',
  },
  industrial: {
    label: 'industrial',
    materials: 'raw board-formed concrete walls and a polished concrete floor',
    cabinetry: 'weathered wood cabinetry on a black steel frame with matte black hardware',
    fixtures: 'a wood-and-steel vanity with a concrete trough basin, a black steel-framed glass shower screen, matte black exposed-pipe taps and a pipe towel rail',
    decor: 'open black steel shelving and exposed filament bulbs',
    lighting: 'warm filament bulbs against cool daylight',
    mood: 'raw and urban, with a warehouse edge',
  },
  'mid-century-modern': {
    label: 'mid-century modern',
    materials: 'glossy handmade zellige tile walls and a speckled terrazzo floor',
    cabinetry: 'walnut cabinetry with slatted fronts, tapered legs and brass pulls',
    fixtures: 'a walnut vanity on tapered legs with a rounded basin, a sunburst mirror, a tiled walk-in shower and brass taps',
    decor: 'a snake plant in a ceramic planter and an opal globe light',
    lighting: 'the warm glow of globe lights and low afternoon sun',
    mood: 'warm, graphic and retro',
  },
  coastal: {
    label: 'coastal',
    materials: 'painted shiplap walls and whitewashed oak floorboards',
    cabinetry: 'painted shaker cabinetry with brushed nickel knobs',
    fixtures: 'a painted shaker vanity with a ceramic basin, a rope-framed round mirror, a clear glass walk-in shower and brushed nickel fixtures',
    decor: 'driftwood accents, striped cotton towels and woven seagrass baskets',
    lighting: 'bright, breezy natural light',
    mood: 'fresh and airy, like a beach house',
  },
  rustic: {
    label: 'rustic',
    materials: 'rough-hewn timber plank walls and a natural flagstone floor',
    cabinetry: 'chunky rough-sawn timber cabinetry with hammered copper hardware',
    fixtures: 'a rough-hewn timber vanity with a hammered copper vessel basin, a stone-lined shower and hammered copper taps',
    decor: 'a wooden stool, a chunky wool throw and an antler hook',
    lighting: 'warm amber lantern light like a mountain lodge',
    mood: 'cosy and rugged, with cabin warmth',
  },
  mediterranean: {
    label: 'Mediterranean',
    materials: 'sun-washed limewash plaster walls and a hexagonal terracotta tile floor',
    cabinetry: 'carved wood cabinetry with oil-rubbed bronze hardware',
    fixtures: 'a carved wood vanity with a hand-painted ceramic basin, an arched mirror, a tiled shower niche and oil-rubbed bronze taps',
    decor: 'terracotta pots, olive branches and a band of patterned tile',
    lighting: 'warm, golden Mediterranean sunlight',
    mood: 'sun-baked, relaxed and timeless',
  },
  glam: {
    label: 'glamorous',
    materials: 'book-matched Calacatta marble walls and a polished marble floor',
    cabinetry: 'high-gloss lacquered painted cabinetry with polished brass hardware',
    fixtures: 'a lacquered vanity with a marble countertop, a bevelled mirror, a freestanding soaking tub and polished brass fixtures',
    decor: 'crystal sconces, a velvet stool and a gilded tray of perfume bottles',
    lighting: 'sparkling light with soft reflections on polished surfaces',
    mood: 'opulent, like a luxury hotel suite',
  },
  transitional: {
    label: 'transitional',
    materials: 'glossy subway tile walls and a herringbone tile floor',
    cabinetry: 'recessed-panel painted cabinetry with brushed nickel hardware',
    fixtures: 'a recessed-panel double vanity with a quartz top, a framed mirror, a glass-enclosed shower and brushed nickel fixtures',
    decor: 'a white orchid and neatly folded waffle towels',
    lighting: 'balanced, soft light from simple drum sconces',
    mood: 'classic yet restrained, polished and easy',
  },
  eclectic: {
    label: 'eclectic',
    materials: 'bold botanical floral wallpaper and a checkerboard tile floor',
    cabinetry: 'vintage painted cabinetry with mismatched brass knobs',
    fixtures: 'a vintage dresser converted into a vanity, a brass-framed mirror, a patterned tile shower and brass taps',
    decor: 'a gallery wall of framed prints, a patterned runner rug and trailing plants',
    lighting: 'warm, layered light from mismatched vintage lamps',
    mood: 'collected, bold and joyful',
  },
  'zen-japandi': {
    label: 'Japandi',
    materials: 'soft clay plaster walls and large honed stone floor slabs',
    cabinetry: 'low light oak cabinetry with slatted details and matte black pulls',
    fixtures: 'a low floating oak vanity with a stone vessel basin, a deep Japanese soaking tub, a slatted wood shower floor and matte black taps',
    decor: 'bamboo stems, a carved stone vessel and a low wooden stool',
    lighting: 'soft, diffused paper-lantern light and gentle daylight',
    mood: 'serene, grounded and low in contrast',
  },
  victorian: {
    label: 'Victorian',
    materials: 'striped damask wallpaper above a panelled dado and a hexagonal mosaic tile floor',
    cabinetry: 'carved mahogany cabinetry with antique bronze hardware',
    fixtures: 'a clawfoot tub, a mahogany washstand with a porcelain basin, an ornate gilt mirror and antique bronze exposed taps',
    decor: 'a Boston fern on a plant stand and ornate framed details',
    lighting: 'a warm glow from etched-glass sconces',
    mood: 'rich, romantic and ornate',
  },
  bohemian: {
    label: 'bohemian',
    materials: 'handmade zellige tile walls and a warm terrazzo floor',
    cabinetry: 'carved wood cabinetry with woven cane fronts and brass knobs',
    fixtures: 'a carved wood vanity with a hammered brass basin, a rattan-framed mirror, a tiled shower and brass taps',
    decor: 'a macrame wall hanging, trailing hanging plants and layered woven textiles',
    lighting: 'warm, dappled light through rattan pendants',
    mood: 'free-spirited, layered and relaxed',
  },
  'french-country': {
    label: 'French country',
    materials: 'painted beadboard panelling and a herringbone-laid oak floor',
    cabinetry: 'softly distressed painted cabinetry with curved aprons and bronze hardware',
    fixtures: 'a distressed painted vanity with a stone basin, a gilded mirror, a cast-iron roll-top tub and bronze bridge taps',
    decor: 'lavender in a stoneware jug and a linen café curtain',
    lighting: 'soft Provençal morning light and a small wrought-iron chandelier',
    mood: 'gentle, rustic and romantic',
  },
  'kids-bathroom': {
    label: "playful kids'",
    materials: 'cheerful polka-dot wallpaper and a checkerboard tile floor',
    cabinetry: 'painted cabinetry with rounded corners and chrome pulls',
    fixtures: 'a low painted vanity with a wide basin, a shatterproof mirror, a bath-and-shower combination and chrome fixtures',
    decor: 'rubber ducks, hooded animal towels on low hooks and a sturdy step stool',
    lighting: 'bright, cheerful, even light',
    mood: 'playful, fun and easy to clean',
  },
  'little-girls-bathroom': {
    label: "whimsical little girls'",
    materials: 'dainty floral wallpaper, scalloped fish-scale tile accents and a hexagonal tile floor',
    cabinetry: 'painted cabinetry with scalloped trim and brass knobs',
    fixtures: 'a scalloped painted vanity with a pedestal basin, a bath with a scalloped tile surround and brass fixtures',
    decor: 'fluffy towels, a bunny-shaped step stool and a flower-shaped mirror',
    lighting: 'soft, warm storybook light',
    mood: 'sweet, whimsical and cheerful',
  },
  'little-boys-bathroom': {
    label: "adventurous little boys'",
    materials: 'bold striped wallpaper and a checkerboard tile floor',
    cabinetry: 'sturdy painted cabinetry with chrome pulls',
    fixtures: 'a sturdy painted vanity with a wide basin, a porthole mirror, a bath-and-shower combination and chrome fixtures',
    decor: 'rocket-shaped wall hooks, an adventure-map print and a sturdy step stool',
    lighting: 'bright, crisp daylight',
    mood: 'adventurous, fun and hard-wearing',
  },
}

// Colour words chosen to match each palette's hex values in palettes.ts, surface by surface.
export const PALETTE_PROMPTS: Readonly<Record<NamedPaletteId, PalettePrompt>> = {
  'monochromatic-whites': { summary: 'layered whites and soft ivory', walls: 'soft white', floor: 'pale stone grey', cabinetry: 'bright white', accent: 'oatmeal linen', trim: 'pure white' },
  'warm-neutrals': { summary: 'calm warm neutrals of cream, sand and caramel', walls: 'warm cream', floor: 'sand beige', cabinetry: 'caramel brown', accent: 'biscuit beige', trim: 'ivory' },
  'warm-grays': { summary: 'soft greige and taupe', walls: 'light greige', floor: 'warm taupe grey', cabinetry: 'deep taupe', accent: 'stone grey', trim: 'soft off-white' },
  'spa-blues': { summary: 'spa-like sea glass, mist and soft aqua', walls: 'pale sea-glass blue', floor: 'misty white', cabinetry: 'dusty aqua blue', accent: 'ocean blue', trim: 'crisp white' },
  'earth-tones': { summary: 'earthy terracotta, olive and clay', walls: 'warm clay beige', floor: 'terracotta', cabinetry: 'olive green', accent: 'burnt orange clay', trim: 'warm ivory' },
  'bold-contrast': { summary: 'graphic black against bright white', walls: 'bright white', floor: 'near-black', cabinetry: 'jet black', accent: 'antique gold', trim: 'pure white' },
  'jewel-tones': { summary: 'rich emerald, sapphire and amethyst', walls: 'deep emerald green', floor: 'warm white', cabinetry: 'sapphire blue', accent: 'amethyst plum', trim: 'cream' },
  pastels: { summary: 'soft blush, mint and butter yellow', walls: 'blush pink', floor: 'soft cream', cabinetry: 'mint green', accent: 'butter yellow', trim: 'warm white' },
  'dark-moody': { summary: 'dramatic charcoal, ink and deep green', walls: 'charcoal', floor: 'dark smoky brown', cabinetry: 'deep ink green', accent: 'cognac brown', trim: 'slate grey' },
}

export const ROOM_PROMPTS: Readonly<Record<RoomType, RoomPrompt>> = {
  bathroom: { noun: 'bathroom', furnishings: 'vanity, basin, bath, shower and toilet' },
  kitchen: { noun: 'kitchen', furnishings: 'kitchen cabinets, worktops, splashback, sink and appliances' },
  bedroom: { noun: 'bedroom', furnishings: 'bed with layered bedding, bedside tables and wardrobe' },
  living_room: { noun: 'living room', furnishings: 'sofa, armchairs, coffee table and shelving' },
}

/** Appended to every prompt: keep the photo's geometry, look like a real photograph, show an empty room. */
export const PROMPT_QUALITY_SUFFIX =
  'Photorealistic interior photograph, same room layout and camera angle, keep walls, windows and fixture positions, professional architectural photography, natural light, empty room with no people.'

/** How a prompt names each group of surfaces a person may keep or change (decision 0045). */
export const CHANGE_GROUP_WORDS: Readonly<Record<ChangeGroup, string>> = {
  walls: 'the walls and ceiling',
  floor: 'the floor',
  cabinetry: 'the vanity, cabinets and countertop',
  fixtures: 'the basin, toilet, bath, taps and metal finishes',
}

/**
 * When a person keeps part of the room: what changes and what stays, in so many words. An image model has no mask,
 * so the prompt both leaves out the kept surfaces' new materials and colours and asks for them to stay as they are.
 */
export function changeScopeSentence(groups: readonly ChangeGroup[]): string {
  const chosen = normaliseChangeGroups(groups)
  if (changesEverything(chosen)) return ''
  const kept = keptGroups(chosen)
  return `Change only ${listWords(chosen.map((group) => CHANGE_GROUP_WORDS[group]))}. Keep ${listWords(kept.map((group) => CHANGE_GROUP_WORDS[group]))} exactly as they are in the photo, with the same materials, colours, finishes and positions.`
}

function listWords(words: string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`
}

/** The palette a prompt colours with: the chosen one, or the style's signature palette for surprise-me (spec §3). */
export function resolvePromptPalette(styleId: StyleId, paletteId: PaletteId): NamedPaletteId {
  if (paletteId !== 'surprise-me') return paletteId
  const style = findStyle(styleId)
  if (!style) throw new Error(`Unknown style: ${styleId}`)
  return style.signaturePalette
}

/**
 * The text prompt for redesigning a photo of `roomType` in a style and palette, changing only the chosen groups of
 * surfaces (everything by default). Pure; safe in the browser.
 */
export function buildRedesignPrompt(styleId: StyleId, paletteId: PaletteId, roomType: RoomType, changes: readonly ChangeGroup[] = ALL_CHANGE_GROUPS): string {
  const style = STYLE_PROMPTS[styleId]
  const palette = PALETTE_PROMPTS[resolvePromptPalette(styleId, paletteId)]
  const room = ROOM_PROMPTS[roomType]
  const changing = (group: ChangeGroup) => changes.includes(group)
  // The style's fixture list is written for bathrooms; other rooms keep their own furnishings in the style's finishes.
  const contents = roomType === 'bathroom' ? style.fixtures : `${room.furnishings} in the same finishes`
  // Only the new materials and colours of what changes are named: a kept surface described anew would be redrawn.
  const features = [changing('walls') || changing('floor') ? style.materials : null, changing('cabinetry') ? style.cabinetry : null, changing('fixtures') ? contents : null].filter((part) => part !== null)
  const colours = [
    changing('walls') ? `${palette.walls} walls` : null,
    changing('floor') ? `${palette.floor} floor` : null,
    changing('cabinetry') ? `${palette.cabinetry} cabinetry` : null,
    `${palette.accent} accents`,
  ].filter((part) => part !== null)
  return [
    `A redesigned ${style.label} ${room.noun} with ${features.join(', ')}.`,
    changeScopeSentence(changes),
    `Styled with ${style.decor}.`,
    `Colour palette of ${palette.summary}: ${colours.join(', ')} and ${palette.trim} trim.`,
    `${capitalise(style.lighting)}; the mood is ${style.mood}.`,
    PROMPT_QUALITY_SUFFIX,
  ]
    .filter((sentence) => sentence !== '')
    .join(' ')
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}
