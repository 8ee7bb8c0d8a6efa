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
          style: 'coastal' as const,
          designTitle: `Design ${batch * 100 + index}`,
          createdAt: new Date(start + (batch * 100 + index) * 60_000),
        })),
      )
    }
    const timed = async (query: string) => {
      const started = performance.now()
      const response = await client.request(`/api/designs${query}`)
      const page = (await response.json()) as { designs: unknown[]; nextCursor: string | null }
      return { ms: performance.now() - started, page }
    }
    for (let warm = 0; warm < 20; warm += 1) await timed('?limit=5')

    // From the database: every page of the list, walked by its cursors at four page sizes. Each
    // (size, cursor) is read once, so none of these is answered by the per-process page cache.
    const uncached: number[] = []
    for (const limit of [24, 20, 16, 12]) {
      let cursor: string | null = null
      do {
        const { ms, page }: { ms: number; page: { designs: unknown[]; nextCursor: string | null } } = await timed(`?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
        uncached.push(ms)
        cursor = page.nextCursor
      } while (cursor)
    }
    // And the common case: the first page again, as My Designs asks for it on every visit.
    const cached: number[] = []
    for (let run = 0; run < 200; run += 1) cached.push((await timed('')).ms)

    console.log(`${kind}: 1,000 designs; ${uncached.length} distinct pages read from the database (sizes 24/20/16/12), then the first page 200 times`)
    report(`  from the database p50 (${kind})`, percentile(uncached, 50), 15)
    ok = report(`  from the database p95 (${kind})`, percentile(uncached, 95), 15) && ok
    report(`  repeated first page p50 (${kind})`, percentile(cached, 50), 15)
    ok = report(`  repeated first page p95 (${kind})`, percentile(cached, 95), 15) && ok
  } finally {
    await server.close()
  }
}
process.exit(ok ? 0 : 1)
