import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { Auth } from './auth/create-auth'
import type { Config } from './config'
import type { DatabaseHandle } from './db/client'
import { AppError, isAppError } from './lib/app-error'
import { createSessionReader } from './lib/session'
import { errorBody, limitBody, settleUnreadBody } from './lib/http'
import { API_CONTENT_SECURITY_POLICY, PERMISSIONS_POLICY, STRICT_TRANSPORT_SECURITY } from './lib/security-headers'
import { createRateLimiter } from './services/rate-limit'
import type { Logger } from './lib/logger'
import { createStaticSite } from './lib/static-site'
import type { RemoteFetchOptions } from './images/fetch-remote-image'
import type { ObjectStorage } from './storage/object-storage'
import type { PhotoScreener } from './images/photo-screening'
import type { JobQueue } from './jobs/job-queue'
import type Stripe from 'stripe'
import type { PaymentProvider } from './providers/payments/payment-provider'
import { checkoutRoutes } from './routes/checkout'
import { adminRoutes } from './routes/admin'
import { designRoutes, productRoutes } from './routes/designs'
import type { AnalyzeRoom } from './services/products'
import type { GeneratorInfo, PublicConfig } from '../shared/public-config'
import { promoCodeRoutes } from './routes/promo-codes'
import { stripeWebhookRoutes } from './routes/stripe-webhook'
import type { NewsletterProvider } from './providers/newsletter/newsletter-provider'
import type { EmailProvider } from './providers/email/email-provider'
import { authRoutes } from './routes/auth'
import { contactRoutes } from './routes/contact'
import { creditPackageRoutes } from './routes/credit-packages'
import { healthRoutes } from './routes/health'
import { imageRoutes, UPLOAD_BODY_LIMIT } from './routes/images'
import { generationRoutes } from './routes/generations'
import { meRoutes } from './routes/me'
import { passwordResetRoutes } from './routes/password-reset'
import { designShareRoutes, publicShareRoutes, sharePageRoute } from './routes/shares'

export type AppDeps = {
  config: Pick<
    Config,
    | 'env'
    | 'publicUrl'
    | 'trustedOrigins'
    | 'trustProxy'
    | 'contactTo'
    | 'clientDir'
    | 'google'
    | 'stripe'
    | 'amazonTag'
    | 'generationTimeoutMs'
    | 'abuseLimits'
    | 'rateLimits'
    | 'storageQuotaBytes'
    | 'maxQueuedGenerations'
    | 'generationProvider'
  >
  database: DatabaseHandle
  email: EmailProvider
  newsletter: NewsletterProvider
  auth: Auth
  storage: ObjectStorage
  queue: JobQueue
  payments: PaymentProvider
  analyzeRoom: AnalyzeRoom
  /** What visitors are told makes their designs (GET /api/config). */
  generator: GeneratorInfo
  /** Set when Stripe is configured: verifies webhooks. */
  stripe?: Stripe
  logger: Logger
  /** Authenticates the admin CLI's commands to this server. */
  adminToken: string
  /** The photo check (decision 0042): people and non-photos are refused before anything is charged. */
  screenPhoto: PhotoScreener
  /** Test-only knobs for server-side URL fetches (a resolver, allow-listed local hosts). */
  remoteFetch?: RemoteFetchOptions
}

