import type { ProductCategory, Retailer } from '../../shared/products'
import type { RoomType } from '../../shared/generation'
import type { NamedPaletteId, PaletteColors } from '../../shared/catalogue/palettes'
import type { Material, MetalFinish, StyleId } from '../../shared/catalogue/styles'

// The curated product types the local room analyzer turns into shopping-list items (spec §3 room
// analysis, issue 9 §3). Pure data: what each type is called, which detected objects make it relevant,
// and how a style and palette dress it. The analyzer fills the templates and validates the result.
//
// Templates use these placeholders, filled from the style's `look` and the palette's colours:
//   {finish}    the style's metal finish ("brushed nickel")
//   {surface}   the style's stone-like surface (marble, stone, concrete, terrazzo), else "white ceramic"
//   {casework}  the style's wood when its cabinetry is wood ("walnut"), else the cabinetry colour's name
//   {walls} {floor} {cabinetry} {accent} {trim}   the palette's colour names
//   {style}     the style's display name ("Coastal"); {styleWord} its search word ("coastal")
//   {palette}   the palette's display name ("Spa Blues")
// Names are capitalised after filling; search terms stay lower case.

/** Every placeholder a template may use (see above). */
export const PRODUCT_TEMPLATE_PLACEHOLDERS = ['finish', 'surface', 'casework', 'walls', 'floor', 'cabinetry', 'accent', 'trim', 'style', 'styleWord', 'palette'] as const
export type ProductTemplatePlaceholder = (typeof PRODUCT_TEMPLATE_PLACEHOLDERS)[number]

/** COCO classes (as `@vladmandic/human`'s CenterNet labels them) that say something about the room. */
export const DETECTABLE_OBJECTS = [
  'toilet',
  'sink',
  'potted plant',
  'vase',
  'bottle',
  'cup',
  'toothbrush',
  'hair drier',
  'clock',
  'chair',
  'bench',
  'book',
  'bed',
  'couch',
  'dining table',
  'oven',
  'refrigerator',
  'microwave',
] as const
export type DetectableObject = (typeof DETECTABLE_OBJECTS)[number]

export function isDetectableObject(label: string): label is DetectableObject {
  return (DETECTABLE_OBJECTS as readonly string[]).includes(label)
}

export type ProductTemplate = {
  /** Item name template, e.g. '{finish} widespread faucet'. */
  name: string
  /** One to three search-term templates, most specific first. */
  search: readonly string[]
  /** Replaces the type's description when a variant changes what the product is. */
  description?: string
}

export type ProductType = ProductTemplate & {
  id: string
  category: ProductCategory
  /** One or two sentences, ≤ 300 characters once filled. Never "a {placeholder}" (except {surface}): the article may not fit the word. */
  description: string
  /** Rooms the type belongs in; a detection only suggests a type for these rooms. */
  rooms: readonly RoomType[]
  /** Detected objects that make this type relevant (a toilet → a toilet and a toilet paper holder). */
  triggers: readonly DetectableObject[]
  /** Where to shop when it is not the category's default retailer (spec §9 defaults). */
  retailer?: Retailer
  /** Style-specific versions: a Victorian tub is a clawfoot tub, a Coastal mirror is a rope mirror. */
  variants?: Partial<Record<StyleId, ProductTemplate>>
}

const ALL_ROOMS: readonly RoomType[] = ['bathroom', 'kitchen', 'bedroom', 'living_room']
const BATHROOM: readonly RoomType[] = ['bathroom']

