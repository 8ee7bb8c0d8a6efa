import { randomBytes } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { findPalette } from '../../shared/catalogue/palettes'
import { findStyle, styleTitle } from '../../shared/catalogue/styles'
import { LOCAL_ENGINE_METHOD } from '../../shared/generation'
import { SAMPLE_NOT_SHAREABLE_MESSAGE, SHARE_TOKEN_PATTERN, SHARED_DESIGN_MISSING_MESSAGE, type ShareLink, type SharedDesignView } from '../../shared/schemas/shares'
import type { Database } from '../db/client'
import { designShares, images, userDesigns } from '../db/schema'
import { AppError } from '../lib/app-error'
import type { ObjectStorage } from '../storage/object-storage'
import { findOwnDesign } from './designs'

// Share links (decision 0043-share-links). The token is the only key: 256 random bits, looked up on every request (no
// cache), so a revoked link or a deleted design stops working at once.

export type ShareDeps = { db: Database; publicUrl: string }

export const sharePath = (token: string) => `/s/${token}`
export const sharedImagePath = (token: string, which: 'before' | 'after') => `/api/shares/${token}/${which}.jpg`

function shareLink(deps: ShareDeps, row: { token: string; createdAt: Date }): ShareLink {
  return { url: new URL(sharePath(row.token), deps.publicUrl).href, createdAt: row.createdAt.toISOString() }
}

/** The owner's link to a design, or null when it has none. */
export async function findShareLink(deps: ShareDeps, userId: string, designId: string): Promise<ShareLink | null> {
  await findOwnDesign(deps.db, userId, designId)
  const [row] = await deps.db.select().from(designShares).where(and(eq(designShares.designId, designId), eq(designShares.userId, userId)))
  return row ? shareLink(deps, row) : null
}

/** Makes the design's link (or returns the one it has). A sample (fallback) design is not the owner's work: refused. */
export async function createShareLink(deps: ShareDeps, userId: string, designId: string): Promise<{ link: ShareLink; created: boolean }> {
  const design = await findOwnDesign(deps.db, userId, designId)
  if (design.isFallback || !design.transformedImageId || !design.originalImageId) throw new AppError('conflict', SAMPLE_NOT_SHAREABLE_MESSAGE)
  const token = randomBytes(32).toString('base64url')
  const [created] = await deps.db.insert(designShares).values({ token, designId, userId }).onConflictDoNothing({ target: designShares.designId }).returning()
  if (created) return { link: shareLink(deps, created), created: true }
  const existing = await findShareLink(deps, userId, designId)
  if (!existing) throw new AppError('conflict', 'The link could not be made. Please try again.')
  return { link: existing, created: false }
}

/** Turns the link off: from this moment the address answers 404. */
export async function revokeShareLink(db: Database, userId: string, designId: string): Promise<void> {
  await findOwnDesign(db, userId, designId)
  await db.delete(designShares).where(and(eq(designShares.designId, designId), eq(designShares.userId, userId)))
}

async function findShared(db: Database, token: string) {
  if (!SHARE_TOKEN_PATTERN.test(token)) return undefined
  const [row] = await db
    .select({ design: userDesigns })
    .from(designShares)
    .innerJoin(userDesigns, eq(userDesigns.id, designShares.designId))
    .where(eq(designShares.token, token))
  return row?.design
}

/** What /s/<token> shows, picked field by field: no id, owner, email, name or other design ever leaves here. */
export async function readSharedDesign(db: Database, token: string): Promise<SharedDesignView> {
  const design = await findShared(db, token)
  if (!design?.transformedImageId) throw new AppError('not_found', SHARED_DESIGN_MISSING_MESSAGE)
  const [after] = await db.select({ width: images.width, height: images.height }).from(images).where(eq(images.id, design.transformedImageId))
  const palette = findPalette(design.colorPalette)
  return {
    title: design.designTitle,
    style: design.style,
    styleName: styleTitle(design.style),
    styleDescription: findStyle(design.style)?.description ?? '',
    palette: design.colorPalette,
    paletteName: palette?.name ?? null,
    beforeUrl: sharedImagePath(token, 'before'),
    afterUrl: sharedImagePath(token, 'after'),
    width: after?.width ?? 1024,
    height: after?.height ?? 768,
    madeByEngine: design.methodUsed === LOCAL_ENGINE_METHOD,
  }
}

/** One of the shared design's two pictures: only the images of that design are reachable through its token. */
export async function readSharedImage(deps: { db: Database; storage: ObjectStorage }, token: string, which: 'before' | 'after'): Promise<{ bytes: Buffer; contentType: string }> {
  const design = await findShared(deps.db, token)
  const imageId = which === 'before' ? design?.originalImageId : design?.transformedImageId
  const [row] = imageId && design ? await deps.db.select().from(images).where(and(eq(images.id, imageId), eq(images.userId, design.userId))) : []
  const bytes = row ? await deps.storage.get(row.storageKey) : undefined
  if (!row || !bytes) throw new AppError('not_found', SHARED_DESIGN_MISSING_MESSAGE)
  return { bytes, contentType: row.contentType }
}
