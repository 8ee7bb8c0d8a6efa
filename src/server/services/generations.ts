import { createHash, randomUUID } from 'node:crypto'
import sharp from 'sharp'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { findPalette, type PaletteId } from '../../shared/catalogue/palettes'
import { sampleImagePath, styleTitle, type StyleId } from '../../shared/catalogue/styles'
import { changeGroupsKey, type ChangeGroup } from '../../shared/change-groups'
import { GENERATION_CACHE_MS, type GenerationStatus, type GenerationView, type RoomType } from '../../shared/generation'
import { FAILED_MESSAGE, INSUFFICIENT_CREDITS_MESSAGE, TIMEOUT_MESSAGE } from '../../shared/generation-messages'
import { PHOTO_MISSING_MESSAGE, type CompareRequest, type GenerationRequest } from '../../shared/schemas/generation'
import type { Database } from '../db/client'
import { generations, images, userDesigns } from '../db/schema'
import type { JobQueue } from '../jobs/job-queue'
import { AppError } from '../lib/app-error'
import type { Logger } from '../lib/logger'
import { GenerationRefusal, type GenerationProvider } from '../providers/generation/generation-provider'
import type { ObjectStorage } from '../storage/object-storage'
import { creditSpendSql, grantCredits } from './credits'
import { discardImage, imageUrl, saveImage } from './images'
import { assertPhotoAllowed, type PhotoCheckDeps } from './photo-checks'

export const GENERATION_JOB = 'generation'

export type GenerationDeps = {
  db: Database
  storage: ObjectStorage
  queue: JobQueue
  provider: GenerationProvider
  logger: Logger
  timeoutMs: number
}

type GenerationRow = typeof generations.$inferSelect

const TERMINAL: readonly GenerationStatus[] = ['succeeded', 'failed']

export function designTitle(style: StyleId, palette: PaletteId, roomType: RoomType): string {
  const room = roomType === 'living_room' ? 'Living Room' : roomType.charAt(0).toUpperCase() + roomType.slice(1)
  const paletteName = palette === 'surprise-me' ? undefined : findPalette(palette)?.name
  return `${styleTitle(style)} ${room}${paletteName ? ` in ${paletteName}` : ''}`
}

/** The message when an account already has its maximum of designs waiting or in progress. */
export function queueFullMessage(maxQueued: number): string {
  return `You already have ${maxQueued} ${maxQueued === 1 ? 'design' : 'designs'} being generated. Please wait for one to finish before starting another.`
}

/**
 * The part of the cache key after the photo's hash: style, palette, room and, when not everything changes, the chosen
 * groups (decision 0045). Keys for "everything" are the ones written before the choice existed, so they still match.
 */
export function cacheChoice(request: Pick<GenerationRequest, 'style' | 'palette' | 'roomType' | 'changes'>): string {
  const changes = changeGroupsKey(request.changes)
  return `:${request.style}:${request.palette}:${request.roomType}${changes ? `:${changes}` : ''}`
}

/** A PostgreSQL array literal of change groups (values parsed by the request schema: plain words, nothing to escape). */
function changesArray(groups: readonly ChangeGroup[]): string {
  return `{${groups.join(',')}}`
}

/** The message when a comparison would take an account past its maximum of designs waiting or in progress. */
export function compareQueueFullMessage(maxQueued: number, open: number, wanted: number): string {
  return `Comparing ${wanted} styles starts ${wanted} designs, and you can have ${maxQueued} being generated at a time. ${open} ${open === 1 ? 'is' : 'are'} still in progress: please wait for ${open === 1 ? 'it' : 'them'} to finish.`
}

/**
 * Accepts a generation: reserves 1 credit through the ledger (reference = generation id) and enqueues
 * the job in the same transaction. With no credit nothing is written and nothing is enqueued. The same
 * photo, style, palette and room within 24 hours returns the earlier result without a charge.
 */
export async function requestGeneration(
  deps: Pick<GenerationDeps, 'db' | 'queue' | 'timeoutMs'> & PhotoCheckDeps & { maxQueued: number },
  userId: string,
  request: GenerationRequest,
): Promise<{ id: string; cached: boolean }> {
  const choice = cacheChoice(request)
  if (!request.retry) {
    // Any result for the photo (it must be the user's own) from the last 24 hours.
    const cachedId = await findCachedGeneration(deps.db, userId, request.imageId, choice)
    if (cachedId) return { id: cachedId, cached: true }
  }
  // A photo of a person, or no photo of a room, is refused before anything is spent (decision 0042).
  await assertPhotoAllowed(deps, userId, request.imageId)

  const id = randomUUID()
  await acceptGenerations(deps, userId, request, [{ id, style: request.style }], () => queueFullMessage(deps.maxQueued))
  return { id, cached: false }
}

