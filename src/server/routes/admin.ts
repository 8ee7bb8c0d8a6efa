import { timingSafeEqual } from 'node:crypto'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Database } from '../db/client'
import { runAdminCommand } from '../admin/admin-commands'
import { AppError } from '../lib/app-error'
import { clientIp } from '../lib/client-ip'
import { parseJsonBody } from '../lib/http'

const CommandSchema = z.object({ args: z.array(z.string().max(500)).min(1).max(20) })
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/** The admin CLI's channel into a running server: loopback only, with the data folder's admin token. */
export function adminRoutes(deps: { db: Database; token: string }) {
  return new Hono().post('/command', async (c) => {
    const presented = Buffer.from(c.req.header('authorization')?.replace(/^Bearer /, '') ?? '')
    const expected = Buffer.from(deps.token)
    const authorised = presented.length === expected.length && timingSafeEqual(presented, expected)
    if (!LOOPBACK.has(clientIp(c, 0)) || !authorised) throw new AppError('not_found', 'Not found')
    const { args } = await parseJsonBody(c, CommandSchema)
    return c.json({ output: await runAdminCommand(deps.db, args) })
  })
}
