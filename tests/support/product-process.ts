import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import path from 'node:path'
import { ROOT } from './paths'
import { TEST_RATE_LIMITS } from './limits'

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const port = (probe.address() as { port: number }).port
      probe.close(() => resolve(port))
    })
  })
}

export type ProductProcess = { child: ChildProcess; url: string; stop: (signal?: NodeJS.Signals) => Promise<void> }

/**
 * The real product entry point (src/main.ts), as `npm start` runs it, in its own process. An API process
 * is ready when /api/health answers; a worker (no HTTP) after its start-up log line.
 */
export async function startProductProcess(env: Record<string, string>): Promise<ProductProcess> {
  const port = env.PORT ?? String(await freePort())
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'main.ts')], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'info', HOST: '127.0.0.1', ...TEST_RATE_LIMITS, ...env, PORT: port },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  child.stdout!.on('data', (chunk: Buffer) => {
    output += chunk.toString()
    if (output.length > 100_000) output = output.slice(-50_000)
  })
  const url = `http://127.0.0.1:${port}`
  const isWorker = env.ROLE === 'worker'
  for (let attempt = 0; attempt < 600; attempt += 1) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the product exited during start-up (${child.exitCode})`)
    if (isWorker ? output.includes('"msg":"worker started"') : await fetch(`${url}/api/health`).then((response) => response.ok, () => false)) {
      return {
        child,
        url,
        stop: async (signal = 'SIGTERM') => {
          if (child.exitCode !== null || child.signalCode !== null) return
          const exited = new Promise((resolve) => child.once('exit', resolve))
          child.kill(signal)
          await exited
        },
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  child.kill('SIGKILL')
  throw new Error('the product did not start within 60 s')
}