/**
 * Accepts fresh generations of one photo, palette, room and choice of changes, one per style, all or none, in one
 * statement in one transaction: one credit each (a ledger row per generation, reason 'generation', reference = its
 * id, so each failure is refunded on its own), only if the photo is the user's, the balance covers all of them and the
 * account's open generations (ones past their deadline no longer count) stay within maxQueued. The generations and
 * their jobs exist exactly when the credits were spent; a short balance or a full queue throws, which rolls the ledger
 * rows back: nothing is written. `queueFull(open)` words the refusal when the queue is the reason.
 */
async function acceptGenerations(
  deps: Pick<GenerationDeps, 'db' | 'queue' | 'timeoutMs'> & { maxQueued: number },
  userId: string,
  request: Pick<GenerationRequest, 'imageId' | 'palette' | 'roomType' | 'changes'>,
  fresh: ReadonlyArray<{ id: string; style: StyleId }>,
  queueFull: (open: number) => string,
): Promise<void> {
  const count = fresh.length
  if (count === 0) return
  const openSince = new Date(Date.now() - deps.timeoutMs - OVERDUE_GRACE_MS)
  const wanted = sql.join(
    fresh.map((answer) => sql`(${answer.id}::uuid, ${answer.style}::text, ${cacheChoice({ ...request, style: answer.style })}::text)`),
    sql`, `,
  )
  await deps.db.transaction(async (tx) => {
    const result = await tx.execute(sql`
      with photo as (
        select id, sha256 from ${images} where id = ${request.imageId} and user_id = ${userId}
      ), open as (
        select count(*)::int as n from ${generations}
        where ${generations.userId} = ${userId} and ${generations.status} in ('queued', 'running') and ${generations.createdAt} > ${openSince.toISOString()}
      ), wanted (id, style, choice) as (
        values ${wanted}
      ), ${creditSpendSql({ userId, reason: 'generation', amount: 1, references: sql`select id::text from wanted`, count, when: sql`exists (select 1 from photo) and (select n from open) + ${count}::int <= ${deps.maxQueued}::int` })},
      generation as (
        insert into ${generations} (id, user_id, style, color_palette, room_type, changes, input_image_id, cache_key)
        select wanted.id, ${userId}, wanted.style, ${request.palette}, ${request.roomType}, ${changesArray(request.changes)}::text[], photo.id, photo.sha256 || wanted.choice
        from photo, wanted
        where exists (select 1 from spent)
        returning id
      ), job as (
        ${deps.queue.enqueueFrom(GENERATION_JOB, sql`jsonb_build_object('generationId', generation.id)`, sql`generation`, { maxAttempts: 3, owner: userId })}
      )
      select (select count(*)::int from photo) as photo, (select count(*)::int from generation) as created, (select n from open) as open`)
    const [outcome] = (result as unknown as { rows: Array<{ photo: number; created: number; open: number }> }).rows
    if (!outcome?.photo) throw new AppError('not_found', PHOTO_MISSING_MESSAGE)
    if (!outcome.created && outcome.open + count > deps.maxQueued) throw new AppError('rate_limited', queueFull(outcome.open), { retryAfterSeconds: 5 })
    // A short balance: throwing rolls back the ledger rows written above.
    if (outcome.created !== count) throw new AppError('insufficient_credits', INSUFFICIENT_CREDITS_MESSAGE)
  })
  deps.queue.enqueued()
}

/** A fresh (24 h) real result of the user's photo for one choice, or null; throws not_found when the photo is not theirs. */
async function findCachedGeneration(db: Database, userId: string, imageId: string, choice: string): Promise<string | null> {
  const since = new Date(Date.now() - GENERATION_CACHE_MS)
  const [found] = await db
    .select({
      cachedId: sql<string | null>`(
        select ${generations.id} from ${generations}
        where ${generations.userId} = ${userId} and ${generations.cacheKey} = ${images.sha256} || ${choice}
          and ${generations.status} = 'succeeded' and ${generations.isFallback} = false and ${generations.resultImageId} is not null
          and ${generations.createdAt} > ${since.toISOString()}
        order by ${generations.createdAt} desc limit 1)`,
    })
    .from(images)
    .where(and(eq(images.id, imageId), eq(images.userId, userId)))
  if (!found) throw new AppError('not_found', PHOTO_MISSING_MESSAGE)
  return found.cachedId
}

