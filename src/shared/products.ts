import { z } from './schemas/zod'

// spec §3 Product and room analysis; §7/§9 retailers and their category defaults.
export const PRODUCT_CATEGORIES = ['Fixtures', 'Lighting', 'Hardware', 'Storage', 'Decor', 'Accessories', 'Textiles'] as const
export const ProductCategorySchema = z.enum(PRODUCT_CATEGORIES)
export type ProductCategory = z.infer<typeof ProductCategorySchema>

export const RETAILERS = ['Amazon', 'Home Depot', 'Lowes', 'Wayfair'] as const
export type Retailer = (typeof RETAILERS)[number]

/** spec §9: Fixtures and Hardware → Home Depot; Lighting → Lowes; Decor → Wayfair; Storage, Accessories and Textiles → Amazon. */
export const DEFAULT_RETAILER: Record<ProductCategory, Retailer> = {
  Fixtures: 'Home Depot',
  Hardware: 'Home Depot',
  Lighting: 'Lowes',
  Decor: 'Wayfair',
  Storage: 'Amazon',
  Accessories: 'Amazon',
  Textiles: 'Amazon',
}

/**
 * Issue 22: what a category's products usually cost at the big-box retailers we link to, shown as a band (our links
 * are searches, so no single price is known). US dollars, rounded; a guide, not a quote.
 */
export const CATEGORY_PRICE_BANDS: Record<ProductCategory, string> = {
  Fixtures: '$80–$350',
  Lighting: '$40–$200',
  Hardware: '$15–$80',
  Storage: '$40–$180',
  Decor: '$25–$150',
  Accessories: '$10–$45',
  Textiles: '$15–$70',
}

/**
 * Issue 22: each product is shown with a picture of its kind, taken from our own rendered imagery (docs/assets.md): a
 * close view of a style preview where that kind of thing stands, at `x`/`y` per cent of the image, enlarged `zoom` times.
 */
export const CATEGORY_PICTURES: Record<ProductCategory, { style: 'scandinavian' | 'farmhouse' | 'glam' | 'coastal'; x: number; y: number; zoom: number }> = {
  Fixtures: { style: 'scandinavian', x: 50, y: 50, zoom: 2.6 },
  Lighting: { style: 'glam', x: 32, y: 28, zoom: 2.4 },
  Hardware: { style: 'scandinavian', x: 14, y: 52, zoom: 3 },
  Storage: { style: 'farmhouse', x: 30, y: 78, zoom: 2.4 },
  Decor: { style: 'farmhouse', x: 32, y: 36, zoom: 2.4 },
  Accessories: { style: 'glam', x: 25, y: 64, zoom: 3 },
  Textiles: { style: 'scandinavian', x: 30, y: 76, zoom: 2.8 },
}

/** spec §3 room analysis response item. */
export const RoomItemSchema = z.object({
  name: z.string().min(1).max(120),
  description: z.string().max(400),
  category: ProductCategorySchema,
  retailerSuggestion: z.string().max(60),
  searchTerms: z.array(z.string().min(1).max(120)).min(1).max(6),
})
export type RoomItem = z.infer<typeof RoomItemSchema>

/** spec §3 Product. price is always 'Search for price' (we link to searches, not listings). */
export type Product = {
  id: string
  name: string
  description: string
  price: 'Search for price'
  image: string | null
  link: string
  category: ProductCategory
  source: string
  affiliate: boolean
  searchTerms: string[]
}

/** A retailer's search URL for the terms; Amazon links carry the affiliate tag when there is one. */
export function retailerLink(retailer: string, terms: readonly string[], amazonTag?: string): { url: string; source: string; affiliate: boolean } {
  const query = terms.join(' ').trim()
  const q = encodeURIComponent(query)
  switch (retailer.toLowerCase().replace(/[^a-z]/g, '')) {
    case 'amazon':
      return { url: `https://www.amazon.com/s?k=${q}${amazonTag ? `&tag=${encodeURIComponent(amazonTag)}` : ''}`, source: 'Amazon', affiliate: Boolean(amazonTag) }
    case 'homedepot':
      return { url: `https://www.homedepot.com/s/${q}`, source: 'Home Depot', affiliate: false }
    case 'lowes':
      return { url: `https://www.lowes.com/search?searchTerm=${q}`, source: 'Lowes', affiliate: false }
    case 'wayfair':
      return { url: `https://www.wayfair.com/keyword.php?keyword=${q}`, source: 'Wayfair', affiliate: false }
    default:
      return { url: `https://www.google.com/search?q=${q}`, source: 'Web search', affiliate: false }
  }
}

/** spec §9: the fallback list has 10 generic items; the first 8 are used by default. */
export const FALLBACK_ROOM_ITEMS: readonly RoomItem[] = [
  { name: 'Single-handle bathroom faucet', description: 'A sturdy single-handle faucet that suits most vanities.', category: 'Fixtures', retailerSuggestion: 'Home Depot', searchTerms: ['single handle bathroom faucet'] },
  { name: 'Framed vanity mirror', description: 'A framed mirror sized for a standard vanity.', category: 'Decor', retailerSuggestion: 'Wayfair', searchTerms: ['framed bathroom vanity mirror'] },
  { name: 'Vanity light fixture', description: 'A three-light fixture to light the mirror evenly.', category: 'Lighting', retailerSuggestion: 'Lowes', searchTerms: ['3 light bathroom vanity light'] },
  { name: 'Towel bar set', description: 'Matching towel bar, ring and hook.', category: 'Hardware', retailerSuggestion: 'Home Depot', searchTerms: ['bathroom towel bar set'] },
  { name: 'Over-the-toilet storage shelf', description: 'Adds shelving without taking floor space.', category: 'Storage', retailerSuggestion: 'Amazon', searchTerms: ['over the toilet storage shelf'] },
  { name: 'Cotton bath towel set', description: 'Soft, absorbent towels in a neutral tone.', category: 'Textiles', retailerSuggestion: 'Amazon', searchTerms: ['cotton bath towel set'] },
  { name: 'Non-slip bath mat', description: 'A washable mat that stays put.', category: 'Textiles', retailerSuggestion: 'Amazon', searchTerms: ['non slip bath mat'] },
  { name: 'Soap dispenser and tray set', description: 'Counter accessories that tidy the vanity.', category: 'Accessories', retailerSuggestion: 'Amazon', searchTerms: ['bathroom soap dispenser tray set'] },
  { name: 'Shower curtain', description: 'A fabric shower curtain to soften the room.', category: 'Textiles', retailerSuggestion: 'Amazon', searchTerms: ['fabric shower curtain'] },
  { name: 'Potted faux plant', description: 'Greenery that thrives without light or care.', category: 'Decor', retailerSuggestion: 'Wayfair', searchTerms: ['small faux potted plant bathroom'] },
]