export const PRODUCT_TYPES = [
  // Fixtures
  {
    id: 'widespread-faucet',
    category: 'Fixtures',
    name: '{finish} widespread faucet',
    search: ['{finish} widespread bathroom faucet', '{styleWord} bathroom faucet'],
    description: 'A two-handle widespread faucet in {finish}, the finish that ties the {style} look together.',
    rooms: BATHROOM,
    triggers: ['sink'],
  },
  {
    id: 'vessel-sink',
    category: 'Fixtures',
    name: '{surface} vessel sink',
    search: ['{surface} vessel sink', '{styleWord} bathroom vessel sink'],
    description: 'A {surface} vessel sink that sits on the counter like a sculpture, in keeping with the {style} look.',
    rooms: BATHROOM,
    triggers: ['sink'],
  },
  {
    id: 'rain-shower-head',
    category: 'Fixtures',
    name: '{finish} rain shower head',
    search: ['{finish} rain shower head', '{styleWord} shower head'],
    description: 'A wide rain shower head in {finish} to match the faucet and hardware.',
    rooms: BATHROOM,
    triggers: [],
  },
  {
    id: 'freestanding-tub',
    category: 'Fixtures',
    name: 'white freestanding tub',
    search: ['freestanding soaking bathtub', '{styleWord} freestanding bathtub'],
    description: 'A freestanding tub that becomes the centrepiece of the room, true to the {style} look.',
    rooms: BATHROOM,
    triggers: [],
    variants: {
      victorian: { name: 'clawfoot tub with {finish} feet', search: ['clawfoot tub {finish} feet', 'victorian clawfoot bathtub'] },
      farmhouse: { name: 'clawfoot tub with {finish} feet', search: ['clawfoot tub {finish} feet', 'farmhouse clawfoot bathtub'] },
      'french-country': { name: 'clawfoot tub with {finish} feet', search: ['clawfoot tub {finish} feet', 'french country clawfoot bathtub'] },
      'zen-japandi': { name: 'deep soaking tub', search: ['japanese deep soaking tub', 'japandi soaking bathtub'], description: 'A deep Japanese-style soaking tub for long, quiet baths.' },
    },
  },
  {
    id: 'toilet',
    category: 'Fixtures',
    name: 'one-piece elongated toilet',
    search: ['one piece elongated toilet soft close', 'water saving one piece toilet'],
    description: 'A water-saving one-piece toilet with a soft-close seat: clean lines that are easy to keep clean.',
    rooms: BATHROOM,
    triggers: ['toilet'],
  },
  {
    id: 'kitchen-faucet',
    category: 'Fixtures',
    name: '{finish} pull-down kitchen faucet',
    search: ['{finish} pull down kitchen faucet', '{styleWord} kitchen faucet'],
    description: 'A pull-down kitchen faucet in {finish}, matched to the {style} hardware.',
    rooms: ['kitchen'],
    triggers: ['sink'],
  },
  // Lighting
  {
    id: 'vanity-sconce',
    category: 'Lighting',
    name: '{finish} vanity sconce',
    search: ['{finish} bathroom vanity wall sconce', '{styleWord} vanity light'],
    description: 'A pair of {finish} sconces either side of the mirror light the face evenly, without shadows.',
    rooms: BATHROOM,
    triggers: ['sink'],
    variants: {
      glam: { name: '{finish} crystal sconce', search: ['{finish} crystal bathroom wall sconce', 'glam vanity light'] },
      industrial: { name: '{finish} cage sconce', search: ['{finish} cage wall sconce exposed bulb', 'industrial vanity light'] },
    },
  },
  {
    id: 'pendant',
    category: 'Lighting',
    name: '{finish} pendant light',
    search: ['{finish} pendant light', '{styleWord} pendant light'],
    description: 'A pendant in {finish} that gives the room its {style} focal point overhead.',
    rooms: ALL_ROOMS,
    triggers: ['dining table'],
    variants: {
      industrial: { name: '{finish} exposed bulb pendant', search: ['{finish} exposed bulb pendant light', 'industrial pendant light'] },
      'mid-century-modern': { name: '{finish} globe pendant', search: ['{finish} opal globe pendant light', 'mid century modern globe pendant'] },
      bohemian: { name: 'rattan pendant light', search: ['rattan pendant light', 'boho woven pendant light'], description: 'A woven rattan pendant that throws warm, dappled light.' },
      coastal: { name: '{finish} seeded glass pendant', search: ['{finish} seeded glass pendant light', 'coastal pendant light'] },
      glam: { name: '{finish} crystal pendant', search: ['{finish} crystal pendant light', 'glam chandelier pendant'] },
      farmhouse: { name: '{finish} lantern pendant', search: ['{finish} lantern pendant light', 'farmhouse lantern pendant'] },
    },
  },
  {
    id: 'flush-mount',
    category: 'Lighting',
    name: '{finish} flush mount ceiling light',
    search: ['{finish} flush mount ceiling light', '{styleWord} flush mount light'],
    description: 'A low-profile {finish} ceiling light for even, all-round light in a small room.',
    rooms: ALL_ROOMS,
    triggers: [],
  },
  {
    id: 'table-lamp',
    category: 'Lighting',
    name: '{finish} table lamp',
    search: ['{finish} table lamp', '{styleWord} table lamp'],
    description: 'A table lamp in {finish} with a linen shade for warm evening light.',
    rooms: ['bedroom', 'living_room'],
    triggers: ['bed', 'couch'],
  },
  // Hardware
  {
    id: 'towel-bar',
    category: 'Hardware',
    name: '{finish} towel bar',
    search: ['{finish} 24 inch towel bar', '{styleWord} bathroom towel bar'],
    description: 'A towel bar in {finish}, matched to the faucet and the other hardware.',
    rooms: BATHROOM,
    triggers: [],
    variants: {
      industrial: { name: '{finish} pipe towel bar', search: ['{finish} industrial pipe towel bar', 'industrial bathroom towel rack'] },
      farmhouse: { name: '{finish} ladder towel rack', search: ['{finish} ladder towel rack', 'farmhouse bathroom towel ladder'], description: 'A leaning ladder rack in {finish} that airs several towels at once, farmhouse style.' },
    },
  },
  {
    id: 'robe-hook',
    category: 'Hardware',
    name: '{finish} robe hooks',
    search: ['{finish} bathroom robe hook', '{styleWord} towel hooks'],
    description: 'Wall hooks in {finish} for robes and hand towels, close to the shower.',
    rooms: ['bathroom', 'bedroom'],
    triggers: [],
    variants: {
      'little-boys-bathroom': { name: '{accent} rocket wall hooks', search: ['rocket wall hooks kids', 'boys bathroom towel hooks'] },
    },
  },
  {
    id: 'toilet-paper-holder',
    category: 'Hardware',
    name: '{finish} toilet paper holder',
    search: ['{finish} toilet paper holder', '{styleWord} toilet paper holder'],
    description: 'A wall-mounted toilet paper holder in {finish}, matched to the towel bar.',
    rooms: BATHROOM,
    triggers: ['toilet'],
  },
  {
    id: 'cabinet-pulls',
    category: 'Hardware',
    name: '{finish} cabinet pulls',
    search: ['{finish} cabinet drawer pulls', '{styleWord} cabinet hardware'],
    description: 'Cabinet pulls in {finish}: the quickest way to give existing cabinetry the {style} look.',
    rooms: ALL_ROOMS,
    triggers: ['refrigerator', 'oven', 'microwave'],
  },
  // Storage
  {
    id: 'floating-shelf',
    category: 'Storage',
    name: '{casework} floating shelf',
    search: ['{casework} floating shelf', '{styleWord} floating wall shelf'],
    description: 'A floating shelf in {casework} keeps everyday things in reach without cluttering the counter.',
    rooms: ALL_ROOMS,
    triggers: ['book', 'bottle'],
  },
  {
    id: 'over-toilet-etagere',
    category: 'Storage',
    name: '{finish} over-the-toilet etagere',
    search: ['{finish} over the toilet storage etagere', '{styleWord} over the toilet shelf'],
    description: 'An over-the-toilet etagere framed in {finish} adds shelving without taking floor space.',
    rooms: BATHROOM,
    triggers: ['toilet'],
    retailer: 'Wayfair',
  },
  {
    id: 'storage-baskets',
    category: 'Storage',
    name: 'woven storage baskets',
    search: ['woven storage baskets set', '{styleWord} storage baskets'],
    description: 'Lidded woven baskets for spare towels and rolls, in tones that suit the {palette} palette.',
    rooms: ALL_ROOMS,
    triggers: [],
    variants: {
      bohemian: { name: 'rattan storage baskets', search: ['rattan storage baskets set', 'boho woven baskets'] },
      scandinavian: { name: 'knitted storage baskets', search: ['knitted cotton rope storage basket', 'scandinavian storage basket'] },
      coastal: { name: 'seagrass storage baskets', search: ['seagrass storage baskets set', 'coastal storage baskets'] },
      farmhouse: { name: 'galvanised metal storage bins', search: ['galvanized metal storage bins', 'farmhouse storage bin'], description: 'Galvanised bins for spare towels and rolls, with a vintage farmhouse feel.' },
    },
  },
  {
    id: 'hair-tool-organizer',
    category: 'Storage',
    name: '{finish} hair tool organizer',
    search: ['{finish} hair dryer holder organizer', 'bathroom hair tool organizer'],
    description: 'Keeps the hair dryer and straighteners off the counter, with the cords tucked away.',
    rooms: BATHROOM,
    triggers: ['hair drier'],
  },
  {
    id: 'kitchen-canisters',
    category: 'Storage',
    name: '{surface} kitchen canisters',
    search: ['{surface} kitchen canister set', '{styleWord} kitchen canisters'],
    description: 'A set of canisters that keep the counter tidy and on theme.',
    rooms: ['kitchen'],
    triggers: ['microwave', 'oven'],
  },
  // Decor
  {
    id: 'vanity-mirror',
    category: 'Decor',
    name: '{finish} framed vanity mirror',
    search: ['{finish} framed bathroom vanity mirror', '{styleWord} bathroom mirror'],
    description: 'A mirror sized for the vanity that sets the {style} tone; the frame matches the {finish} fittings.',
    rooms: BATHROOM,
    triggers: ['sink'],
    variants: {
      'organic-modern': { name: '{finish} round mirror', search: ['{finish} round bathroom mirror', 'organic modern round mirror'] },
      contemporary: { name: 'backlit LED mirror', search: ['backlit led bathroom mirror', 'contemporary lighted vanity mirror'], description: 'A frameless backlit mirror that lights the vanity with a soft, even glow.' },
      'mid-century-modern': { name: '{finish} sunburst mirror', search: ['{finish} sunburst wall mirror', 'mid century modern sunburst mirror'] },
      coastal: { name: 'rope-framed mirror', search: ['nautical rope round mirror', 'coastal bathroom mirror'], description: 'A round mirror framed in natural rope, the beach-house touch of a Coastal bathroom.' },
      mediterranean: { name: '{finish} arched mirror', search: ['{finish} arched bathroom mirror', 'mediterranean arch mirror'] },
      victorian: { name: '{finish} ornate mirror', search: ['{finish} ornate baroque wall mirror', 'victorian bathroom mirror'] },
      bohemian: { name: 'rattan sunburst mirror', search: ['rattan sunburst mirror', 'boho rattan wall mirror'], description: 'A woven rattan sunburst mirror that brings Boho texture to the wall.' },
      'french-country': { name: 'gilded mirror', search: ['antique gold gilded wall mirror', 'french country mirror'], description: 'A softly gilded mirror with gentle curves, straight from Provence.' },
      'little-girls-bathroom': { name: 'flower-shaped mirror', search: ['flower shaped wall mirror kids', 'girls bathroom mirror'], description: 'A flower-shaped mirror hung low enough for a little one to see herself.' },
    },
  },
  {
    id: 'wall-art',
    category: 'Decor',
    name: '{accent} abstract wall art',
    search: ['{accent} abstract framed wall art', '{styleWord} wall art'],
    description: 'Framed prints in {accent} and {walls} that pick up the {palette} palette.',
    rooms: ALL_ROOMS,
    triggers: [],
    variants: {
      eclectic: { name: 'gallery wall frame set', search: ['gallery wall picture frame set', 'eclectic gallery wall art'], description: 'A set of mismatched frames for a collected gallery wall in {accent} and {walls}.' },
      coastal: { name: 'framed seascape prints', search: ['framed coastal seascape prints', 'coastal bathroom wall art'] },
    },
  },
  {
    id: 'plant',
    category: 'Decor',
    name: 'faux potted plant',
    search: ['faux potted plant bathroom', '{styleWord} faux plant'],
    description: 'Greenery that thrives without light or care and softens the {style} look.',
    rooms: ALL_ROOMS,
    triggers: [],
    variants: {
      'organic-modern': { name: 'faux olive tree', search: ['faux olive tree potted', 'organic modern olive tree'] },
      scandinavian: { name: 'faux eucalyptus stems', search: ['faux eucalyptus stems', 'scandinavian eucalyptus vase'] },
      'mid-century-modern': { name: 'faux snake plant', search: ['faux snake plant potted', 'mid century modern snake plant'] },
      mediterranean: { name: 'faux olive branches', search: ['faux olive branches stems', 'mediterranean olive branch decor'] },
      transitional: { name: 'white orchid', search: ['faux white orchid in pot', 'transitional orchid decor'] },
      eclectic: { name: 'trailing pothos', search: ['faux trailing pothos hanging', 'eclectic trailing plant'] },
      'zen-japandi': { name: 'potted bamboo', search: ['faux bamboo plant potted', 'japandi bamboo decor'] },
      victorian: { name: 'Boston fern', search: ['faux boston fern', 'victorian fern plant'] },
      bohemian: { name: 'macrame plant hanger', search: ['macrame plant hanger', 'boho hanging planter'], description: 'A macrame hanger that lifts a trailing plant into the light, layered Boho style.' },
      'french-country': { name: 'dried lavender bundle', search: ['dried lavender bundle', 'french country lavender decor'], description: 'Dried lavender that scents the room and brings a breath of Provence.' },
      farmhouse: { name: 'cotton stems', search: ['faux cotton stems', 'farmhouse cotton stem decor'] },
    },
  },
  {
    id: 'planter',
    category: 'Decor',
    name: '{surface} planter',
    search: ['{surface} indoor planter', '{styleWord} planter pot'],
    description: 'A {surface} pot that gives the plant in your design a home that matches the room.',
    rooms: ALL_ROOMS,
    triggers: ['potted plant'],
    variants: {
      mediterranean: { name: 'terracotta planter', search: ['terracotta planter pot', 'mediterranean terracotta pot'] },
    },
  },
  {
    id: 'bud-vase',
    category: 'Decor',
    name: '{accent} ceramic vase',
    search: ['{accent} ceramic vase', '{styleWord} decorative vase'],
    description: 'A small vase in {accent} for a single stem, echoing the {palette} palette.',
    rooms: ALL_ROOMS,
    triggers: ['vase'],
  },
  {
    id: 'wall-clock',
    category: 'Decor',
    name: '{finish} wall clock',
    search: ['{finish} wall clock', '{styleWord} wall clock'],
    description: 'A quiet {finish} wall clock in the {style} spirit.',
    rooms: ALL_ROOMS,
    triggers: ['clock'],
  },
  {
    id: 'vanity-stool',
    category: 'Decor',
    name: '{casework} vanity stool',
    search: ['{casework} vanity stool', '{styleWord} bathroom stool'],
    description: 'A compact stool for the vanity that doubles as a spot for a towel.',
    rooms: BATHROOM,
    triggers: ['chair', 'bench'],
    variants: {
      glam: { name: 'velvet vanity stool', search: ['velvet vanity stool gold legs', 'glam vanity stool'] },
      'zen-japandi': { name: 'wooden bath stool', search: ['wooden japanese bath stool', 'japandi bath stool'] },
      'kids-bathroom': { name: 'kids step stool', search: ['kids bathroom step stool', 'toddler step stool'], description: 'A sturdy, non-slip step stool so little ones can reach the sink.' },
      'little-girls-bathroom': { name: 'bunny step stool', search: ['bunny kids step stool', 'girls bathroom step stool'], description: 'A sturdy bunny step stool so little ones can reach the sink.' },
      'little-boys-bathroom': { name: 'kids step stool', search: ['kids bathroom step stool', 'boys step stool'], description: 'A sturdy, non-slip step stool so little ones can reach the sink.' },
    },
  },
  // Accessories
  {
    id: 'soap-dispenser',
    category: 'Accessories',
    name: '{surface} soap dispenser',
    search: ['{surface} soap dispenser {finish} pump', '{styleWord} soap dispenser'],
    description: 'A {surface} soap dispenser with a pump in {finish} for the counter.',
    rooms: ['bathroom', 'kitchen'],
    triggers: ['bottle'],
  },
  {
    id: 'vanity-tray',
    category: 'Accessories',
    name: '{surface} vanity tray',
    search: ['{surface} vanity tray', '{styleWord} bathroom tray'],
    description: 'A {surface} tray that gathers soap, perfume and jewellery into one tidy spot.',
    rooms: ALL_ROOMS,
    triggers: [],
    variants: {
      glam: { name: '{finish} mirrored vanity tray', search: ['{finish} mirrored vanity tray', 'glam vanity tray'], description: 'A mirrored tray edged in {finish} that makes perfume bottles sparkle.' },
    },
  },
  {
    id: 'toothbrush-holder',
    category: 'Accessories',
    name: '{surface} toothbrush holder',
    search: ['{surface} toothbrush holder', '{styleWord} bathroom accessories set'],
    description: 'A {surface} toothbrush holder to match the soap dispenser.',
    rooms: BATHROOM,
    triggers: ['toothbrush', 'cup'],
  },
  {
    id: 'wastebasket',
    category: 'Accessories',
    name: '{finish} wastebasket',
    search: ['{finish} small bathroom trash can', '{styleWord} bathroom wastebasket'],
    description: 'A small {finish} bin with a soft-close lid.',
    rooms: BATHROOM,
    triggers: [],
  },
  // Textiles
  {
    id: 'bath-towels',
    category: 'Textiles',
    name: '{accent} bath towels',
    search: ['{accent} cotton bath towel set', '{styleWord} bath towels'],
    description: 'Soft, absorbent cotton towels in {accent}, the accent colour of the {palette} palette.',
    rooms: BATHROOM,
    triggers: [],
    variants: {
      coastal: { name: '{accent} striped bath towels', search: ['{accent} striped cotton bath towels', 'coastal bath towels'] },
      'organic-modern': { name: '{accent} linen bath towels', search: ['{accent} linen bath towel set', 'organic modern bath towels'] },
      traditional: { name: '{accent} embroidered bath towels', search: ['{accent} embroidered bath towel set', 'traditional bath towels'] },
      'kids-bathroom': { name: '{accent} hooded kids towels', search: ['{accent} hooded towel kids', 'kids bath towels'] },
    },
  },
  {
    id: 'bath-mat',
    category: 'Textiles',
    name: '{walls} bath mat',
    search: ['{walls} non slip bath mat', '{styleWord} bath mat'],
    description: 'A washable, non-slip bath mat in {walls} to match the walls.',
    rooms: BATHROOM,
    triggers: [],
    variants: {
      bohemian: { name: '{accent} tufted bath rug', search: ['{accent} tufted bath rug', 'boho bath mat'], description: 'A soft tufted cotton rug in {accent}, with a non-slip back.' },
    },
  },
  {
    id: 'shower-curtain',
    category: 'Textiles',
    name: '{cabinetry} shower curtain',
    search: ['{cabinetry} fabric shower curtain', '{styleWord} shower curtain'],
    description: 'A fabric shower curtain in {cabinetry} that softens the room.',
    rooms: BATHROOM,
    triggers: [],
    variants: {
      coastal: { name: '{cabinetry} striped shower curtain', search: ['{cabinetry} striped shower curtain', 'coastal shower curtain'] },
      farmhouse: { name: 'ticking stripe shower curtain', search: ['ticking stripe shower curtain', 'farmhouse shower curtain'], description: 'A cotton ticking-stripe shower curtain with relaxed country charm.' },
      'french-country': { name: 'linen shower curtain', search: ['linen shower curtain', 'french country shower curtain'], description: 'A washed linen shower curtain in a soft natural tone.' },
      victorian: { name: '{cabinetry} damask shower curtain', search: ['{cabinetry} damask shower curtain', 'victorian shower curtain'] },
    },
  },
  {
    id: 'tea-towels',
    category: 'Textiles',
    name: '{accent} tea towels',
    search: ['{accent} cotton tea towels', '{styleWord} kitchen towels'],
    description: 'Cotton tea towels in {accent} to bring the palette to the counter.',
    rooms: ['kitchen'],
    triggers: ['oven'],
  },
  {
    id: 'runner-rug',
    category: 'Textiles',
    name: '{floor} runner rug',
    search: ['{floor} washable runner rug', '{styleWord} runner rug'],
    description: 'A washable runner in {floor} that grounds the room.',
    rooms: ['kitchen', 'living_room'],
    triggers: ['refrigerator'],
  },
  {
    id: 'bedding',
    category: 'Textiles',
    name: '{trim} linen duvet cover',
    search: ['{trim} linen duvet cover set', '{styleWord} bedding set'],
    description: 'A breathable linen duvet cover in {trim}, layered the {style} way.',
    rooms: ['bedroom'],
    triggers: ['bed'],
  },
  {
    id: 'throw-pillows',
    category: 'Textiles',
    name: '{accent} throw pillows',
    search: ['{accent} throw pillow covers', '{styleWord} throw pillows'],
    description: 'Throw pillows in {accent} that carry the {palette} palette across the room.',
    rooms: ['bedroom', 'living_room'],
    triggers: ['couch', 'bed'],
  },
] as const satisfies readonly ProductType[]