/**
 * Compare styles (issue 19 §3, decision 0046): one generation per style, each its own design. Styles with a fresh
 * result for this photo, palette, room and choice of changes reuse it at no charge; the rest are accepted together
 * or not at all, in one statement: one credit per generation (a ledger row each, reference = its generation id, so
 * each failure is refunded on its own by finishWithFallback), only if the balance covers all of them and the account's
 * open generations stay within maxQueued. A short balance or a full queue writes nothing.
 */
export async function requestComparison(
  deps: Pick<GenerationDeps, 'db' | 'queue' | 'timeoutMs'> & PhotoCheckDeps & { maxQueued: number },
  userId: string,
  request: CompareRequest,
): Promise<Array<{ style: StyleId; id: string; cached: boolean }>> {
  const answers: Array<{ style: StyleId; id: string; cached: boolean }> = []
  for (const style of request.styles) {
    const cachedId = await findCachedGeneration(deps.db, userId, request.imageId, cacheChoice({ ...request, style }))
    answers.push({ style, id: cachedId ?? randomUUID(), cached: cachedId !== null })
  }
  const fresh = answers.filter((answer) => !answer.cached)
  if (fresh.length === 0) return answers
  // As for one design: a photo of a person, or no photo of a room, is refused before anything is spent (decision 0042).
  await assertPhotoAllowed(deps, userId, request.imageId)

  await acceptGenerations(deps, userId, request, fresh, (open) => compareQueueFullMessage(deps.maxQueued, open, fresh.length))
  return answers
}

/** The job: run the provider with the timeout, then capture the credit and save the design, or refund and fall back. */
export async function runGeneration(deps: GenerationDeps, generationId: string): Promise<void> {
  const [generation] = await deps.db.select().from(generations).where(eq(generations.id, generationId))
  if (!generation || TERMINAL.includes(generation.status)) return
  await deps.db.update(generations).set({ status: 'running', updatedAt: new Date() }).where(and(eq(generations.id, generationId), eq(generations.status, 'queued')))

  // The timeout runs from acceptance, not from when a worker got to the job: time spent queued counts, so
  // the user hears within 75 s either way (spec §9), and a job picked up too late never runs at all.
  const remainingMs = deadlineOf(generation, deps.timeoutMs) - Date.now()
  if (remainingMs <= 0) return finishWithFallback(deps, generation, 'timeout', null)

  const [input] = await deps.db.select().from(images).where(eq(images.id, generation.inputImageId))
  const photo = input ? await deps.storage.get(input.storageKey) : undefined
  if (!input || !photo) return finishWithFallback(deps, generation, 'failed', 'The photo for this design could not be read', 'The photo for this design could not be read.')

  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(new Error('timeout')), remainingMs)
  let output: { image: Buffer; method: string }
  try {
    output = await deps.provider.generate({
      image: photo,
      styleId: generation.style,
      paletteId: generation.colorPalette,
      roomType: generation.roomType,
      changes: generation.changes,
      seed: seedFor(generationId),
      signal: controller.signal,
    })
    if (controller.signal.aborted) throw new Error('timeout')
  } catch (error) {
    const timedOut = controller.signal.aborted
    deps.logger.warn('generation provider failed', { generationId, provider: deps.provider.name, timedOut, error })
    // Only a provider's own words for the user reach the user (spec §8 'Using sample image: {error}'); the rest is logged.
    const reason = !timedOut && error instanceof GenerationRefusal ? error.userMessage : null
    return finishWithFallback(deps, generation, timedOut ? 'timeout' : 'failed', timedOut ? null : error instanceof Error ? error.message : String(error), reason)
  } finally {
    clearTimeout(timer)
  }

  const result = await saveImage(deps, generation.userId, { bytes: output.image, contentType: 'image/jpeg', ...(await dimensions(output.image)) })
  const saved = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(generations)
      .set({ status: 'succeeded', resultImageId: result.id, methodUsed: output.method, provider: deps.provider.name, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(generations.id, generationId), inArray(generations.status, ['queued', 'running'])))
      .returning()
    if (!claimed) return false
    const [design] = await tx
      .insert(userDesigns)
      .values({
        userId: generation.userId,
        originalImageUrl: imageUrl(generation.inputImageId),
        transformedImageUrl: result.url,
        originalImageId: generation.inputImageId,
        transformedImageId: result.id,
        style: generation.style,
        colorPalette: generation.colorPalette,
        roomType: generation.roomType,
        changes: generation.changes,
        designTitle: designTitle(generation.style, generation.colorPalette, generation.roomType),
        isFallback: false,
        methodUsed: output.method,
        creditsUsed: 1,
        generationId,
      })
      .returning({ id: userDesigns.id })
    await tx.update(generations).set({ designId: design!.id }).where(eq(generations.id, generationId))
    return true
  })
  // Closed meanwhile (timed out on a read, or finished by another worker): the image belongs to nothing.
  if (!saved) await discardImage(deps, result.id)
}

