import { Hono } from 'hono'

export function healthRoutes(deps: { ping: () => Promise<boolean> }) {
  return new Hono()
    .get('/', async (c) => {
      const database = (await deps.ping()) ? 'up' : 'down'
      return c.json({ ok: database === 'up', database }, database === 'up' ? 200 : 503)
    })
    .get('/live', (c) => c.json({ ok: true }))
}
