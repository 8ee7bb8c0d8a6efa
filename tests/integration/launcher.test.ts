// The built server's front door (src/launch.ts, decisions 0057 and 0058): on Linux `node dist/server/main.js` runs the
// server in a child process whose allocator shares two arenas among its threads, and the two live and end together.
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { STEADY_ALLOCATOR_ENV, hasSteadyAllocator } from '../../src/server/lib/steady-allocator'
import { removeDataDir, startBuiltProduct, type BuiltProduct } from '../support/built-product'

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function waitUntil(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = Date.now()
  while (!check()) {
    if (Date.now() - started > timeoutMs) return false
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return true
}

function environment(pid: number): Record<string, string> {
  const entries = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
  return Object.fromEntries(entries.map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]))
}

describe('hasSteadyAllocator', () => {
  it('asks for the setting on Linux alone, and only where it is not set yet', () => {
    expect(hasSteadyAllocator({}, 'linux')).toBe(false)
    expect(hasSteadyAllocator({ ...STEADY_ALLOCATOR_ENV }, 'linux')).toBe(true)
    expect(hasSteadyAllocator({ MALLOC_ARENA_MAX: '4' }, 'linux')).toBe(true)
    expect(hasSteadyAllocator({}, 'darwin')).toBe(true)
    expect(hasSteadyAllocator({}, 'win32')).toBe(true)
  })
})

describe.runIf(process.platform === 'linux')('the built server’s launcher', () => {
  let product: BuiltProduct | undefined
  afterEach(async () => {
    await product?.stop()
    if (product && isAlive(product.pid)) process.kill(product.pid, 'SIGKILL')
    removeDataDir(product)
    product = undefined
  })

  it('serves from a child process that has the allocator setting, and both end cleanly on SIGTERM', async () => {
    product = await startBuiltProduct({}, {})
    expect(product.pid).not.toBe(product.child.pid)
    expect(environment(product.pid)).toMatchObject(STEADY_ALLOCATOR_ENV)
    expect((await fetch(`${product.url}/api/health`)).ok).toBe(true)
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) => product!.child.once('exit', (code, signal) => resolve([code, signal])))
    product.child.kill('SIGTERM')
    expect(await exited).toEqual([0, null])
    expect(isAlive(product.pid)).toBe(false)
    expect(product.log()).toContain('"msg":"shutting down"')
  })

  it('takes the server with it when it is killed outright', async () => {
    product = await startBuiltProduct()
    const server = product.pid
    product.child.kill('SIGKILL')
    expect(await waitUntil(() => !isAlive(server), 5_000)).toBe(true)
    expect(await fetch(`${product.url}/api/health`).then(() => 'answered', () => 'refused')).toBe('refused')
  })

  it('runs the server in its own process where the setting is already there', async () => {
    product = await startBuiltProduct({ ...STEADY_ALLOCATOR_ENV })
    expect(product.pid).toBe(product.child.pid)
    expect((await fetch(`${product.url}/api/health`)).ok).toBe(true)
  })
})