/** Provider error, failure or timeout: the credit comes back exactly once and the style's sample is saved as a fallback design. */
export async function finishWithFallback(
  deps: Pick<GenerationDeps, 'db'>,
  generation: GenerationRow,
  errorType: 'timeout' | 'failed',
  errorMessage: string | null,
  reason: string | null = null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(generations)
      .set({ status: 'failed', isFallback: true, errorType, errorMessage, reason, finishedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(generations.id, generation.id), inArray(generations.status, ['queued', 'running'])))
      .returning()
    if (!claimed) return
    await grantCredits(tx, { userId: generation.userId, amount: 1, reason: 'generation_refund', reference: generation.id })
    const [design] = await tx
      .insert(userDesigns)
      .values({
        userId: generation.userId,
        originalImageUrl: imageUrl(generation.inputImageId),
        transformedImageUrl: sampleImagePath(generation.style),
        originalImageId: generation.inputImageId,
        style: generation.style,
        colorPalette: generation.colorPalette,
        roomType: generation.roomType,
        changes: generation.changes,
        designTitle: designTitle(generation.style, generation.colorPalette, generation.roomType),
        isFallback: true,
        methodUsed: 'sample',
        creditsUsed: 0,
        generationId: generation.id,
      })
      .returning({ id: userDesigns.id })
    await tx.update(generations).set({ designId: design!.id }).where(eq(generations.id, generation.id))
  })
}

/** A job that failed for good (every attempt used): refund once and fall back. */
export async function abandonGeneration(deps: Pick<GenerationDeps, 'db'>, generationId: string, error: unknown): Promise<void> {
  const [generation] = await deps.db.select().from(generations).where(eq(generations.id, generationId))
  if (!generation) return
  await finishWithFallback(deps, generation, 'failed', error instanceof Error ? error.message : String(error))
}

/** When a generation must have finished: its timeout counted from acceptance. */
function deadlineOf(generation: Pick<GenerationRow, 'createdAt'>, timeoutMs: number): number {
  return generation.createdAt.getTime() + timeoutMs
}

/** A reader may close a generation this long after its deadline, when no worker has (all busy, or gone). */
const OVERDUE_GRACE_MS = 2_000

/**
 * The owner's view of a generation. One still open well past its deadline is closed here as a timeout
 * (refund and sample, exactly once: the same claim as the worker's), so the answer the user waits for
 * never depends on a worker being free; a worker that finishes it later finds it closed and charges nothing.
 */
