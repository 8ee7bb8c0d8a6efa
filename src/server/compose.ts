import type { AppDeps } from './app'
import { createAuth } from './auth/create-auth'
import { resolveAuthSecret, type Config } from './config'
import type { DatabaseHandle } from './db/client'
import type { Logger } from './lib/logger'
import { z } from 'zod'
import { createDatabaseJobQueue } from './jobs/database-job-queue'
import type { JobHandler } from './jobs/job-queue'
import { createGenerationProvider, describeGenerator } from './providers/generation/create-generation-provider'
import type { GenerationProvider } from './providers/generation/generation-provider'
import { abandonGeneration, GENERATION_JOB, runGeneration, type GenerationDeps } from './services/generations'
import type { RemoteFetchOptions } from './images/fetch-remote-image'
import { createStorage } from './storage/create-storage'
import { analyzeRoomWithFallback } from './providers/analysis/analyze-room-with-fallback'
import { createRoomAnalyzer } from './providers/analysis/create-room-analyzer'
import type { RoomAnalyzer } from './providers/analysis/room-analyzer'
import type { AnalyzeRoom } from './services/products'
import { adminToken } from './admin/admin-access'
import { createStripeClient, createStripePaymentProvider } from './providers/payments/stripe-payment-provider'
import { createTestPaymentProvider } from './providers/payments/test-payment-provider'
import type { ObjectStorage } from './storage/object-storage'
import { createPhotoScreener, type PhotoScreener } from './images/photo-screening'
import { detectPeople } from './providers/analysis/human-detector'
import { createEmailProvider } from './providers/email/create-email-provider'
import type { EmailProvider } from './providers/email/email-provider'
import { createNewsletterProvider } from './providers/newsletter/create-newsletter-provider'
import type { NewsletterProvider } from './providers/newsletter/newsletter-provider'

export type Overrides = { screenPhoto?: PhotoScreener; email?: EmailProvider; newsletter?: NewsletterProvider; storage?: ObjectStorage; remoteFetch?: RemoteFetchOptions; generation?: GenerationProvider; roomAnalyzer?: RoomAnalyzer }

// Job payloads are parsed like any other input.
const GenerationJobSchema = z.object({ generationId: z.uuid() })

/** Wires every provider and service from the configuration: the one place that chooses implementations. */
export function composeServer(config: Config, database: DatabaseHandle, logger: Logger, overrides: Overrides = {}): AppDeps & { jobHandlers: Record<string, JobHandler>; roomAnalyzer: RoomAnalyzer; generation: GenerationProvider } {
  const email = overrides.email ?? createEmailProvider(config)
  const newsletter = overrides.newsletter ?? createNewsletterProvider(config, logger)
  const auth = createAuth({
    db: database.db,
    email,
    logger,
    secret: resolveAuthSecret(config),
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
    google: config.google,
    rateLimit: config.rateLimit,
  })
  const storage = overrides.storage ?? createStorage(config)
  const queue = createDatabaseJobQueue({ db: database.db, logger, lockTimeoutMs: config.jobLockTimeoutMs })
  const generation = overrides.generation ?? createGenerationProvider(config)
  const generationDeps: GenerationDeps = { db: database.db, storage, queue, provider: generation, logger, timeoutMs: config.generationTimeoutMs }
  const jobHandlers: Record<string, JobHandler> = {
    [GENERATION_JOB]: {
      run: (payload) => runGeneration(generationDeps, GenerationJobSchema.parse(payload).generationId),
      onExhausted: (payload, error) => abandonGeneration(generationDeps, GenerationJobSchema.parse(payload).generationId, error),
    },
  }
  const roomAnalyzer = overrides.roomAnalyzer ?? createRoomAnalyzer({ analyzer: config.roomAnalyzer.analyzer, openai: config.roomAnalyzer.openai })
  const analyzeRoom: AnalyzeRoom = ({ signal, ...input }) => analyzeRoomWithFallback(roomAnalyzer, { ...input, signal }, { logger })
  const stripe = config.stripe ? createStripeClient(config.stripe) : undefined
  const payments = stripe ? createStripePaymentProvider(stripe) : createTestPaymentProvider()
  const screenPhoto = overrides.screenPhoto ?? createPhotoScreener(detectPeople)
  return { config, database, screenPhoto, email, newsletter, auth, storage, queue, jobHandlers, payments, stripe, analyzeRoom, roomAnalyzer, generation, generator: describeGenerator(config), logger, adminToken: adminToken(config.dataDir, config.adminToken), remoteFetch: overrides.remoteFetch ?? (config.imageImportAllowHosts.length > 0 ? { allowHosts: new Set(config.imageImportAllowHosts) } : undefined) }
}
