import { sql } from 'drizzle-orm'
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { PALETTE_IDS } from '../../shared/catalogue/palettes'
import { STYLE_IDS } from '../../shared/catalogue/styles'
import { CHANGE_GROUPS } from '../../shared/change-groups'
import { GENERATION_ERROR_TYPES, GENERATION_STATUSES, ROOM_TYPES } from '../../shared/generation'
import { MEMBERSHIP_TIERS } from '../../shared/membership'
import type { RoomItem } from '../../shared/products'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

// Columns that hold one of a fixed set of values are typed with it (`text({ enum })`: a TypeScript type, no SQL
// change), so what is read back needs no cast and what is written is checked when it is compiled.
const styleId = (name: string) => text(name, { enum: STYLE_IDS })
const paletteId = (name: string) => text(name, { enum: PALETTE_IDS })
const roomType = (name: string) => text(name, { enum: ROOM_TYPES })
/** Decision 0045: what a redesign changed, in canonical order; rows from before the choice existed changed everything. */
const changeGroups = (name: string) =>
  text(name, { enum: CHANGE_GROUPS })
    .array()
    .notNull()
    .default(sql`'{walls,floor,cabinetry,fixtures}'::text[]`)

/** Why the balance moved: one per kind of grant or spend (unique with its reference). */
export const LEDGER_REASONS = ['signup_bonus', 'generation', 'generation_refund', 'product_list', 'purchase', 'promo', 'admin', 'refund'] as const
export type LedgerReason = (typeof LEDGER_REASONS)[number]
export const CONTACT_MESSAGE_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const
export const PURCHASE_STATUSES = ['pending', 'fulfilled', 'failed', 'cancelled'] as const
/** An image's photo check: passed, or why it was refused. */
export const PHOTO_SCREENINGS = ['passed', 'person', 'not_a_photo'] as const
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

// ---------------------------------------------------------------------------------------------
// better-auth's tables, written by hand (its schema CLI does not run on Node 20). Column names
// are better-auth's field names; the Drizzle adapter maps them by property name.
// ---------------------------------------------------------------------------------------------
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (table) => [index('session_user_idx').on(table.userId)],
)

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('account_user_idx').on(table.userId)],
)

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('verification_identifier_idx').on(table.identifier)],
)

// better-auth's rate limiter, kept in the database so every API process shares one count.
export const rateLimit = pgTable('rate_limit', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
})

// ---------------------------------------------------------------------------------------------
// Lavo's own tables.
// ---------------------------------------------------------------------------------------------

/** spec §3 user_profiles: membership_tier is 'free' until a package is bought. */
export const userProfiles = pgTable('user_profiles', {
  id: text('id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  membershipTier: text('membership_tier', { enum: MEMBERSHIP_TIERS }).notNull().default('free'),
  createdAt: createdAt(),
})

/**
 * Consent to the email list (issue 22): when its owner agreed and to which words; left_at once they leave. One row per
 * account; agreeing again after leaving replaces it.
 */
export const newsletterConsents = pgTable('newsletter_consents', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
  wording: text('wording').notNull(),
  leftAt: timestamp('left_at', { withTimezone: true }),
})

/** spec §3 user_credits: the balance. Changed only together with a credit_ledger row. */
export const userCredits = pgTable(
  'user_credits',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    credits: integer('credits').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('user_credits_non_negative', sql`${table.credits} >= 0`)],
)

/** Append-only. unique (reason, reference) makes every grant and spend idempotent. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    reason: text('reason', { enum: LEDGER_REASONS }).notNull(),
    reference: text('reference').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('credit_ledger_reason_reference_idx').on(table.reason, table.reference), index('credit_ledger_user_idx').on(table.userId, table.createdAt)],
)

/** spec §3 credit_packages. */
export const creditPackages = pgTable('credit_packages', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  credits: integer('credits').notNull(),
  priceCents: integer('price_cents').notNull(),
  popular: boolean('popular').notNull().default(false),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

/** Contact messages are stored before they are emailed, so none is lost when email fails. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('contact_messages_status_idx').on(table.status)],
)

/** Every stored image (uploads, results). Served only to its owner. */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: integer('bytes').notNull(),
    sha256: text('sha256').notNull(),
    /** The photo check's verdict (decision 0042), kept so a photo is checked once: null until a generation asks. */
    screening: text('screening', { enum: PHOTO_SCREENINGS }),
    createdAt: createdAt(),
  },
  (table) => [index('images_user_idx').on(table.userId)],
)

