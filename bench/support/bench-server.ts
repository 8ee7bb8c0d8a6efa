import { existsSync } from 'node:fs'
import setUpSnapshot from '../../tests/support/global-setup'
import { PGLITE_SNAPSHOT } from '../../tests/support/paths'
import { startTestServer, type TestServer } from '../../tests/support/test-server'
import type { DatabaseKind } from '../../tests/support/test-database'

/** Databases to measure on: PGlite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const BENCH_DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

/** The product's HTTP server on a fresh database, as the integration tests run it. */
export async function startBenchServer(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestServer> {
  if (!existsSync(PGLITE_SNAPSHOT)) await setUpSnapshot()
  return startTestServer({ kind, env })
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

export function report(label: string, value: number, target: number, unit = 'ms'): boolean {
  const ok = value <= target
  console.log(`${label.padEnd(48)} ${value.toFixed(unit === 'ms' ? 1 : 0).padStart(8)} ${unit}  (target ≤ ${target} ${unit})  ${ok ? 'PASS' : 'FAIL'}`)
  return ok
}
