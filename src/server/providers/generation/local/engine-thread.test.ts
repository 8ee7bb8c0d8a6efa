import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { ROOT, fixturePhoto } from '../../../../../tests/support/paths'
import { EngineThread, type EngineReply, type EngineRequest } from './engine-thread'
import { LOCAL_METHOD, LocalEngineInputError, renderLocalRedesign, type LocalRedesignInput } from './local-engine'

const photo = await sharp(readFileSync(fixturePhoto('cc0-interior-1.jpg'))).resize(800, 600, { fit: 'fill' }).jpeg({ quality: 90 }).toBuffer()
const input: LocalRedesignInput = { image: photo, styleId: 'industrial', paletteId: 'surprise-me', roomType: 'bathroom', seed: 3 }
const engine = new EngineThread()
afterAll(() => engine.stop())

describe('EngineThread', () => {
  it('renders on a thread of its own, the same bytes as in this thread', async () => {
    const rendering = engine.render(input)
    expect(engine.threadId).not.toBeNull()
    const output = await rendering
    expect(output.method).toBe(LOCAL_METHOD)
    expect(Buffer.isBuffer(output.image)).toBe(true)
    expect(output.image.equals((await renderLocalRedesign(input)).image)).toBe(true)
  })

  it('passes a bad photo back as the engine’s own input error', async () => {
    const failed = engine.render({ ...input, image: Buffer.from('not a photo at all') })
    await expect(failed).rejects.toBeInstanceOf(LocalEngineInputError)
    await expect(failed).rejects.toThrow('The photo could not be read as an image')
  })

  it('answers an abort at once and stops the thread, and the next redesign starts a new one', async () => {
    const controller = new AbortController()
    const rendering = engine.render(input, controller.signal)
    const before = engine.threadId
    controller.abort(new Error('took too long'))
    await expect(rendering).rejects.toThrow('took too long')
    expect(engine.threadId).toBeNull()
    const output = await engine.render(input)
    expect(engine.threadId).not.toBe(before)
    expect(output.image.length).toBeGreaterThan(10_000)
  })

  it('fails the redesigns a dead thread held, and carries on', async () => {
    const rendering = engine.render(input)
    await engine.stop()
    await expect(rendering).rejects.toThrow("The design engine's thread stopped")
    expect((await engine.render(input)).method).toBe(LOCAL_METHOD)
  })
})

describe('the built engine thread', () => {
  // npm test builds before it runs these; the built server starts dist/server/engine-worker.js, without tsx, and it
  // finds the model and starts its painting thread from there.
  const built = path.join(ROOT, 'dist', 'server', 'engine-worker.js')

  it('is built beside the server and renders the same bytes', async () => {
    expect(existsSync(built), `${built} is missing: run npm run build`).toBe(true)
    const worker = new Worker(built)
    try {
      const reply = await new Promise<EngineReply>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
        const request: EngineRequest = { id: 1, input: { ...input, image: new Uint8Array(photo) } }
        worker.postMessage(request)
      })
      if (!reply.ok) throw new Error(reply.message)
      if (!('image' in reply)) throw new Error('expected a redesign')
      expect(Buffer.from(reply.image).equals((await renderLocalRedesign(input)).image)).toBe(true)
    } finally {
      await worker.terminate()
    }
  })
})

describe('EngineThread.warmUp', () => {
  it('builds every material tile and loads the model on the engine thread, which then renders', async () => {
    const fresh = new EngineThread()
    try {
      // One tile per material kind: tiles, stones, woods, panelling, concrete, plasters (19 today).
      expect((await fresh.warmUp()).materials).toBeGreaterThanOrEqual(15)
      expect((await fresh.render(input)).image.equals((await renderLocalRedesign(input)).image)).toBe(true)
    } finally {
      await fresh.stop()
    }
  })
})
