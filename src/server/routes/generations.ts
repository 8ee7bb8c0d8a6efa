import { Hono } from 'hono'
import { z } from 'zod'
import { CompareRequestSchema, GenerationRequestSchema, type AcceptedComparison } from '../../shared/schemas/generation'
import type { Database } from '../db/client'
import type { PhotoScreener } from '../images/photo-screening'
import type { ObjectStorage } from '../storage/object-storage'
import type { JobQueue } from '../jobs/job-queue'
import { clientIp } from '../lib/client-ip'
import { parseJsonBody, parseWith } from '../lib/http'
import type { RateLimiter } from '../services/rate-limit'
import { requireUser, type SessionReader } from '../lib/session'
import { getGeneration, requestComparison, requestGeneration } from '../services/generations'

const IdSchema = z.object({ id: z.uuid({ message: 'Design not found' }) })

export function generationRoutes(deps: { db: Database; storage: ObjectStorage; screenPhoto: PhotoScreener; queue: JobQueue; sessions: SessionReader; timeoutMs: number; maxQueued: number; generatorName: string; trustProxy: number; rateLimits: RateLimiter }) {
  return new Hono()
    .post('/', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const request = await parseJsonBody(c, GenerationRequestSchema)
      await deps.rateLimits('generation', { ip: clientIp(c, deps.trustProxy), accountId: user.id })
      const accepted = await requestGeneration(deps, user.id, request)
      // The browser counts the timeout from this answer (decision 0009): it needs the server's figure.
      return c.json({ ...accepted, timeoutMs: deps.timeoutMs }, accepted.cached ? 200 : 202)
    })
    // Issue 19 §3: two or three styles in one go, each its own generation (decision 0046).
    .post('/compare', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const request = await parseJsonBody(c, CompareRequestSchema)
      await deps.rateLimits('generation', { ip: clientIp(c, deps.trustProxy), accountId: user.id })
      const accepted = await requestComparison(deps, user.id, request)
      const body: AcceptedComparison = { generations: accepted, timeoutMs: deps.timeoutMs }
      return c.json(body, accepted.every((generation) => generation.cached) ? 200 : 202)
    })
    .get('/:id', async (c) => {
      const user = await requireUser(deps.sessions, c)
      const { id } = parseWith(IdSchema, c.req.param())
      c.header('Cache-Control', 'no-store')
      return c.json(await getGeneration(deps, user.id, id))
    })
}
