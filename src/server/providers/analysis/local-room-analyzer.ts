import { findPalette, type NamedPaletteId, type PaletteId } from '../../../shared/catalogue/palettes'
import {
  DEFAULT_PRODUCT_TYPES,
  DEFAULT_SURFACE_NAME,
  METAL_FINISH_NAMES,
  PALETTE_COLOUR_NAMES,
  PRODUCT_TYPES,
  STYLE_PRODUCT_WORDS,
  SURFACE_MATERIAL_NAMES,
  isDetectableObject,
  type DetectableObject,
  type ProductTemplatePlaceholder,
  type ProductType,
} from '../../catalogue/product-types'
import { findStyle, type Style, type StyleId } from '../../../shared/catalogue/styles'
import { DEFAULT_RETAILER, PRODUCT_CATEGORIES, RoomItemSchema, type RoomItem } from '../../../shared/products'
import type { RoomType } from '../../../shared/generation'
import { RoomAnalysisError } from './analyze-room-with-fallback'
import { detectObjects as detectWithHuman, warmUp as warmUpHuman, type DetectedObject } from './human-detector'
import type { RoomAnalysisInput, RoomAnalyzer } from './room-analyzer'

// The offline room analyzer (issue 9 §3): what Human's object detection finds in the design, plus the
// style's finishes and the palette's colours, picks and phrases items from the curated product-type
// catalogue. Same image, style, palette and room → same list.

/** Detections below this score are too unsure to steer the list. */
export const RELEVANT_DETECTION_SCORE = 0.3
/** Lists hold 8–12 items across ≥ 5 categories: 10 normally, up to 12 when the design shows a lot. */
const BASE_ITEM_COUNT = 10
const MAX_ITEM_COUNT = 12
const MAX_DESCRIPTION = 400

const CATALOGUE: readonly ProductType[] = PRODUCT_TYPES

export type BuildRoomItemsInput = {
  styleId: StyleId
  paletteId: PaletteId
  roomType: RoomType
  detections: readonly Pick<DetectedObject, 'label' | 'score'>[]
}

type Vocabulary = Record<ProductTemplatePlaceholder, string>

function vocabularyFor(style: Style, paletteId: NamedPaletteId): Vocabulary {
  const colours = PALETTE_COLOUR_NAMES[paletteId]
  const look = style.look
  const surface = [look.floor, look.walls, look.cabinetry].map((material) => SURFACE_MATERIAL_NAMES[material]).find(Boolean) ?? DEFAULT_SURFACE_NAME
  const words = STYLE_PRODUCT_WORDS[style.id]
  return {
    walls: colours.walls,
    floor: colours.floor,
    cabinetry: colours.cabinetry,
    accent: colours.accent,
    trim: colours.trim,
    finish: METAL_FINISH_NAMES[look.metal],
    surface,
    casework: look.cabinetry === 'wood' ? words.wood : colours.cabinetry,
    style: style.name,
    styleWord: words.search,
    palette: findPalette(paletteId)?.name ?? paletteId,
  }
}

function fill(template: string, vocabulary: Vocabulary): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, key: string) => {
    const value = (vocabulary as Record<string, string | undefined>)[key]
    if (value === undefined) throw new Error(`Unknown placeholder ${placeholder} in product template "${template}"`)
    return value
  })
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function phraseItem(type: ProductType, style: Style, vocabulary: Vocabulary, seen: DetectableObject | undefined): RoomItem {
  const template = type.variants?.[style.id] ?? type
  const searchTerms = [...new Set(template.search.map((term) => fill(term, vocabulary).toLowerCase()))]
  const because = seen ? ` Suggested because your design shows ${/^[aeiou]/.test(seen) ? 'an' : 'a'} ${seen}.` : ''
  return RoomItemSchema.parse({
    name: capitalise(fill(template.name, vocabulary)),
    description: (fill(template.description ?? type.description, vocabulary) + because).slice(0, MAX_DESCRIPTION),
    category: type.category,
    retailerSuggestion: type.retailer ?? DEFAULT_RETAILER[type.category],
    searchTerms,
  })
}