type AppEnv = { Variables: { requestId: string; logger: Logger; receivedAt: number } }

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
}
/** Every /api route but the upload (its own 10 MB cap) and the Stripe webhook (512 kB) takes at most this. */
export const API_BODY_LIMIT = 100 * 1024
const limitApiBody = limitBody(API_BODY_LIMIT)
const OWN_BODY_LIMITS = [/^\/api\/images\/?$/, /^\/api\/images\/check\/?$/, /^\/api\/webhooks\//]
const hasOwnBodyLimit = (path: string) => OWN_BODY_LIMITS.some((route) => route.test(path))
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Sets headers on the finished response in place. Hono's c.header() on a finished response rebuilds
 * it as a full web Response once per call, which took the Node adapter off its fast path and cost
 * more than the handlers on the read endpoints. A response with immutable headers falls back to it.
 */
function setResponseHeaders(c: Context<AppEnv>, values: Record<string, string>) {
  try {
    const headers = c.res.headers
    for (const [name, value] of Object.entries(values)) headers.set(name, value)
  } catch {
    for (const [name, value] of Object.entries(values)) c.header(name, value)
  }
}

/** Builds the whole HTTP app from its dependencies: no globals, so tests build their own. */
export function createApp(deps: AppDeps) {
  const { db } = deps.database
  const app = new Hono<AppEnv>()
  // Per-process read caches follow the database's change feed (decision 0008).
  const changes = deps.database.changes(deps.logger)
  const sessions = createSessionReader(deps.auth, db, changes)
  const allowedOrigins = new Set([new URL(deps.config.publicUrl).origin, ...deps.config.trustedOrigins])
  const rateLimits = createRateLimiter(db, deps.config.rateLimits, deps.config.abuseLimits)
  const limits = { rateLimits, trustProxy: deps.config.trustProxy }
  const securityHeaders: Record<string, string> = {
    ...SECURITY_HEADERS,
    ...(deps.config.publicUrl.startsWith('https://') ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  }

  app.use('*', async (c, next) => {
    const incoming = c.req.header('x-request-id')
    const requestId = incoming && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID()
    const logger = deps.logger.child({ requestId })
    c.set('requestId', requestId)
    c.set('logger', logger)
    const started = performance.now()
    c.set('receivedAt', started)
    await next()
    if (!BODYLESS_METHODS.has(c.req.method) && !(await settleUnreadBody(c, hasOwnBodyLimit(c.req.path) ? UPLOAD_BODY_LIMIT : API_BODY_LIMIT))) {
      setResponseHeaders(c, { Connection: 'close' })
    }
    // Pages carry their own policy (with the hashes of their inline scripts); anything else may run nothing.
    const policy: Record<string, string> = c.res.headers.has('Content-Security-Policy') ? {} : { 'Content-Security-Policy': API_CONTENT_SECURITY_POLICY }
    setResponseHeaders(c, { 'X-Request-Id': requestId, ...securityHeaders, ...policy })
    if (c.req.path.startsWith('/api/')) {
      logger.info('request', { method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) })
    }
  })

  // A state-changing API call must come from our own pages. Browsers send Origin on cross-origin
  // POSTs (and Sec-Fetch-Site everywhere); webhooks are signed instead and are exempt.
  app.use('/api/*', async (c, next) => {
    if (UNSAFE_METHODS.has(c.req.method) && !c.req.path.startsWith('/api/webhooks/')) {
      const origin = c.req.header('origin')
      const site = c.req.header('sec-fetch-site')
      const crossOrigin = origin ? !allowedOrigins.has(origin) : site === 'cross-site'
      if (crossOrigin) return c.json(errorBody(new AppError('forbidden', 'Cross-origin requests are not allowed')), 403)
    }
    await next()
  })

  // A NUL character has no business in any address; PostgreSQL refuses it in text, so it is refused here (400).
  app.use('/api/*', async (c, next) => {
    if (/%00/i.test(c.req.url) || c.req.url.includes('\0')) throw new AppError('validation', 'The request contains a character that is not allowed')
    await next()
  })

  // Every request body counts against a limit while it streams in, whatever its Content-Type says: 100 kB for
  // the JSON API; the upload route (10 MB) and the webhook (512 kB) set their own. Only the upload takes multipart.
  app.use('/api/*', async (c, next) => {
    if (BODYLESS_METHODS.has(c.req.method) || hasOwnBodyLimit(c.req.path)) return next()
    if (/^multipart\//i.test(c.req.header('content-type') ?? '')) throw new AppError('unsupported_media', 'This endpoint takes JSON')
    return limitApiBody(c, next)
  })

  app.route('/api/health', healthRoutes({ ping: deps.database.ping }))
  app.route('/api/auth', authRoutes({ auth: deps.auth, ...limits, db, logger: deps.logger, newsletter: deps.newsletter }))
  app.route('/api/me', meRoutes({ db, sessions, newsletter: deps.newsletter, logger: deps.logger }))
  app.route('/api/password-reset', passwordResetRoutes({ auth: deps.auth }))
  app.route('/api/images', imageRoutes({ db, storage: deps.storage, screenPhoto: deps.screenPhoto, sessions, ...limits, storageQuotaBytes: deps.config.storageQuotaBytes, fetchOptions: deps.remoteFetch }))
  app.route('/api/generations', generationRoutes({ db, storage: deps.storage, screenPhoto: deps.screenPhoto, queue: deps.queue, sessions, ...limits, timeoutMs: deps.config.generationTimeoutMs, maxQueued: deps.config.maxQueuedGenerations, generatorName: deps.config.generationProvider }))
  // The buyer comes back to the origin they paid from when it is one of this server's own (without a public address,
  // http://localhost:PORT and http://127.0.0.1:PORT alike: their sign-in cookies differ), else to the public address.
  const returnOrigin = (origin: string | undefined) => (origin && origin !== new URL(deps.config.publicUrl).origin && allowedOrigins.has(origin) ? origin : deps.config.publicUrl)
  app.route('/api/checkout', checkoutRoutes({ db, payments: deps.payments, logger: deps.logger, publicUrl: deps.config.publicUrl, sessions, returnOrigin }))
  app.route('/api/promo-codes', promoCodeRoutes({ db, sessions }))
  if (deps.stripe && deps.config.stripe) app.route('/api/webhooks/stripe', stripeWebhookRoutes({ db, logger: deps.logger, stripe: deps.stripe, webhookSecret: deps.config.stripe.webhookSecret }))
  app.route('/api/designs', designRoutes({ db, storage: deps.storage, sessions, changes }))
  app.route('/api/designs', designShareRoutes({ db, publicUrl: deps.config.publicUrl, sessions, ...limits }))
  app.route('/api/shares', publicShareRoutes({ db, storage: deps.storage, ...limits }))
  app.route('/api/designs', productRoutes({ db, storage: deps.storage, sessions, ...limits, analyze: deps.analyzeRoom, amazonTag: deps.config.amazonTag }))
  app.route('/api/admin', adminRoutes({ db, token: deps.adminToken }))
  // Read at run time by prerendered pages too (decision 0017): what may differ between installs of the same build.
  const publicConfig: PublicConfig = {
    googleSignIn: Boolean(deps.config.google),
    payments: deps.payments.name,
    stripePublishableKey: deps.config.stripe?.publishableKey ?? null,
    generator: deps.generator,
    generationTimeoutSeconds: Math.round(deps.config.generationTimeoutMs / 1000),
  }
  app.get('/api/config', (c) => c.json(publicConfig))
  app.route('/api/credit-packages', creditPackageRoutes({ db }))
  app.route('/api/contact', contactRoutes({ db, email: deps.email, logger: deps.logger, contactTo: deps.config.contactTo, sessions, ...limits }))

  app.all('/api/*', (c) => c.json(errorBody(new AppError('not_found', 'Not found')), 404))

  app.onError((error, c) => {
    if (isAppError(error)) {
      if (error.retryAfterSeconds) c.header('Retry-After', String(error.retryAfterSeconds))
      return c.json(errorBody(error), error.status)
    }
    c.get('logger').error('unhandled error', { method: c.req.method, path: c.req.path, error })
    return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500)
  })

  // While the built-in test checkout is active, every page shows the demo banner (decision 0016-demo-banner-and-production-default).
  const site = createStaticSite(deps.config.clientDir, { demo: deps.payments.name === 'test' })
  app.route('/s', sharePageRoute({ db, publicUrl: deps.config.publicUrl, shellPage: site.shellPage, ...limits }))
  app.get('*', site)
  app.on('HEAD', '*', site)
  return app
}

/**
 * Keep idle connections open longer than clients and load balancers do (Node closes them after 5 s),
 * so a client never sends a request on a socket the server is just closing.
 */
export function keepConnectionsAlive(server: unknown): void {
  const http = server as { keepAliveTimeout?: number; headersTimeout?: number }
  http.keepAliveTimeout = 65_000
  http.headersTimeout = 66_000
}
