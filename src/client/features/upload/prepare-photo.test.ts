import { describe, expect, it } from 'vitest'
import { checkFile, dataUrlToFile, PhotoError } from './prepare-photo'

describe('An embedded image dropped from another site', () => {
  it('becomes a file of its own type', async () => {
    const file = dataUrlToFile('data:image/png;base64,iVBORw0KGgo=')
    expect(file.type).toBe('image/png')
    expect(file.name).toBe('dropped-image.png')
    expect(new Uint8Array(await file.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))
  })

  it('with broken data is reported as corrupted', () => {
    expect(() => dataUrlToFile('data:image/jpeg;base64,@@@not-base64@@@')).toThrow('Image data is corrupted. Please upload the image again.')
    expect(() => dataUrlToFile('data:image/jpeg;base64,')).toThrow(PhotoError)
  })
})

describe('The checks before any work', () => {
  it('stop a file that is not an image with the spec message', () => {
    expect(() => checkFile(new File(['hello'], 'notes.txt', { type: 'text/plain' }))).toThrow('Please upload an image file')
  })
})