export async function getGeneration(deps: Pick<GenerationDeps, 'db' | 'timeoutMs'> & { generatorName?: string }, userId: string, id: string): Promise<GenerationView> {
  const { db } = deps
  let [row] = await db
    .select()
    .from(generations)
    .where(and(eq(generations.id, id), eq(generations.userId, userId)))
  if (!row) throw new AppError('not_found', 'Design not found')
  if (!TERMINAL.includes(row.status) && Date.now() > deadlineOf(row, deps.timeoutMs) + OVERDUE_GRACE_MS) {
    await finishWithFallback(deps, row, 'timeout', null)
    ;[row] = await db.select().from(generations).where(eq(generations.id, id))
    if (!row) throw new AppError('not_found', 'Design not found')
  }
  const finished = TERMINAL.includes(row.status)
  const waiting = finished ? null : await describeWait(deps.db, row, deps.generatorName ?? row.provider)
  return {
    queuePosition: waiting?.queuePosition ?? null,
    typicalDurationMs: waiting?.typicalDurationMs ?? null,
    id: row.id,
    status: row.status,
    style: row.style,
    palette: row.colorPalette,
    roomType: row.roomType,
    changes: row.changes,
    createdAt: row.createdAt.toISOString(),
    result: finished
      ? {
          designId: row.designId,
          image: row.isFallback ? sampleImagePath(row.style) : row.resultImageId ? imageUrl(row.resultImageId) : '',
          title: designTitle(row.style, row.colorPalette, row.roomType),
          fallback: row.isFallback,
          error: row.isFallback ? row.reason : null,
          errorMessage: row.errorType === 'timeout' ? TIMEOUT_MESSAGE : row.isFallback ? FAILED_MESSAGE : null,
          errorType: row.errorType,
          generatedAt: (row.finishedAt ?? row.updatedAt).toISOString(),
          method: row.isFallback ? 'sample' : (row.methodUsed ?? 'unknown'),
          creditsUsed: row.isFallback ? 0 : 1,
        }
      : null,
  }
}

/** How many recent designs the typical wait is the median of, and how few make no median worth showing. */
const TYPICAL_SAMPLE = 50
const TYPICAL_MINIMUM = 3

/**
 * What the waiting screen says (issue 22): the generation's place in the queue while it waits, and how long the
 * configured generator has recently taken from acceptance to design (the median of its last 50 real designs). Two
 * small indexed queries (generations_queued_idx, generations_provider_finished_idx), run only while a job is open.
 *
 * The place follows the queue's fair order (decision 0013: accounts take turns), not first come first served: the
 * account's n-th waiting design goes after its own n − 1 before it, after every other account's first n − 1 waiting
 * designs, and after their n-th where that was queued earlier (the same turn goes by arrival). So one account's
 * flood does not put a newcomer at number 40.
 */
export async function describeWait(db: Database, row: Pick<GenerationRow, 'id' | 'status' | 'userId'>, generatorName: string | null): Promise<{ queuePosition: number | null; typicalDurationMs: number | null }> {
  let queuePosition: number | null = null
  if (row.status === 'queued') {
    const result = await db.execute(sql`
      with waiting as (
        select ${generations.id} as id, ${generations.userId} as owner, ${generations.createdAt} as created,
          row_number() over (partition by ${generations.userId} order by ${generations.createdAt}, ${generations.id}) as turn
        from ${generations} where ${generations.status} = 'queued'
      )
      select me.turn, (
        select count(*) from waiting other
        where other.owner <> me.owner and (other.turn < me.turn or (other.turn = me.turn and other.created < me.created))
      ) as ahead
      from waiting me where me.id = ${row.id}`)
    const [place] = (result as unknown as { rows: Array<{ turn: number | string; ahead: number | string }> }).rows
    const turn = Math.max(1, Number(place?.turn ?? 1))
    queuePosition = turn + Number(place?.ahead ?? 0)
  }
  let typicalDurationMs: number | null = null
  if (generatorName) {
    const result = await db.execute(sql`
      select percentile_cont(0.5) within group (order by recent.ms) as median, count(*) as samples
      from (
        select extract(epoch from (${generations.finishedAt} - ${generations.createdAt})) * 1000 as ms
        from ${generations}
        where ${generations.provider} = ${generatorName} and ${generations.status} = 'succeeded' and ${generations.finishedAt} is not null
        order by ${generations.finishedAt} desc
        limit ${TYPICAL_SAMPLE}
      ) recent`)
    // PGlite and node-postgres both answer { rows }; numerics may come back as strings.
    const [summary] = (result as unknown as { rows: Array<{ median: number | string | null; samples: number | string }> }).rows
    if (summary && Number(summary.samples) >= TYPICAL_MINIMUM && summary.median !== null) typicalDurationMs = Math.round(Number(summary.median))
  }
  return { queuePosition, typicalDurationMs }
}

function seedFor(generationId: string): number {
  return createHash('sha256').update(generationId).digest().readUInt32LE(0)
}

async function dimensions(bytes: Buffer): Promise<{ width: number; height: number }> {
  const metadata = await sharp(bytes).metadata()
  return { width: metadata.width ?? 0, height: metadata.height ?? 0 }
}
