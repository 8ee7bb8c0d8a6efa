import { describe, expect, it } from 'vitest'
import { drainable } from './drain'

describe('drainable', () => {
  it('waits for the requests in progress, then resolves', async () => {
    let finish!: () => void
    const handler = drainable(() => new Promise<string>((resolve) => (finish = () => resolve('done'))))
    const request = handler.handle()
    expect(handler.active()).toBe(1)
    let drained = false
    const waiting = handler.drained(5_000).then(() => (drained = true))
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(drained).toBe(false)
    finish()
    expect(await request).toBe('done')
    await waiting
    expect(drained).toBe(true)
    expect(handler.active()).toBe(0)
  })

  it('counts a failed request as finished and gives up waiting after the timeout', async () => {
    const failing = drainable(async () => {
      throw new Error('boom')
    })
    await expect(failing.handle()).rejects.toThrow('boom')
    expect(failing.active()).toBe(0)
    const stuck = drainable(() => new Promise<never>(() => undefined))
    void stuck.handle()
    const started = Date.now()
    await stuck.drained(50)
    expect(Date.now() - started).toBeGreaterThanOrEqual(45)
    expect(stuck.active()).toBe(1)
  })
})
