// HTTP load on 127.0.0.1 (issue 10): the read paths at 50 concurrent connections (target p95 ≤ 20 ms,
// 0 errors) and generation acceptance (target ≥ 200 accepted/s, each charged exactly once), on PGlite
// and, when TEST_DATABASE_URL is set, PostgreSQL. The product runs in its own process (ROLE=api, so
// accepted jobs wait in the queue and no generation competes for the CPU). Each of the 50 connections
// is a different signed-in user with 30 designs, so per-user caching gets no help from one hot user.
// Generation requests take turns among the 50 users, each with their own photo (already screened by a
// first generation), with MAX_QUEUED_GENERATIONS at its ceiling of 100 open per account.
// Percentiles are exact, from every response's own time (autocannon's summary has no p95).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { randomBytes, randomUUID } from 'node:crypto'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client'
import { userDesigns } from '../src/server/db/schema'
import { getCreditBalance, getLedgerSum } from '../src/server/services/credits'
import { TestClient, uniqueEmail, uploadPhoto } from '../tests/support/http-client'
import { freePort, startProductProcess } from '../tests/support/product-process'
import { fixturePhoto } from '../tests/support/paths'

const fixture = fixturePhoto('cc0-interior-1.jpg')
const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const)
const USERS = 50
const DESIGNS_PER_USER = 30

type Run = { result: autocannon.Result; latencies: Float64Array; errors: number; total: number }

/** Runs autocannon and records every response's time, for exact percentiles. */
function run(options: autocannon.Options): Promise<Run> {
  const times: number[] = []
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => {
      if (error) return reject(error)
      const errors = result.errors + result.timeouts + result.non2xx
      resolve({ result, latencies: Float64Array.from(times).sort(), errors, total: result.requests.total + result.errors + result.timeouts })
    })
    instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => times.push(responseTime))
  })
}

function percentile(sorted: Float64Array, share: number): number {
  return sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)]!
}

/** Prints req/s, p50/p95/p99 and the error rate; returns p95 in ms. */
function line(label: string, { result, latencies, errors, total }: Run): number {
  const [p50, p95, p99] = [0.5, 0.95, 0.99].map((share) => percentile(latencies, share).toFixed(1))
  const rate = total === 0 ? 0 : (100 * errors) / total
  console.log(`${label.padEnd(28)} ${result.requests.average.toFixed(0).padStart(6)} req/s  p50 ${p50} ms  p95 ${p95} ms  p99 ${p99} ms  errors ${errors}/${total} (${rate.toFixed(2)}%)`)
  return percentile(latencies, 0.95)
}

