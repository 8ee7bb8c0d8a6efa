// Fair job scheduling (issue 16): while one account floods the queue (always at its cap of open generations),
// another account's request → result latency p95 stays within 2× its idle p95. Local engine, one worker.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { grantCredits } from '../src/server/services/credits'
import { TestClient, uniqueEmail, uploadPhoto, waitForGeneration } from '../tests/support/http-client'
import { percentile, report, startBenchServer } from './support/bench-server'

const fixture = path.resolve(import.meta.dirname, '..', '..', 'shared', 'fixtures', 'photos', 'cc0-interior-1.jpg')
const photo = readFileSync(fixture)
const SAMPLES = 8
const STYLES = ['coastal', 'industrial', 'glam', 'scandinavian', 'zen-japandi', 'farmhouse', 'victorian', 'bohemian', 'minimalist', 'rustic']

// The production cap on open generations per account (3); the request limits stay roomy so the flood never stops.
const server = await startBenchServer('pglite', { MAX_QUEUED_GENERATIONS: '3' })

async function account(prefix: string) {
  const client = new TestClient(server.url)
  await client.signUp(uniqueEmail(prefix))
  const userId = (await client.me()).body.user!.id
  await grantCredits(server.database.db, { userId, amount: 500, reason: 'admin', reference: `bench-${userId}` })
  return { client, imageId: await uploadPhoto(client, photo) }
}

async function timedGeneration(client: TestClient, imageId: string, style: string): Promise<number> {
  const started = performance.now()
  const accepted = await client.json<{ id: string }>('/api/generations', { body: { imageId, style, retry: true } })
  if (accepted.status !== 202) throw new Error(`generation refused: ${accepted.status} ${JSON.stringify(accepted.body)}`)
  const done = await waitForGeneration(client, accepted.body.id, 120_000)
  if (done.status !== 'succeeded') throw new Error(`generation ended ${done.status}`)
  return performance.now() - started
}

async function measure(): Promise<boolean> {
  const victim = await account('victim')
  const flooder = await account('flooder')
  await timedGeneration(victim.client, victim.imageId, 'contemporary') // warm-up
  const idle: number[] = []
  for (let index = 0; index < SAMPLES; index += 1) idle.push(await timedGeneration(victim.client, victim.imageId, STYLES[index % STYLES.length]!))

  // The flood: the flooder keeps asking; whenever one of its 3 open generations finishes, the next is accepted.
  let flooding = true
  let accepted = 0
  let refused = 0
  const flood = (async () => {
    let index = 0
    while (flooding) {
      const response = await flooder.client.json('/api/generations', { body: { imageId: flooder.imageId, style: STYLES[index++ % STYLES.length], retry: true } })
      if (response.status === 202) accepted += 1
      else if (response.status === 429) {
        refused += 1
        await new Promise((resolve) => setTimeout(resolve, 100))
      } else throw new Error(`flood request answered ${response.status}`)
    }
  })()
  await new Promise((resolve) => setTimeout(resolve, 1500))
  const loaded: number[] = []
  for (let index = 0; index < SAMPLES; index += 1) loaded.push(await timedGeneration(victim.client, victim.imageId, STYLES[(index + 3) % STYLES.length]!))
  flooding = false
  await flood

  const idleP95 = percentile(idle, 95)
  console.log(`local engine, one worker; victim: ${SAMPLES} generations idle, then ${SAMPLES} while another account floods (${accepted} flood generations accepted, ${refused} refused at the cap)`)
  console.log(`  idle      p50 ${percentile(idle, 50).toFixed(0)} ms, p95 ${idleP95.toFixed(0)} ms`)
  console.log(`  flooded   p50 ${percentile(loaded, 50).toFixed(0)} ms, p95 ${percentile(loaded, 95).toFixed(0)} ms`)
  return report('  flooded p95 (target: 2× idle p95)', percentile(loaded, 95), 2 * idleP95)
}

const ok = await measure().finally(() => server.close())
process.exit(ok ? 0 : 1)
