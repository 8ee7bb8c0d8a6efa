import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { z } from 'zod'

// The only place that reads process.env. Every variable is documented in .env.example.
const EnvSchema = z.object({
  // Production unless told otherwise: `npm start` and `node dist/server/main.js` run with production defaults
  // (rate limits on); `npm run dev` sets development and the test suites set test.
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.string().url().optional(),
  DATA_DIR: z.string().default('data'),
  DATABASE_URL: z.string().url().optional(),
  ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z.string().optional(),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Test installs only: host:port pairs (comma-separated) a photo import may reach although private, e.g. a loopback photo server. */
  IMAGE_IMPORT_ALLOW_HOSTS: z.string().regex(/^\s*([^\s,:]+:\d+\s*(,\s*|$))*$/, 'IMAGE_IMPORT_ALLOW_HOSTS is a comma-separated list of host:port').optional(),
  RATE_LIMIT: z.enum(['on', 'off']).optional(),
  KIT_API_KEY: z.string().optional(),
  KIT_BASE_URL: z.string().url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  EMAIL_FROM: z.string().default('Lavo <hello@lavo.local>'),
  CONTACT_TO: z.string().email().default('support@lavo.local'),
  ROOM_ANALYZER: z.enum(['local', 'openai']).default('local'),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com'),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  AMAZON_ASSOCIATE_TAG: z.string().max(64).optional(),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('true'),
  ADMIN_TOKEN: z.string().min(24, 'ADMIN_TOKEN must be at least 24 characters').optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  GENERATION_PROVIDER: z.enum(['local', 'failing', 'stalling', 'replicate']).default('local'),
  REPLICATE_API_TOKEN: z.string().optional(),
  REPLICATE_MODEL: z.enum(['flux-canny-pro', 'flux-depth-pro']).default('flux-canny-pro'),
  REPLICATE_API_BASE: z.string().url().optional(),
  GENERATION_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(75_000),
  JOB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  // Abuse limits (decision 0012-abuse-limits): "<max>/<window seconds>" per client IP and per account.
  RATE_LIMIT_CONTACT_IP: rateLimitSpec('5/600'),
  RATE_LIMIT_CONTACT_ACCOUNT: rateLimitSpec('5/600'),
  RATE_LIMIT_UPLOAD_IP: rateLimitSpec('60/600'),
  RATE_LIMIT_UPLOAD_ACCOUNT: rateLimitSpec('30/600'),
  RATE_LIMIT_PHOTO_CHECK_IP: rateLimitSpec('60/600'),
  RATE_LIMIT_PHOTO_CHECK_ACCOUNT: rateLimitSpec('30/600'),
  RATE_LIMIT_SHARE_IP: rateLimitSpec('60/600'),
  RATE_LIMIT_SHARE_ACCOUNT: rateLimitSpec('30/600'),
  RATE_LIMIT_SHARE_VIEW_IP: rateLimitSpec('600/600'),
  RATE_LIMIT_IMPORT_IP: rateLimitSpec('20/60'),
  RATE_LIMIT_IMPORT_ACCOUNT: rateLimitSpec('20/60'),
  RATE_LIMIT_SIGN_UP_IP: rateLimitSpec('10/600'),
  RATE_LIMIT_PASSWORD_RESET_IP: rateLimitSpec('5/60'),
  RATE_LIMIT_PASSWORD_RESET_EMAIL: rateLimitSpec('5/3600'),
  RATE_LIMIT_GENERATION_IP: rateLimitSpec('60/600'),
  RATE_LIMIT_GENERATION_ACCOUNT: rateLimitSpec('30/600'),
  RATE_LIMIT_PRODUCTS_IP: rateLimitSpec('60/600'),
  RATE_LIMIT_PRODUCTS_ACCOUNT: rateLimitSpec('30/600'),
  STORAGE_QUOTA_MB: z.coerce.number().int().min(1).default(500),
  MAX_QUEUED_GENERATIONS: z.coerce.number().int().min(1).max(100).default(3),
  UNUSED_UPLOAD_MAX_AGE_MS: z.coerce.number().int().min(1000).default(24 * 60 * 60 * 1000),
  UPLOAD_SWEEP_INTERVAL_MS: z.coerce.number().int().min(500).default(60 * 60 * 1000),
})

function rateLimitSpec(fallback: string) {
  return z
    .string()
    .default(fallback)
    .transform((value, context) => {
      const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value)
      const max = Number(match?.[1])
      const windowSeconds = Number(match?.[2])
      if (!match || max < 1 || windowSeconds < 1) {
        context.addIssue({ code: 'custom', message: 'expected "<max>/<window seconds>", e.g. 20/600' })
        return z.NEVER
      }
      return { max, windowMs: windowSeconds * 1000 }
    })
}