console.log(`load average at start: ${loadavg().map((value) => value.toFixed(2)).join(' ')} (2 cores)`)
let ok = true
for (const kind of kinds) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lavo-load-'))
  let databaseUrl: string | undefined
  if (kind === 'postgres') {
    const name = `lavo_load_${randomBytes(4).toString('hex')}`
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(process.env.TEST_DATABASE_URL!)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
  }
  const port = await freePort()
  const productEnv = { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: dataDir, ROLE: 'api', NODE_ENV: 'production', RATE_LIMIT: 'off', MAX_QUEUED_GENERATIONS: '100', LOG_LEVEL: 'error', AUTH_SECRET: 'load-bench-secret-load-bench-secret-0001', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) }
  let product = await startProductProcess(productEnv)
  let database: DatabaseHandle | undefined
  const openDatabase = async () => (databaseUrl ? openPostgres(databaseUrl, { max: 2 }) : await openPglite(path.join(dataDir, 'pglite')))
  try {
    const clients = await Promise.all(
      Array.from({ length: USERS }, async () => {
        const client = new TestClient(product.url)
        await client.signUp(uniqueEmail('load'))
        return client
      }),
    )
    const userIds = await Promise.all(clients.map(async (client) => (await client.me()).body.user!.id as string))
    // Designs go straight into the database (the embedded one only opens while the product is stopped).
    await product.stop()
    database = await openDatabase()
    const base = Date.parse('2026-06-01T00:00:00Z')
    for (const userId of userIds) {
      await database.db.insert(userDesigns).values(
        Array.from({ length: DESIGNS_PER_USER }, (_, index) => ({ userId, originalImageUrl: `/api/images/${randomUUID()}`, transformedImageUrl: `/api/images/${randomUUID()}`, style: 'glam' as const, designTitle: `Glam Bathroom ${index + 1}`, createdAt: new Date(base + index * 60_000) })),
      )
    }
    await database.close()
    database = undefined
    product = await startProductProcess(productEnv)
    const client = clients[0]!
    let nextUser = 0
    const asUsers = (target: { setHeaders: (headers: Record<string, string>) => void }) => target.setHeaders({ cookie: clients[nextUser++ % USERS]!.cookieHeader, origin: product.url })
    console.log(`\n${kind}: 50 connections (50 users, ${DESIGNS_PER_USER} designs each), 8 s per path`)
    for (const pathName of ['/api/me', '/api/designs', '/api/credit-packages']) {
      await run({ url: product.url + pathName, connections: 10, duration: 1, setupClient: asUsers }) // warm-up
      const measured = await run({ url: product.url + pathName, connections: 50, duration: 8, setupClient: asUsers })
      const pass = line(`  GET ${pathName}`, measured) <= 20 && measured.errors === 0
      console.log(`    target p95 ≤ 20 ms, 0 errors: ${pass ? 'PASS' : 'FAIL'}`)
      ok = ok && pass
    }

    // Each request comes from the next of the 50 users, with that user's own photo: an account may have
    // MAX_QUEUED_GENERATIONS open at a time, and nothing runs them here (ROLE=api).
    const photo = readFileSync(fixture)
    const imageIds = await Promise.all(clients.map((each) => uploadPhoto(each, photo)))
    const adminHeaders = { authorization: `Bearer ${readFileSync(path.join(dataDir, 'admin-token'), 'utf8').trim()}` }
    for (const each of clients) {
      const grant = await client.json<{ output: string }>('/api/admin/command', { body: { args: ['credits:grant', (await each.me()).body.user!.email, '100000', '--note', 'load bench'] }, headers: adminHeaders })
      if (grant.status !== 200) throw new Error(`could not grant credits: ${JSON.stringify(grant.body)}`)
    }
    // Each photo is screened (a person, a room) the first time it is used, once; the measured load is acceptance.
    for (const [user, each] of clients.entries()) {
      const first = await each.json('/api/generations', { body: { imageId: imageIds[user], style: 'glam', retry: true } })
      if (first.status < 200 || first.status > 299) throw new Error(`warm-up generation refused: ${first.status} ${JSON.stringify(first.body)}`)
    }
    let nextRequest = 0
    const measured = await run({
      url: `${product.url}/api/generations`,
      method: 'POST',
      connections: 20,
      duration: 8,
      requests: [
        {
          setupRequest: (request) => {
            const user = nextRequest++ % USERS
            return { ...request, headers: { cookie: clients[user]!.cookieHeader, origin: product.url, 'content-type': 'application/json' }, body: JSON.stringify({ imageId: imageIds[user], style: 'glam', retry: true }) }
          },
        },
      ],
    })
    line('  POST /api/generations', measured)
    const { result: accept, errors } = measured
    await product.stop()
    database = await openDatabase()
    let generations = 0
    let charged = 0
    let balanced = true
    for (const userId of userIds) {
      generations += Number(((await database.db.execute(`select count(*)::int as n from generations where user_id = '${userId}'`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)
      const balance = await getCreditBalance(database.db, userId)
      charged += 100_002 - balance
      balanced = balanced && balance === (await getLedgerSum(database.db, userId))
    }
    const rate = accept['2xx'] / 8
    const pass = errors === 0 && rate >= 200 && charged === generations && balanced
    console.log(`    ${accept['2xx']} accepted (${rate.toFixed(0)}/s), ${generations} generations, ${charged} credits charged, ledger = balance: ${balanced}`)
    console.log(`    target ≥ 200/s and one charge per accepted generation: ${pass ? 'PASS' : 'FAIL'}`)
    ok = ok && pass
  } finally {
    await product.stop()
    await database?.close()
    rmSync(dataDir, { recursive: true, force: true })
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL })
      await admin.connect()
      await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`)
      await admin.end()
    }
  }
}
process.exit(ok ? 0 : 1)
