import { and, count, desc, eq, lt, or, sql } from 'drizzle-orm'
import type { DesignPage, DesignView } from '../../shared/schemas/designs'
import type { Database } from '../db/client'
import { generations, images, productLists, userDesigns } from '../db/schema'
import { AppError } from '../lib/app-error'
import type { ObjectStorage } from '../storage/object-storage'

type DesignRow = typeof userDesigns.$inferSelect

export function toDesignView(row: DesignRow, hasProducts: boolean): DesignView {
  return {
    id: row.id,
    original_image_url: row.originalImageUrl,
    transformed_image_url: row.transformedImageUrl,
    style: row.style,
    color_palette: row.colorPalette,
    room_type: row.roomType,
    changes: row.changes,
    design_title: row.designTitle,
    is_fallback: row.isFallback,
    method_used: row.methodUsed,
    credits_used: row.creditsUsed,
    created_at: row.createdAt.toISOString(),
    has_products: hasProducts,
  }
}

// The cursor is the last row's (created_at, id): stable under inserts, no offsets to skip.
function encodeCursor(row: DesignRow): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url')
}

const CURSOR_TIME = /^(19[7-9]\d|2\d{3})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/
const CURSOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** A cursor is only what encodeCursor writes: a real instant (1970–2999, as toISOString writes it) and a UUID. Anything else is 400. */
export function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const invalid = new AppError('validation', 'Invalid page cursor')
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(cursor)) throw invalid
  const parts = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  const [time, id] = parts
  if (parts.length !== 2 || !time || !id || !CURSOR_TIME.test(time) || !CURSOR_ID.test(id)) throw invalid
  const createdAt = new Date(time)
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== time) throw invalid
  return { createdAt, id }
}

// Qualified by hand: drizzle leaves columns unqualified in a one-table select, and a bare "id" inside
// the subquery would silently mean product_lists.id if that table ever gained one.
const hasProductsColumn = sql<boolean>`exists (select 1 from product_lists where product_lists.design_id = user_designs.id)`

/**
 * The two page queries, prepared once per database: the first page, and a page after a cursor. The
 * total rides along on every row, so a page is one round trip; on PostgreSQL the plan is reused.
 */
function prepareDesignPages(db: Database) {
  const userId = sql.placeholder('userId')
  const columns = { design: userDesigns, hasProducts: hasProductsColumn, total: sql<number>`(select count(*)::int from user_designs mine where mine.user_id = ${userId})` }
  const newestFirst = [desc(userDesigns.createdAt), desc(userDesigns.id)] as const
  const afterCreatedAt = sql.placeholder('afterCreatedAt')
  return {
    first: db
      .select(columns)
      .from(userDesigns)
      .where(eq(userDesigns.userId, userId))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .prepare('lavo_designs_first_page'),
    after: db
      .select(columns)
      .from(userDesigns)
      .where(and(eq(userDesigns.userId, userId), or(lt(userDesigns.createdAt, afterCreatedAt), and(eq(userDesigns.createdAt, afterCreatedAt), lt(userDesigns.id, sql.placeholder('afterId'))))))
      .orderBy(...newestFirst)
      .limit(sql.placeholder('limit'))
      .prepare('lavo_designs_after_cursor'),
  }
}
const designPages = new WeakMap<Database, ReturnType<typeof prepareDesignPages>>()

/** The user's own designs, newest first, a page at a time. */
export async function listDesigns(db: Database, userId: string, options: { cursor?: string; limit: number }): Promise<DesignPage> {
  const after = options.cursor ? decodeCursor(options.cursor) : undefined
  let queries = designPages.get(db)
  if (!queries) designPages.set(db, (queries = prepareDesignPages(db)))
  const limit = options.limit + 1
  const rows = after
    ? await queries.after.execute({ userId, limit, afterCreatedAt: after.createdAt.toISOString(), afterId: after.id })
    : await queries.first.execute({ userId, limit })
  const page = rows.slice(0, options.limit)
  const last = page.at(-1)
  // Only an empty later page needs its own count.
  const total = rows[0] ? Number(rows[0].total) : after ? await countDesigns(db, userId) : 0
  return {
    designs: page.map((row) => toDesignView(row.design, row.hasProducts)),
    nextCursor: rows.length > options.limit && last ? encodeCursor(last.design) : null,
    total,
  }
}

async function countDesigns(db: Database, userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(userDesigns).where(eq(userDesigns.userId, userId))
  return row?.value ?? 0
}

export async function findOwnDesign(db: Database, userId: string, designId: string): Promise<DesignRow> {
  const [row] = await db
    .select()
    .from(userDesigns)
    .where(and(eq(userDesigns.id, designId), eq(userDesigns.userId, userId)))
  if (!row) throw new AppError('not_found', 'Design not found')
  return row
}

export async function getDesign(db: Database, userId: string, designId: string): Promise<DesignView> {
  const row = await findOwnDesign(db, userId, designId)
  const [list] = await db.select({ id: productLists.designId }).from(productLists).where(eq(productLists.designId, designId))
  return toDesignView(row, Boolean(list))
}

/**
 * Deletes a design and its product list, and removes its images from storage: the result always, the
 * original photo when no other design of the user still shows it.
 */
export async function deleteDesign(deps: { db: Database; storage: ObjectStorage }, userId: string, designId: string): Promise<void> {
  const design = await findOwnDesign(deps.db, userId, designId)
  const doomedKeys = await deps.db.transaction(async (tx) => {
    await tx.delete(userDesigns).where(and(eq(userDesigns.id, designId), eq(userDesigns.userId, userId)))
    const candidates = [design.transformedImageId, design.originalImageId].filter((id): id is string => Boolean(id))
    const keys: string[] = []
    for (const imageId of candidates) {
      const [stillUsed] = await tx
        .select({ id: userDesigns.id })
        .from(userDesigns)
        .where(and(eq(userDesigns.userId, userId), or(eq(userDesigns.originalImageId, imageId), eq(userDesigns.transformedImageId, imageId))))
        .limit(1)
      if (stillUsed) continue
      // Generations keep their history row; their image reference just stops resolving.
      await tx.update(generations).set({ resultImageId: null }).where(and(eq(generations.userId, userId), eq(generations.resultImageId, imageId)))
      const [removed] = await tx
        .delete(images)
        .where(and(eq(images.id, imageId), eq(images.userId, userId)))
        .returning({ storageKey: images.storageKey })
      if (removed) keys.push(removed.storageKey)
    }
    return keys
  })
  // Files go after the rows are gone: a crash here leaves an unreferenced file, never a broken design.
  for (const key of doomedKeys) await deps.storage.delete(key)
}