export type RateLimitRule = { max: number; windowMs: number }
export type RateLimitScope = 'contact' | 'upload' | 'photoCheck' | 'share' | 'shareView' | 'import' | 'signUp' | 'passwordReset' | 'generation' | 'products'
export type RateLimits = Record<RateLimitScope, { ip: RateLimitRule; account?: RateLimitRule }>

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  publicUrl: string
  dataDir: string
  databaseUrl: string | undefined
  role: 'all' | 'api' | 'worker'
  authSecret: string | undefined
  trustedOrigins: string[]
  trustProxy: number
  imageImportAllowHosts: string[]
  rateLimit: boolean
  /** The per-IP and per-account abuse limits (rateLimits): on unless RATE_LIMIT=off, whatever NODE_ENV says. */
  abuseLimits: boolean
  kitApiKey: string | undefined
  kitBaseUrl: string | undefined
  google: { clientId: string; clientSecret: string } | undefined
  smtpUrl: string | undefined
  emailFrom: string
  contactTo: string
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent'
  generationProvider: 'local' | 'failing' | 'stalling' | 'replicate'
  replicate: { apiToken: string; model: 'flux-canny-pro' | 'flux-depth-pro'; apiBase: string | undefined } | undefined
  adminToken: string | undefined
  roomAnalyzer: { analyzer: 'local' | 'openai'; openai: { apiKey: string; baseUrl: string; model: string } | undefined }
  amazonTag: string | undefined
  s3: { endpoint: string | undefined; bucket: string; region: string; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean } | undefined
  stripe: { secretKey: string; webhookSecret: string; publishableKey: string; apiBase: string | undefined } | undefined
  generationTimeoutMs: number
  jobLockTimeoutMs: number
  clientDir: string
  /** Per-IP and per-account request limits (enforced when rateLimit is on). */
  rateLimits: RateLimits
  storageQuotaBytes: number
  maxQueuedGenerations: number
  unusedUploadMaxAgeMs: number
  uploadSweepIntervalMs: number
}

/**
 * Without a configured public address the server is a local one, reached as http://localhost:PORT or
 * http://127.0.0.1:PORT (or [::1]) alike: all of them are its own origin (decision 0030). With PUBLIC_URL set, only
 * that origin (and TRUSTED_ORIGINS) counts.
 */
