import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { constructedNotPhotos } from '../../../tests/support/not-photos'
import { fixturePhoto, ROOT } from '../../../tests/support/paths'
import { detectPeople } from '../providers/analysis/human-detector'
import { createPhotoScreener, isNotAPhoto, measurePicture, showsPerson } from './photo-screening'

// The full calibration (every scene, screenshots in Chromium, photos of people) is bench/photo-screening.bench.ts.
describe('the photo check', () => {
  const screen = createPhotoScreener(detectPeople)
  beforeAll(async () => {
    await screen(readFileSync(fixturePhoto('cc0-interior-1.jpg')))
  }, 60_000)

  it('accepts the fixture interiors and the stock bathrooms', async () => {
    const photos = [
      fixturePhoto('cc0-interior-1.jpg'),
      fixturePhoto('cc0-interior-2.jpg'),
      fixturePhoto('cc0-interior-3.jpg'),
      ...[1, 2, 3, 4].map((n) => path.join(ROOT, 'bench', 'scenes', 'stock', `stock-${n}.jpg`)),
    ]
    for (const photo of photos) expect((await screen(readFileSync(photo))).refusal, photo).toBeNull()
  }, 60_000)

  it('refuses blank, near-uniform, gradient, document and slide images as not photos', async () => {
    for (const image of await constructedNotPhotos()) expect((await screen(image.bytes)).refusal, image.name).toBe('not_a_photo')
  }, 60_000)

  it('measures a flat image as flat and a photo as spread over many tones', async () => {
    const [white] = await constructedNotPhotos()
    const flat = await measurePicture(white!.bytes)
    expect(flat.brightnessSpread).toBeLessThan(1)
    expect(flat.flatShare).toBeGreaterThan(0.99)
    const photo = await measurePicture(readFileSync(fixturePhoto('cc0-interior-1.jpg')))
    expect(photo.toneEntropy).toBeGreaterThan(7)
    expect(isNotAPhoto(photo)).toBe(false)
  })

  it('counts a person from either detector', () => {
    expect(showsPerson({ person: 0.45, face: 0 })).toBe(true)
    expect(showsPerson({ person: 0, face: 0.8 })).toBe(true)
    expect(showsPerson({ person: 0.3, face: 0.25 })).toBe(false)
  })

  it('puts a person before the rest: a person on a plain background is refused for the person', async () => {
    const personOnPlain = createPhotoScreener(async () => ({ person: 0.9, face: 0.9 }))
    const [white] = await constructedNotPhotos()
    expect((await personOnPlain(white!.bytes)).refusal).toBe('person')
  })
})
