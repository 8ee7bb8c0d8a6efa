import { z } from 'zod'
import { findPalette, type NamedPaletteId } from '../../../shared/catalogue/palettes'
import { METAL_FINISH_NAMES } from '../../catalogue/product-types'
import { findStyle } from '../../../shared/catalogue/styles'
import { DEFAULT_RETAILER, PRODUCT_CATEGORIES, RETAILERS, RoomItemSchema, type RoomItem } from '../../../shared/products'
import { RoomAnalysisError } from './analyze-room-with-fallback'
import type { RoomAnalysisInput, RoomAnalyzer } from './room-analyzer'

// Room analysis by an OpenAI-compatible vision model: POST {baseUrl}/v1/chat/completions with the design
// as a data URL and JSON output (response_format json_object). The answer is parsed with zod; anything
// off-contract throws a RoomAnalysisError so the caller retries and then falls back.

export type OpenAiRoomAnalyzerOptions = {
  apiKey: string
  /** e.g. https://api.openai.com (a trailing /v1 is tolerated). */
  baseUrl: string
  model: string
  fetch?: typeof fetch
}

/** The most items we keep from a model that returns a long list (spec §3: 8–12). */
const MAX_ITEMS = 12

const ChatCompletionSchema = z.object({
  choices: z
    .array(z.object({ message: z.object({ content: z.string().nullable() }) }))
    .min(1),
})

const AnalysisContentSchema = z.object({ items: z.array(RoomItemSchema).min(1, 'The model returned an empty item list') })

const ErrorBodySchema = z.object({ error: z.object({ message: z.string() }) })

const retailerDefaults = PRODUCT_CATEGORIES.map((category) => `${category} → ${DEFAULT_RETAILER[category]}`).join('; ')

export const ROOM_ANALYSIS_INSTRUCTIONS = [
  'You are an interior designer writing a shopping list for a redesigned room shown in an image.',
  'Identify the fixtures, lighting, hardware, storage, decor, accessories and textiles visible or implied by the design, and describe products a shopper can search for.',
  'Answer with a JSON object only, exactly of this shape: {"items": [{"name": string, "description": string, "category": string, "retailerSuggestion": string, "searchTerms": string[]}]}.',
  'Rules: 8 to 12 items covering at least 5 categories.',
  `category is one of: ${PRODUCT_CATEGORIES.join(', ')}.`,
  `retailerSuggestion is one of: ${RETAILERS.join(', ')}; by default ${retailerDefaults}.`,
  'name: at most 120 characters, starting with the finish or colour (e.g. "Brushed nickel widespread faucet").',
  'description: one or two sentences, at most 400 characters.',
  'searchTerms: 1 to 4 search phrases of at most 120 characters each, most specific first, in lower case.',
  'Use the finishes, materials and colours of the given style and palette. Never mention people, brands or prices.',
].join('\n')

export function roomContextText(input: Pick<RoomAnalysisInput, 'styleId' | 'paletteId' | 'roomType'>): string {
  const style = findStyle(input.styleId)
  const paletteId: NamedPaletteId | undefined = input.paletteId === 'surprise-me' ? style?.signaturePalette : input.paletteId
  const palette = paletteId ? findPalette(paletteId) : undefined
  const lines = [`Room type: ${input.roomType.replace('_', ' ')}.`]
  if (style) {
    lines.push(`Style: ${style.name}: ${style.description}`)
    lines.push(`Metal finish: ${METAL_FINISH_NAMES[style.look.metal]}. Walls: ${style.look.walls}; floor: ${style.look.floor}; cabinetry: ${style.look.cabinetry}. Signature props: ${style.look.props.join(', ')}.`)
  }
  if (palette) {
    const colours = Object.entries(palette.colors).map(([surface, hex]) => `${surface} ${hex}`).join(', ')
    lines.push(`Palette: ${palette.name}: ${palette.description} Colours: ${colours}.`)
  }
  return lines.join('\n')
}

function endpoint(baseUrl: string): string {
  return `${baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/chat/completions`
}

export function createOpenAiRoomAnalyzer(options: OpenAiRoomAnalyzerOptions): RoomAnalyzer {
  const doFetch = options.fetch ?? fetch
  const url = endpoint(options.baseUrl)
  return {
    name: 'openai',
    async analyze(input) {
      const body = {
        model: options.model,
        messages: [
          { role: 'system', content: ROOM_ANALYSIS_INSTRUCTIONS },
          {
            role: 'user',
            content: [
              { type: 'text', text: roomContextText(input) },
              { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${input.image.toString('base64')}` } },
            ],
          },
        ],
        response_format: { type: 'json_object' },
        temperature: 0.2,
      }

      let response: Response
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${options.apiKey}` },
          body: JSON.stringify(body),
          signal: input.signal,
        })
      } catch (error) {
        if (input.signal.aborted) throw error
        throw new RoomAnalysisError(`Could not reach the analysis model at ${url}`, { cause: error })
      }

      const text = await response.text()
      if (!response.ok) {
        const detail = ErrorBodySchema.safeParse(safeJson(text))
        throw new RoomAnalysisError(`The analysis model refused the request (HTTP ${response.status})${detail.success ? `: ${detail.data.error.message}` : ''}`)
      }
      const completion = ChatCompletionSchema.safeParse(safeJson(text))
      if (!completion.success) throw new RoomAnalysisError('The analysis model answered with an unexpected response body')
      const content = completion.data.choices[0]?.message.content
      if (!content) throw new RoomAnalysisError('The analysis model returned no content')
      const json = safeJson(content)
      if (json === undefined) throw new RoomAnalysisError('The analysis model returned malformed JSON')
      const parsed = AnalysisContentSchema.safeParse(json)
      if (!parsed.success) throw new RoomAnalysisError(`The analysis model returned items that do not match the schema: ${z.prettifyError(parsed.error)}`)
      return parsed.data.items.slice(0, MAX_ITEMS) satisfies RoomItem[]
    },
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