export type ProductTypeId = (typeof PRODUCT_TYPES)[number]['id']

/** What the list falls back to when nothing is detected, in priority order, per room type. Each covers ≥ 5 categories. */
export const DEFAULT_PRODUCT_TYPES: Record<RoomType, readonly ProductTypeId[]> = {
  bathroom: [
    'widespread-faucet',
    'vanity-mirror',
    'vanity-sconce',
    'towel-bar',
    'floating-shelf',
    'bath-towels',
    'soap-dispenser',
    'bath-mat',
    'toilet-paper-holder',
    'plant',
    'shower-curtain',
    'storage-baskets',
    'vanity-tray',
    'rain-shower-head',
  ],
  kitchen: ['kitchen-faucet', 'pendant', 'cabinet-pulls', 'floating-shelf', 'kitchen-canisters', 'soap-dispenser', 'tea-towels', 'runner-rug', 'plant', 'wall-art', 'vanity-tray'],
  bedroom: ['table-lamp', 'bedding', 'throw-pillows', 'wall-art', 'storage-baskets', 'cabinet-pulls', 'robe-hook', 'plant', 'vanity-tray', 'flush-mount'],
  living_room: ['table-lamp', 'throw-pillows', 'wall-art', 'runner-rug', 'floating-shelf', 'storage-baskets', 'plant', 'bud-vase', 'vanity-tray', 'cabinet-pulls', 'pendant'],
}

