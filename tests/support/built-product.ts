import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openPglite, openPostgres, type DatabaseHandle } from '../../src/server/db/client'
import { readOutboxFolder } from './email'
import { ROOT } from './paths'
import { freePort } from './product-process'
import { createPostgresDatabase, type DatabaseKind } from './test-database'

export const BUILT_SERVER = path.join(ROOT, 'dist', 'server', 'main.js')

export type BuiltProduct = {
  url: string
  port: number
  /** The server's process: the launcher's child where it starts one (src/launch.ts), else the launcher itself. */
  pid: number
  dataDir: string
  /** The process started: `node dist/server/main.js`. */
  child: ChildProcess
  /** Everything the process wrote to stdout (its JSON log lines). */
  log: () => string
  /** Every .eml in the outbox, oldest first. */
  outbox: () => string[]
  /** Waits for an email the predicate accepts (the server sends some after it has answered). */
  waitForMail: (predicate: (mail: string) => boolean, timeoutMs?: number) => Promise<string>
  /** The server process's resident memory now, in bytes (from /proc). */
  rss: () => number
  /** Bytes the server process has read through system calls so far, sockets included (rchar in /proc). */
  bytesRead: () => number
  /** Stops the process (SIGTERM, waits for it to exit). */
  stop: () => Promise<void>
}

/** A PostgreSQL database of its own for a built server (DATABASE_URL), dropped by drop(). */
export async function createBuiltProductDatabase(): Promise<{ url: string; open: () => DatabaseHandle; drop: () => Promise<void> }> {
  const database = await createPostgresDatabase('lavo_built')
  return { ...database, open: () => openPostgres(database.url, { max: 2 }) }
}

/**
 * The built product as the README starts it — `node dist/server/main.js` after `npm run build` — in a process
 * of its own, with its own data folder and port, and NODE_ENV unset (the server's own default: production).
 */
export async function startBuiltProduct(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<BuiltProduct> {
  if (!existsSync(BUILT_SERVER)) throw new Error('dist/server/main.js is missing: run `npm run build` first (npm run test:adversarial does)')
  const port = Number(env.PORT ?? (await freePort()))
  const dataDir = options.dataDir ?? mkdtempSync(path.join(tmpdir(), 'lavo-built-'))
  const childEnv: Record<string, string> = {}
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined && !key.startsWith('VITEST') && key !== 'NODE_ENV' && key !== 'TEST_DATABASE_URL') childEnv[key] = value
  const child = spawn(process.execPath, [BUILT_SERVER], {
    cwd: ROOT,
    env: { ...childEnv, HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'info', DATA_DIR: dataDir, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
    if (output.length > 2_000_000) output = output.slice(-1_000_000)
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const url = `http://127.0.0.1:${port}`
  const outboxDir = path.join(dataDir, 'outbox')
  const outbox = () => readOutboxFolder(outboxDir)
  const startedAt = Date.now()
  // Start-up includes migrations and, on a busy machine, can take a while.
  while (Date.now() - startedAt < 240_000) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the built server exited during start-up (${child.exitCode}):\n${output.slice(-3000)}`)
    if (await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) {
      const pid = serverPid(child.pid!)
      return {
        url,
        port,
        pid,
        dataDir,
        child,
        log: () => output,
        outbox,
        waitForMail: async (predicate, timeoutMs = 10_000) => {
          const started = Date.now()
          for (;;) {
            const found = outbox().findLast(predicate)
            if (found) return found
            if (Date.now() - started > timeoutMs) throw new Error('no such email arrived')
            await new Promise((resolve) => setTimeout(resolve, 50))
          }
        },
        bytesRead: () => Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0),
        rss: () => {
          const status = readFileSync(`/proc/${pid}/status`, 'utf8')
          return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? 0) * 1024
        },
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.kill('SIGTERM')
          await exited
        },
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error(`the built server did not start within 240 s:\n${output.slice(-3000)}`)
}

/** The process that serves: the launcher's only child where it started one (on Linux), else the launcher. */
export function serverPid(launcher: number): number {
  if (process.platform !== 'linux') return launcher
  const children = readFileSync(`/proc/${launcher}/task/${launcher}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
  if (children.length > 1) throw new Error(`the launcher ${launcher} has ${children.length} children, expected one server`)
  return children[0] ?? launcher
}

/** The database a stopped built server used (its PGlite folder, or its PostgreSQL database), for checks after the run. */
export async function openAfterwards(kind: DatabaseKind, product: Pick<BuiltProduct, 'dataDir'>, postgres?: { open: () => DatabaseHandle }): Promise<DatabaseHandle> {
  if (kind === 'postgres') return postgres!.open()
  return openPglite(path.join(product.dataDir, 'pglite'))
}

export function removeDataDir(product: Pick<BuiltProduct, 'dataDir'> | undefined): void {
  if (product) rmSync(product.dataDir, { recursive: true, force: true })
}
