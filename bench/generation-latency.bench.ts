// Request-to-result latency of a generation with the local engine on a 4 MP photo (issue 5): p50 ≤ 2 s. And while
// those generations run, how long the same server takes to answer a cheap request (GET /api/config, every 20 ms):
// the engine works on threads of its own (decision 0056), so p99 ≤ 100 ms.
import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { grantCredits } from '../src/server/services/credits'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../tests/support/http-client'
import { percentile, report, startBenchServer } from './support/bench-server'
import { fixturePhoto } from '../tests/support/paths'

const fixture = fixturePhoto('cc0-interior-1.jpg')
const fourMp = await sharp(readFileSync(fixture)).resize(2560, 1536, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()
const server = await startBenchServer('pglite')
async function measure(): Promise<boolean> {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail('bench'))
  const userId = (await client.me()).body.user!.id
  await grantCredits(server.database.db, { userId, amount: 50, reason: 'admin', reference: `bench-${userId}` })
  const imageId = await uploadPhoto(client, fourMp)
  const styles = ['coastal', 'industrial', 'glam', 'scandinavian', 'zen-japandi', 'farmhouse', 'victorian', 'bohemian', 'minimalist', 'rustic', 'kids-bathroom']
  const samples: number[] = []
  const answers: number[] = []
  let generating = true
  const probe = (async () => {
    const probeClient = new TestClient(server.url)
    while (generating) {
      const started = performance.now()
      await probeClient.json('/api/config')
      answers.push(performance.now() - started)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  })()
  for (const [index, style] of styles.entries()) {
    const started = performance.now()
    const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style, retry: true } })
    const done = await waitForGeneration(client, accepted.body.id, 60_000)
    if (done.status !== 'succeeded') throw new Error(`generation ${style} ended ${done.status}`)
    if (index > 0) samples.push(performance.now() - started) // the first run warms caches
  }
  generating = false
  await probe
  console.log(`local engine, 2560×1536 (3.9 MP) photo, ${samples.length} generations after one warm-up`)
  report('  request → result p95', percentile(samples, 95), 2000)
  const latency = report('  request → result p50', percentile(samples, 50), 2000)
  console.log(`GET /api/config while they ran: ${answers.length} requests, longest ${Math.max(...answers).toFixed(0)} ms`)
  const responsive = report('  GET /api/config during generations p99', percentile(answers, 99), 100)
  return latency && responsive
}
const ok = await measure().finally(() => server.close())
process.exit(ok ? 0 : 1)
