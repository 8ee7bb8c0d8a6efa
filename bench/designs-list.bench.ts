// GET /api/designs latency with 1,000 designs for one user (issue 9): p95 ≤ 15 ms, on PGlite and PostgreSQL.
import { userDesigns } from '../src/server/db/schema'
import { TestClient, uniqueEmail } from '../tests/support/http-client'
import { BENCH_DATABASES, percentile, report, startBenchServer } from './support/bench-server'

let ok = true
for (const kind of BENCH_DATABASES) {
  const server = await startBenchServer(kind)
  try {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail('bench'))
    const userId = (await client.me()).body.user!.id
    const start = Date.now() - 1000 * 60_000
    for (let batch = 0; batch < 10; batch += 1) {
      await server.database.db.insert(userDesigns).values(
        Array.from({ length: 100 }, (_, index) => ({
          userId,
          originalImageUrl: '/api/images/a',
          transformedImageUrl: '/api/images/b',
          style: 'coastal',
          designTitle: `Design ${batch * 100 + index}`,
          createdAt: new Date(start + (batch * 100 + index) * 60_000),
        })),
      )
    }
    for (let warm = 0; warm < 20; warm += 1) await client.request('/api/designs')
    const samples: number[] = []
    for (let run = 0; run < 200; run += 1) {
      const started = performance.now()
      const response = await client.request('/api/designs')
      await response.arrayBuffer()
      samples.push(performance.now() - started)
    }
    console.log(`${kind}: ${samples.length} requests, 1,000 designs, page of 24`)
    report(`  GET /api/designs p50 (${kind})`, percentile(samples, 50), 15)
    ok = report(`  GET /api/designs p95 (${kind})`, percentile(samples, 95), 15) && ok
  } finally {
    await server.close()
  }
}
process.exit(ok ? 0 : 1)