export const generations = pgTable(
  'generations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    status: text('status', { enum: GENERATION_STATUSES }).notNull().default('queued'),
    style: styleId('style').notNull(),
    colorPalette: paletteId('color_palette').notNull(),
    roomType: roomType('room_type').notNull(),
    changes: changeGroups('changes'),
    inputImageId: uuid('input_image_id').notNull(),
    resultImageId: uuid('result_image_id'),
    designId: uuid('design_id'),
    cacheKey: text('cache_key').notNull(),
    provider: text('provider'),
    methodUsed: text('method_used'),
    isFallback: boolean('is_fallback').notNull().default(false),
    errorType: text('error_type', { enum: GENERATION_ERROR_TYPES }),
    errorMessage: text('error_message'),
    /** Why a sample was shown, in words fit for the user (spec §8 'Using sample image: {error}'); internal details stay in error_message. */
    reason: text('reason'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    index('generations_user_idx').on(table.userId, table.createdAt),
    index('generations_cache_idx').on(table.userId, table.cacheKey),
    // The waiting screen's queue position and typical wait (services/generations describeWait).
    index('generations_queued_idx').on(table.createdAt).where(sql`${table.status} = 'queued'`),
    index('generations_provider_finished_idx').on(table.provider, table.finishedAt).where(sql`${table.status} = 'succeeded'`),
  ],
)

/** spec §3 user_designs. */
export const userDesigns = pgTable(
  'user_designs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    originalImageUrl: text('original_image_url').notNull(),
    transformedImageUrl: text('transformed_image_url').notNull(),
    originalImageId: uuid('original_image_id'),
    transformedImageId: uuid('transformed_image_id'),
    style: styleId('style').notNull(),
    colorPalette: paletteId('color_palette').notNull().default('surprise-me'),
    roomType: roomType('room_type').notNull().default('bathroom'),
    changes: changeGroups('changes'),
    designTitle: text('design_title').notNull(),
    isFallback: boolean('is_fallback').notNull().default(false),
    methodUsed: text('method_used').notNull().default('flux-canny-pro'),
    creditsUsed: integer('credits_used').notNull().default(1),
    generationId: uuid('generation_id').unique(),
    createdAt: createdAt(),
  },
  (table) => [index('user_designs_user_created_idx').on(table.userId, table.createdAt, table.id)],
)

export const purchases = pgTable(
  'purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    packageId: text('package_id')
      .notNull()
      .references(() => creditPackages.id),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    provider: text('provider').notNull(),
    providerSessionId: text('provider_session_id').unique(),
    status: text('status', { enum: PURCHASE_STATUSES }).notNull().default('pending'),
    isProductFlow: boolean('is_product_flow').notNull().default(false),
    /** A same-origin path checked by ReturnPathSchema: where the buyer returns after paying or cancelling. */
    returnPath: text('return_path'),
    createdAt: createdAt(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
  },
  (table) => [index('purchases_user_idx').on(table.userId)],
)

export const promoCodes = pgTable('promo_codes', {
  code: text('code').primaryKey(),
  credits: integer('credits').notNull(),
  maxRedemptions: integer('max_redemptions'),
  redemptionCount: integer('redemption_count').notNull().default(0),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

export const promoRedemptions = pgTable(
  'promo_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code')
      .notNull()
      .references(() => promoCodes.code),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('promo_redemptions_code_user_idx').on(table.code, table.userId)],
)

/** A design's product list, charged once (ledger reference = design id) and free to reopen. */
export const productLists = pgTable('product_lists', {
  designId: uuid('design_id')
    .primaryKey()
    .references(() => userDesigns.id, { onDelete: 'cascade' }),
  userId: text('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  items: jsonb('items').$type<RoomItem[]>().notNull(),
  analysisUsed: boolean('analysis_used').notNull().default(false),
  createdAt: createdAt(),
})

/** The embedded job queue: jobs persist, so a crash never loses accepted work. */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Whose job it is (an account id): workers share their time fairly between owners. */
    owner: text('owner'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('jobs_ready_idx').on(table.status, table.runAt), index('jobs_owner_idx').on(table.owner, table.status, table.updatedAt)],
)

export const schema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  userProfiles,
  newsletterConsents,
  userCredits,
  creditLedger,
  creditPackages,
  contactMessages,
  images,
  generations,
  userDesigns,
  purchases,
  promoCodes,
  promoRedemptions,
  productLists,
  jobs,
}


/**
 * A public link to one design (decision 0043-share-links): /s/<token>, where the token is 32 random bytes (256 bits)
 * that only the owner is shown. Revoking deletes the row; deleting the design (or the account) deletes it with it.
 */
export const designShares = pgTable(
  'design_shares',
  {
    token: text('token').primaryKey(),
    designId: uuid('design_id')
      .notNull()
      .unique()
      .references(() => userDesigns.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [index('design_shares_user_idx').on(table.userId)],
)