/** Relevant detections, strongest first, one entry per class. */
function detectedClasses(detections: BuildRoomItemsInput['detections']): DetectableObject[] {
  const best = new Map<DetectableObject, number>()
  for (const detection of detections) {
    if (detection.score < RELEVANT_DETECTION_SCORE || !isDetectableObject(detection.label)) continue
    best.set(detection.label, Math.max(best.get(detection.label) ?? 0, detection.score))
  }
  return [...best.entries()].sort(([a, scoreA], [b, scoreB]) => scoreB - scoreA || a.localeCompare(b)).map(([label]) => label)
}

/**
 * Picks and phrases the items. Candidates are ranked: types the detections call for first (strongest
 * detection first, catalogue order within), then the room's default set. The first candidate of each
 * category is taken so the list spans every category the candidates offer, then the rest by rank.
 */
export function buildRoomItems(input: BuildRoomItemsInput): RoomItem[] {
  const style = findStyle(input.styleId)
  if (!style) throw new RoomAnalysisError(`Unknown style ${input.styleId}`)
  const paletteId: NamedPaletteId = input.paletteId === 'surprise-me' ? style.signaturePalette : input.paletteId
  const vocabulary = vocabularyFor(style, paletteId)
  const inRoom = (type: ProductType) => type.rooms.includes(input.roomType)

  const reasons = new Map<string, DetectableObject>()
  const triggered: ProductType[] = []
  for (const label of detectedClasses(input.detections)) {
    for (const type of CATALOGUE) {
      if (!inRoom(type) || !type.triggers.includes(label) || reasons.has(type.id)) continue
      reasons.set(type.id, label)
      triggered.push(type)
    }
  }
  const defaults = DEFAULT_PRODUCT_TYPES[input.roomType].map((id) => CATALOGUE.find((type) => type.id === id)).filter((type): type is ProductType => type !== undefined)
  const ranked = [...new Map([...triggered, ...defaults].map((type) => [type.id, type])).values()]
  const limit = Math.min(MAX_ITEM_COUNT, Math.max(BASE_ITEM_COUNT, triggered.length + 4))

  const chosen = new Set<ProductType>()
  for (const category of PRODUCT_CATEGORIES) {
    const first = ranked.find((type) => type.category === category)
    if (first && chosen.size < limit) chosen.add(first)
  }
  for (const type of ranked) {
    if (chosen.size >= limit) break
    chosen.add(type)
  }

  // Shown grouped by category (the product page's order), strongest reason first within a category.
  const order = (type: ProductType) => PRODUCT_CATEGORIES.indexOf(type.category) * 1000 + ranked.indexOf(type)
  return [...chosen].sort((a, b) => order(a) - order(b)).map((type) => phraseItem(type, style, vocabulary, reasons.get(type.id)))
}

export type ObjectDetector = (image: Buffer) => Promise<readonly DetectedObject[]>

export type LocalRoomAnalyzer = RoomAnalyzer & {
  /** Loads the detection model and compiles its kernels; call at worker start so the first user does not wait. */
  warmUp: () => Promise<void>
}

/** The offline default. `detect` is injectable for tests; by default it is Human's CenterNet. */
export function createLocalRoomAnalyzer(options: { detect?: ObjectDetector; warmUp?: () => Promise<void> } = {}): LocalRoomAnalyzer {
  const detect = options.detect ?? detectWithHuman
  return {
    name: 'local',
    warmUp: options.warmUp ?? (options.detect ? async () => {} : warmUpHuman),
    async analyze(input: RoomAnalysisInput) {
      input.signal.throwIfAborted()
      let detections: readonly DetectedObject[]
      try {
        detections = await detect(input.image)
      } catch (error) {
        throw new RoomAnalysisError('Object detection failed', { cause: error })
      }
      input.signal.throwIfAborted()
      return buildRoomItems({ styleId: input.styleId, paletteId: input.paletteId, roomType: input.roomType, detections })
    },
  }
}
