import { serve } from '@hono/node-server'
import { createApp, keepConnectionsAlive } from './server/app'
import { composeServer } from './server/compose'
import { recordRunningServer } from './server/admin/admin-access'
import { loadConfig } from './server/config'
import { openDatabase } from './server/db/client'
import { seedDatabase } from './server/db/seed'
import { drainable } from './server/lib/drain'
import { createLogger } from './server/lib/logger'
import { restrictNewFiles, securePrivateFolder, tightenTree } from './server/lib/private-files'
import { retryPendingContactMessages } from './server/services/contact'
import { startUploadSweeper } from './server/services/upload-sweeper'

// Started by the launcher (src/launch.ts): when it is gone, however it went, the server goes at once too, as it would
// have had it been that process itself. The channel alone never keeps the server running.
if (process.channel) {
  process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'))
  process.channel.unref()
}

// Before anything is written: the data folder and every file in it belong to this user alone.
restrictNewFiles()
const config = loadConfig()
const logger = createLogger(config.logLevel, { role: config.role })
securePrivateFolder(config.dataDir)

const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
await database.migrate()
await seedDatabase(database.db)
if (database.kind === 'pglite') tightenTree(config.dataDir)
const deps = composeServer(config, database, logger)
const { email } = deps
if (deps.payments.name === 'test') {
  logger.warn('payments are simulated: no Stripe keys are set, so the built-in test checkout is active and every page shows a demo banner. Set STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET and STRIPE_PUBLISHABLE_KEY to take real payments.')
}

const stops: Array<() => Promise<void> | void> = []
const SHUTDOWN_DRAIN_MS = 10_000
/**
 * Models still loading (onnxruntime sessions being created): shutdown lets them finish before the process exits, since
 * exiting while a session is created aborts the process from native code ("terminate called after throwing an
 * instance of 'Napi::Error'", SIGABRT) instead of ending it cleanly.
 */
const loadingModels = drainable((loading: Promise<unknown>) => loading)
function warmUp(loading: Promise<unknown> | undefined, failed: string): void {
  if (loading) loadingModels.handle(loading).catch((error: unknown) => logger.warn(failed, { error }))
}

if (config.role !== 'worker') {
  const app = createApp(deps)
  // Product lists run the on-machine detector; load its model now rather than on the first request.
  const analyzer = deps.roomAnalyzer as { warmUp?: () => Promise<void> }
  warmUp(analyzer.warmUp?.(), 'room analyzer warm-up failed; lists will fall back if it keeps failing')
  // The photo check (decision 0042) adds the face models to the same detector.
  warmUp(deps.screenPhoto.warmUp?.(), 'photo check warm-up failed; the first check will load its models')
  const requests = drainable(app.fetch)
  const server = serve({ fetch: requests.handle, port: config.port, hostname: config.host }, (info) => {
    logger.info('listening', { url: `http://localhost:${info.port}`, database: database.kind, email: email.name, payments: deps.payments.name })
    // Lets `npm run admin` reach this process while it holds the embedded database.
    stops.push(recordRunningServer(config.dataDir, { pid: process.pid, port: info.port }))
  })
  keepConnectionsAlive(server)
  stops.push(async () => {
    // Stop taking connections, then let the requests already in progress finish before the database closes.
    const closed = new Promise<void>((resolve) => server.close(() => resolve()))
    await requests.drained(SHUTDOWN_DRAIN_MS)
    if (requests.active() > 0) logger.warn('shutting down with requests still in progress', { count: requests.active() })
    await closed
  })
}

if (config.role !== 'api') {
  // One embedded process owns every job: anything left 'running' was cut off by a crash; run it again.
  if (config.role === 'all' && database.kind === 'pglite') {
    const recovered = await (deps.queue as { recoverOrphans?: () => Promise<number> }).recoverOrphans?.()
    if (recovered) logger.warn('recovered jobs interrupted by a restart', { count: recovered })
  }
  deps.queue.start(deps.jobHandlers)
  logger.info('worker started', { database: database.kind, generation: config.generationProvider })
  // The built-in engine loads its model and builds its material tiles on its own thread now, not on the first design.
  warmUp(deps.generation.warmUp?.(), 'design engine warm-up failed; the first design will load what it needs')
  stops.push(() => deps.queue.stop())
  // Messages whose email failed stay stored; this loop sends them once email works again.
  const timer = setInterval(() => {
    retryPendingContactMessages({ db: database.db, email, logger, contactTo: config.contactTo }).catch((error) => logger.error('contact retry failed', { error }))
  }, 60_000)
  stops.push(() => clearInterval(timer))
  // Photos no design uses are deleted after a day (rows and objects).
  stops.push(startUploadSweeper({ db: database.db, storage: deps.storage, logger }, { maxAgeMs: config.unusedUploadMaxAgeMs, intervalMs: config.uploadSweepIntervalMs }))
}

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info('shutting down', { signal })
  for (const stop of stops) await stop()
  await loadingModels.drained(SHUTDOWN_DRAIN_MS)
  await database.close()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
