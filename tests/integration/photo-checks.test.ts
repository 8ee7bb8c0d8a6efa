import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NOT_A_ROOM_PHOTO_MESSAGE, PERSON_IN_PHOTO_MESSAGE } from '../../src/shared/upload-rules'
import { creditLedger, generations, images } from '../../src/server/db/schema'
import { createPhotoScreener } from '../../src/server/images/photo-screening'
import { detectPeople } from '../../src/server/providers/analysis/human-detector'
import { TestClient, uniqueEmail, uploadPhoto } from '../support/http-client'
import { constructedNotPhotos } from '../support/not-photos'
import { fixturePhoto } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'
import { normalizeImage } from '../../src/server/images/normalize-image'

// The repository holds no photo of a person (../shared/fixtures has none), so one fixture interior stands in for one:
// the server's real screening, with a people detector that sees a person in exactly that photo once it is normalised.
const photo = readFileSync(fixturePhoto('cc0-interior-1.jpg'))
const personPhoto = readFileSync(fixturePhoto('cc0-interior-3.jpg'))
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

async function checkPhoto(client: TestClient, bytes: Buffer) {
  const form = new FormData()
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg')
  const response = await fetch(`${client.baseUrl}/api/images/check`, { method: 'POST', body: form, headers: { cookie: client.cookieHeader, origin: client.baseUrl } })
  const text = await response.text()
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as { error: { code: string; message: string } } | undefined }
}

describe.each(DATABASE_KINDS)('photos of people and non-photos on %s', (kind) => {
  let server: TestServer
  let blank: Buffer
  beforeAll(async () => {
    const personSha = sha((await normalizeImage(personPhoto)).bytes)
    const seesPersonIn = async (image: Buffer) => (sha(image) === personSha ? { person: 0.9, face: 0.9 } : detectPeople(image))
    server = await startTestServer({ kind, overrides: { screenPhoto: createPhotoScreener(seesPersonIn) } })
    blank = (await constructedNotPhotos()).find((image) => image.name === 'white')!.bytes
  }, 120_000)
  afterAll(async () => {
    await server?.close()
  })

  it('A visitor is told right after choosing a photo whether it can be used, and nothing is stored', async () => {
    const visitor = new TestClient(server.url)
    const imagesBefore = (await server.database.db.select().from(images)).length
    expect((await checkPhoto(visitor, photo)).status).toBe(204)
    expect(await checkPhoto(visitor, blank)).toEqual({ status: 422, body: { error: { code: 'photo_refused', message: NOT_A_ROOM_PHOTO_MESSAGE } } })
    expect(await checkPhoto(visitor, personPhoto)).toEqual({ status: 422, body: { error: { code: 'photo_refused', message: PERSON_IN_PHOTO_MESSAGE } } })
    expect((await checkPhoto(visitor, Buffer.from('not an image at all'))).status).toBe(415)
    expect((await server.database.db.select().from(images)).length).toBe(imagesBefore)
  }, 60_000)

  it('A generation from a photo of a person or a blank picture is refused with 422 and no credit moves', async () => {
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail('refused'))
    const userId = (await client.me()).body.user!.id
    const ledgerBefore = await server.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))
    for (const [bytes, message] of [
      [personPhoto, PERSON_IN_PHOTO_MESSAGE],
      [blank, NOT_A_ROOM_PHOTO_MESSAGE],
    ] as const) {
      const imageId = await uploadPhoto(client, bytes)
      for (const retry of [false, true]) {
        const refused = await client.json<{ error: { message: string } }>('/api/generations', { body: { imageId, style: 'coastal', palette: 'surprise-me', roomType: 'bathroom', retry } })
        expect(refused).toEqual({ status: 422, body: { error: { code: 'photo_refused', message } } })
      }
    }
    expect(await server.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toEqual(ledgerBefore)
    expect((await client.me()).body.credits).toBe(2)
    expect(await server.database.db.select().from(generations).where(eq(generations.userId, userId))).toEqual([])

    // Every route that starts generations (the app's own route table, so one added later is covered too) refuses it.
    const starters = [...new Set(server.app.routes.filter((route) => route.method === 'POST' && /^\/api\/generations(\/[a-z-]+)?$/.test(route.path)).map((route) => route.path))]
    expect(starters).toContain('/api/generations')
    const refusedImageId = await uploadPhoto(client, blank)
    for (const path of starters) {
      const refused = await client.json(path, { body: { imageId: refusedImageId, style: 'coastal', styles: ['coastal', 'glam'], palette: 'surprise-me', roomType: 'bathroom' } })
      expect(refused.status, path).toBe(422)
    }
    expect(await server.database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId))).toEqual(ledgerBefore)

    // A room photo still goes through, checked once and remembered.
    const imageId = await uploadPhoto(client, photo)
    const accepted = await client.json('/api/generations', { body: { imageId, style: 'coastal', palette: 'surprise-me', roomType: 'bathroom' } })
    expect(accepted.status).toBe(202)
    const [stored] = await server.database.db.select({ screening: images.screening }).from(images).where(eq(images.id, imageId))
    expect(stored?.screening).toBe('passed')
  }, 60_000)
})