/** How a metal finish reads in product names and searches. */
export const METAL_FINISH_NAMES: Record<MetalFinish, string> = {
  chrome: 'polished chrome',
  'brushed-nickel': 'brushed nickel',
  'matte-black': 'matte black',
  brass: 'brass',
  copper: 'copper',
  bronze: 'oil-rubbed bronze',
}

/** Surfaces that make a product material ({surface}); anything else reads as white ceramic. */
export const SURFACE_MATERIAL_NAMES: Partial<Record<Material, string>> = {
  marble: 'marble',
  stone: 'stone',
  concrete: 'concrete',
  terrazzo: 'terrazzo',
}
export const DEFAULT_SURFACE_NAME = 'white ceramic'

/** Per style: the word shoppers search with, and the wood its cabinetry is made of ({casework}). */
export const STYLE_PRODUCT_WORDS: Record<StyleId, { search: string; wood: string }> = {
  minimalist: { search: 'minimalist', wood: 'light oak' },
  'organic-modern': { search: 'organic modern', wood: 'white oak' },
  scandinavian: { search: 'scandinavian', wood: 'light oak' },
  contemporary: { search: 'contemporary', wood: 'walnut' },
  traditional: { search: 'traditional', wood: 'cherry wood' },
  farmhouse: { search: 'farmhouse', wood: 'reclaimed wood' },
  industrial: { search: 'industrial', wood: 'reclaimed wood' },
  'mid-century-modern': { search: 'mid century modern', wood: 'walnut' },
  coastal: { search: 'coastal', wood: 'whitewashed wood' },
  rustic: { search: 'rustic', wood: 'rustic pine' },
  mediterranean: { search: 'mediterranean', wood: 'olive wood' },
  glam: { search: 'glam', wood: 'lacquered wood' },
  transitional: { search: 'transitional', wood: 'oak' },
  eclectic: { search: 'eclectic', wood: 'teak' },
  'zen-japandi': { search: 'japandi', wood: 'light oak' },
  victorian: { search: 'victorian', wood: 'mahogany' },
  bohemian: { search: 'boho', wood: 'mango wood' },
  'french-country': { search: 'french country', wood: 'distressed oak' },
  'kids-bathroom': { search: 'kids', wood: 'maple' },
  'little-girls-bathroom': { search: 'girls', wood: 'white wood' },
  'little-boys-bathroom': { search: 'boys', wood: 'maple' },
}

