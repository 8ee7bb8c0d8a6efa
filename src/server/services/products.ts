import { and, eq } from 'drizzle-orm'
import { INSUFFICIENT_CREDITS_MESSAGE } from '../../shared/generation-messages'
import { DEFAULT_RETAILER, retailerLink, type Product, type RoomItem } from '../../shared/products'
import type { ProductList } from '../../shared/schemas/designs'
import type { Database } from '../db/client'
import { images, productLists, userProfiles } from '../db/schema'
import { AppError } from '../lib/app-error'
import type { RoomAnalysisInput } from '../providers/analysis/room-analyzer'
import { ROOM_ANALYSIS_BUDGET_MS } from '../providers/analysis/analyze-room-with-fallback'
import type { ObjectStorage } from '../storage/object-storage'
import { getCreditBalance, spendCreditIn } from './credits'
import { findOwnDesign } from './designs'

export type AnalyzeRoom = (input: RoomAnalysisInput) => Promise<{ items: RoomItem[]; analysisUsed: boolean; message?: string }>

export type ProductDeps = { db: Database; storage: ObjectStorage; analyze: AnalyzeRoom; amazonTag?: string }

export const MEMBERS_ONLY = 'Product recommendations are for members. Buy any credit package to unlock them.'

export function toProducts(designId: string, items: readonly RoomItem[], amazonTag?: string): Product[] {
  return items.map((item, index) => {
    const link = retailerLink(item.retailerSuggestion || DEFAULT_RETAILER[item.category], item.searchTerms, amazonTag)
    return { id: `${designId}-${index + 1}`, name: item.name, description: item.description, price: 'Search for price', image: null, link: link.url, category: item.category, source: link.source, affiliate: link.affiliate, searchTerms: item.searchTerms }
  })
}

/** A design's saved product list (free to reopen), or undefined. */
export async function getProductList(deps: Pick<ProductDeps, 'db' | 'amazonTag'>, userId: string, designId: string): Promise<ProductList | undefined> {
  await findOwnDesign(deps.db, userId, designId)
  const [saved] = await deps.db
    .select()
    .from(productLists)
    .where(and(eq(productLists.designId, designId), eq(productLists.userId, userId)))
  if (!saved) return undefined
  return { designId, products: toProducts(designId, saved.items, deps.amazonTag), analysisUsed: saved.analysisUsed, message: null, charged: false }
}

/**
 * Paid members only. The first list for a design costs 1 credit (ledger reference = design id) and is
 * saved with it; opening it again is free. Analysis failures fall back to generic items (still useful,
 * and saved, so the member is not charged twice).
 */
export async function createProductList(deps: ProductDeps, userId: string, designId: string): Promise<ProductList> {
  const existing = await getProductList(deps, userId, designId)
  if (existing) return existing
  const design = await findOwnDesign(deps.db, userId, designId)
  const [profile] = await deps.db.select({ tier: userProfiles.membershipTier }).from(userProfiles).where(eq(userProfiles.id, userId))
  if (profile?.tier !== 'paid') throw new AppError('forbidden', MEMBERS_ONLY)
  if (design.isFallback || !design.transformedImageId) throw new AppError('validation', 'Product recommendations are not available for sample images. Try generating the design again.')
  if ((await getCreditBalance(deps.db, userId)) < 1) throw new AppError('insufficient_credits', INSUFFICIENT_CREDITS_MESSAGE)

  const [image] = await deps.db.select().from(images).where(eq(images.id, design.transformedImageId))
  const bytes = image ? await deps.storage.get(image.storageKey) : undefined
  if (!bytes) throw new AppError('not_found', 'Design not found')
  const analysis = await deps.analyze({ image: bytes, styleId: design.style, paletteId: design.colorPalette, roomType: design.roomType, signal: AbortSignal.timeout(ROOM_ANALYSIS_BUDGET_MS + 1_000) })

  const charged = await deps.db.transaction(async (tx) => {
    const spent = await spendCreditIn(tx, { userId, reason: 'product_list', reference: designId })
    await tx.insert(productLists).values({ designId, userId, items: analysis.items, analysisUsed: analysis.analysisUsed }).onConflictDoNothing()
    return spent
  })
  const saved = await getProductList(deps, userId, designId)
  if (!saved) throw new Error('product list vanished after saving')
  return { ...saved, message: analysis.message ?? null, charged }
}
