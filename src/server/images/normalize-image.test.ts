import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { fixturePhoto } from '../../../tests/support/paths'
import { normalizeImage } from './normalize-image'

const heicFixture = () => readFileSync(fixturePhoto('cc0-interior-1.heic'))

describe('normalizeImage with HEIC', () => {
  it('A HEIC photo is decoded and comes out as a JPEG of its own size', async () => {
    const image = await normalizeImage(heicFixture())
    expect(image).toMatchObject({ width: 1600, height: 960, contentType: 'image/jpeg', sourceType: 'heic' })
  })

  it('A HEIC that declares a huge picture is refused from its header, before it is decoded', async () => {
    // The same file with every image's declared size (its 'ispe' boxes) raised to 20000×20000.
    const bomb = heicFixture()
    for (let at = bomb.indexOf('ispe'); at !== -1; at = bomb.indexOf('ispe', at + 1)) {
      bomb.writeUInt32BE(20_000, at + 8)
      bomb.writeUInt32BE(20_000, at + 12)
    }
    await expect(normalizeImage(bomb)).rejects.toThrow('This image is too large (20000×20000 pixels). Please use a photo under 50 megapixels.')
  })
})