/** The names shoppers know the palette colours by, per surface (the hex values live in palettes.ts). */
export const PALETTE_COLOUR_NAMES: Record<NamedPaletteId, Record<keyof PaletteColors, string>> = {
  'monochromatic-whites': { walls: 'warm white', floor: 'pale stone', cabinetry: 'ivory', accent: 'oatmeal', trim: 'bright white' },
  'warm-neutrals': { walls: 'cream', floor: 'sand', cabinetry: 'caramel', accent: 'wheat', trim: 'linen white' },
  'warm-grays': { walls: 'greige', floor: 'taupe', cabinetry: 'warm gray', accent: 'mushroom', trim: 'dove white' },
  'spa-blues': { walls: 'mist blue', floor: 'sea salt', cabinetry: 'sea glass', accent: 'soft aqua', trim: 'white' },
  'earth-tones': { walls: 'sandstone', floor: 'terracotta', cabinetry: 'olive', accent: 'clay', trim: 'bone' },
  'bold-contrast': { walls: 'bright white', floor: 'charcoal', cabinetry: 'black', accent: 'mustard gold', trim: 'white' },
  'jewel-tones': { walls: 'emerald', floor: 'ivory', cabinetry: 'sapphire', accent: 'amethyst', trim: 'cream' },
  pastels: { walls: 'blush pink', floor: 'cream', cabinetry: 'mint', accent: 'butter yellow', trim: 'white' },
  'dark-moody': { walls: 'charcoal', floor: 'espresso', cabinetry: 'deep green', accent: 'cognac', trim: 'slate gray' },
}

export function findProductType(id: string): ProductType | undefined {
  return PRODUCT_TYPES.find((type) => type.id === id)
}
