import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { serve, type ServerType } from '@hono/node-server'
import { createApp, keepConnectionsAlive } from '../../src/server/app'
import { composeServer, type Overrides } from '../../src/server/compose'
import { loadConfig } from '../../src/server/config'
import type { DatabaseHandle } from '../../src/server/db/client'
import { createLogger } from '../../src/server/lib/logger'
import { createOutboxEmail } from '../../src/server/providers/email/outbox-email'
import { openTestDatabase, type DatabaseKind } from './test-database'
import { readOutboxFolder } from './email'
import { ROOT } from './paths'
import { TEST_RATE_LIMITS } from './limits'

export type TestServer = {
  url: string
  database: DatabaseHandle
  deps: ReturnType<typeof composeServer>
  /** The application itself (its route table, for tests that go over every route). */
  app: ReturnType<typeof createApp>
  dataDir: string
  /** Every .eml written so far, oldest first. */
  outbox: () => string[]
  /** Waits until the outbox holds an email the predicate accepts (some are sent after the answer) and returns the newest such. */
  waitForMail: (predicate: (mail: string, all: string[]) => boolean, timeoutMs?: number) => Promise<string>
  close: () => Promise<void>
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** A real HTTP server on a free port over a fresh database, wired exactly as the product wires itself. */
export async function startTestServer(options: { kind: DatabaseKind; env?: Record<string, string | undefined>; overrides?: Overrides; worker?: boolean; hostname?: string; clientDir?: string }): Promise<TestServer> {
  const database = await openTestDatabase(options.kind)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lavo-test-'))
  const outboxDir = path.join(dataDir, 'outbox')
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const config = {
    ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, PUBLIC_URL: url, PORT: String(port), AUTH_SECRET: 'test-secret-test-secret-test-secret-0123', LOG_LEVEL: 'silent', ...TEST_RATE_LIMITS, ...options.env }),
    clientDir: options.clientDir ?? path.join(ROOT, 'build', 'client'),
  }
  const logger = createLogger('silent')
  const deps = composeServer(config, database, logger, { email: createOutboxEmail({ dir: outboxDir, from: config.emailFrom }), ...options.overrides })
  const app = createApp(deps)
  if (options.worker !== false) deps.queue.start(deps.jobHandlers)
  const server: ServerType = await new Promise((resolve) => {
    const instance = serve({ fetch: app.fetch, port, hostname: options.hostname ?? '127.0.0.1' }, () => resolve(instance))
  })
  keepConnectionsAlive(server)
  const outbox = () => readOutboxFolder(outboxDir)
  return {
    url,
    database,
    deps,
    app,
    dataDir,
    outbox,
    waitForMail: async (predicate, timeoutMs = 10_000) => {
      const started = Date.now()
      for (;;) {
        const all = outbox()
        const found = all.findLast((mail) => predicate(mail, all))
        if (found) return found
        if (Date.now() - started > timeoutMs) throw new Error('the expected email did not arrive')
        await new Promise((resolve) => setTimeout(resolve, 25))
      }
    },
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await deps.queue.stop()
      await database.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}