export function loopbackOrigins(port: number): string[] {
  return [`http://localhost:${port}`, `http://127.0.0.1:${port}`, `http://[::1]:${port}`]
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`).join('\n')
    throw new Error(`Invalid environment:\n${problems}`)
  }
  const vars = parsed.data
  if (vars.GENERATION_PROVIDER === 'replicate' && !vars.REPLICATE_API_TOKEN) throw new Error('Invalid environment:\n  REPLICATE_API_TOKEN: required when GENERATION_PROVIDER=replicate')
  if (vars.ROOM_ANALYZER === 'openai' && !vars.OPENAI_API_KEY) throw new Error('Invalid environment:\n  OPENAI_API_KEY: required when ROOM_ANALYZER=openai')
  if (vars.STORAGE === 's3' && !vars.S3_BUCKET) throw new Error('Invalid environment:\n  S3_BUCKET: required when STORAGE=s3')
  // Some Stripe keys but not all is a half-finished setup: falling back to the test checkout there would let
  // anyone "pay" with the built-in page and receive real credits, so the server refuses to start instead.
  const stripeKeys = { STRIPE_SECRET_KEY: vars.STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: vars.STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY: vars.STRIPE_PUBLISHABLE_KEY }
  const missingStripeKeys = Object.entries(stripeKeys).filter(([, value]) => !value).map(([name]) => name)
  if (missingStripeKeys.length > 0 && missingStripeKeys.length < 3) {
    throw new Error(`Invalid environment:\n  ${missingStripeKeys.join(', ')}: required when any Stripe key is set (set all three for Stripe, none for the test checkout)`)
  }
  const publicUrl = vars.PUBLIC_URL ?? `http://localhost:${vars.PORT}`
  return {
    env: vars.NODE_ENV,
    port: vars.PORT,
    host: vars.HOST,
    publicUrl,
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    role: vars.ROLE,
    authSecret: vars.AUTH_SECRET,
    trustedOrigins: [...(vars.PUBLIC_URL ? [] : loopbackOrigins(vars.PORT)), ...(vars.TRUSTED_ORIGINS ? vars.TRUSTED_ORIGINS.split(',').map((origin) => origin.trim()) : [])],
    trustProxy: vars.TRUST_PROXY,
    imageImportAllowHosts: vars.IMAGE_IMPORT_ALLOW_HOSTS ? vars.IMAGE_IMPORT_ALLOW_HOSTS.split(',').map((host) => host.trim()).filter(Boolean) : [],
    rateLimit: vars.RATE_LIMIT ? vars.RATE_LIMIT === 'on' : vars.NODE_ENV === 'production',
    abuseLimits: vars.RATE_LIMIT !== 'off',
    kitApiKey: vars.KIT_API_KEY || undefined,
    kitBaseUrl: vars.KIT_BASE_URL,
    google: vars.GOOGLE_CLIENT_ID && vars.GOOGLE_CLIENT_SECRET ? { clientId: vars.GOOGLE_CLIENT_ID, clientSecret: vars.GOOGLE_CLIENT_SECRET } : undefined,
    smtpUrl: vars.SMTP_URL,
    emailFrom: vars.EMAIL_FROM,
    contactTo: vars.CONTACT_TO,
    logLevel: vars.LOG_LEVEL,
    generationProvider: vars.GENERATION_PROVIDER,
    replicate: vars.REPLICATE_API_TOKEN ? { apiToken: vars.REPLICATE_API_TOKEN, model: vars.REPLICATE_MODEL, apiBase: vars.REPLICATE_API_BASE } : undefined,
    adminToken: vars.ADMIN_TOKEN,
    roomAnalyzer: { analyzer: vars.ROOM_ANALYZER, openai: vars.OPENAI_API_KEY ? { apiKey: vars.OPENAI_API_KEY, baseUrl: vars.OPENAI_BASE_URL, model: vars.OPENAI_MODEL } : undefined },
    amazonTag: vars.AMAZON_ASSOCIATE_TAG || undefined,
    s3:
      vars.STORAGE === 's3'
        ? {
            endpoint: vars.S3_ENDPOINT,
            bucket: vars.S3_BUCKET ?? '',
            region: vars.S3_REGION,
            accessKeyId: vars.S3_ACCESS_KEY_ID,
            secretAccessKey: vars.S3_SECRET_ACCESS_KEY,
            forcePathStyle: vars.S3_FORCE_PATH_STYLE === 'true',
          }
        : undefined,
    // Stripe only when all three keys are set; otherwise the built-in test-mode checkout.
    stripe:
      vars.STRIPE_SECRET_KEY && vars.STRIPE_WEBHOOK_SECRET && vars.STRIPE_PUBLISHABLE_KEY
        ? { secretKey: vars.STRIPE_SECRET_KEY, webhookSecret: vars.STRIPE_WEBHOOK_SECRET, publishableKey: vars.STRIPE_PUBLISHABLE_KEY, apiBase: vars.STRIPE_API_BASE }
        : undefined,
    generationTimeoutMs: vars.GENERATION_TIMEOUT_MS,
    jobLockTimeoutMs: vars.JOB_LOCK_TIMEOUT_MS,
    clientDir: path.resolve('build/client'),
    rateLimits: {
      contact: { ip: vars.RATE_LIMIT_CONTACT_IP, account: vars.RATE_LIMIT_CONTACT_ACCOUNT },
      upload: { ip: vars.RATE_LIMIT_UPLOAD_IP, account: vars.RATE_LIMIT_UPLOAD_ACCOUNT },
      photoCheck: { ip: vars.RATE_LIMIT_PHOTO_CHECK_IP, account: vars.RATE_LIMIT_PHOTO_CHECK_ACCOUNT },
      share: { ip: vars.RATE_LIMIT_SHARE_IP, account: vars.RATE_LIMIT_SHARE_ACCOUNT },
      // Shared pages, their data and pictures, per address (anyone may open a link; guessing one is what this slows).
      shareView: { ip: vars.RATE_LIMIT_SHARE_VIEW_IP },
      import: { ip: vars.RATE_LIMIT_IMPORT_IP, account: vars.RATE_LIMIT_IMPORT_ACCOUNT },
      signUp: { ip: vars.RATE_LIMIT_SIGN_UP_IP },
      // The "account" of a reset request is the email address it names.
      passwordReset: { ip: vars.RATE_LIMIT_PASSWORD_RESET_IP, account: vars.RATE_LIMIT_PASSWORD_RESET_EMAIL },
      generation: { ip: vars.RATE_LIMIT_GENERATION_IP, account: vars.RATE_LIMIT_GENERATION_ACCOUNT },
      products: { ip: vars.RATE_LIMIT_PRODUCTS_IP, account: vars.RATE_LIMIT_PRODUCTS_ACCOUNT },
    },
    storageQuotaBytes: vars.STORAGE_QUOTA_MB * 1024 * 1024,
    maxQueuedGenerations: vars.MAX_QUEUED_GENERATIONS,
    unusedUploadMaxAgeMs: vars.UNUSED_UPLOAD_MAX_AGE_MS,
    uploadSweepIntervalMs: vars.UPLOAD_SWEEP_INTERVAL_MS,
  }
}

/**
 * AUTH_SECRET from the environment; otherwise one generated on first start and kept (mode 0600) in the
 * data folder, so a one-machine install needs no setup and sessions survive restarts.
 */
export function resolveAuthSecret(config: Pick<Config, 'authSecret' | 'dataDir'>): string {
  if (config.authSecret) return config.authSecret
  const file = path.join(config.dataDir, 'auth-secret')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(config.dataDir, { recursive: true })
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
