import { readFileSync } from 'node:fs'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { fixturePhoto } from '../../../../tests/support/paths'
import { detectObjects, warmUp, type DetectedObject } from './human-detector'

// Things a camera finds in a furnished room; anything outdoorsy would mean the detector is broken.
const INDOOR_OBJECTS = ['couch', 'chair', 'vase', 'tv', 'potted plant', 'bed', 'dining table', 'toilet', 'sink', 'bottle', 'cup', 'book', 'clock', 'bowl', 'refrigerator', 'oven', 'bench']

function expectWellFormed(found: DetectedObject[]) {
  for (const object of found) {
    expect(typeof object.label).toBe('string')
    expect(object.score).toBeGreaterThanOrEqual(0.2)
    expect(object.score).toBeLessThanOrEqual(1)
    for (const value of object.box) {
      expect(value).toBeGreaterThanOrEqual(-0.05)
      expect(value).toBeLessThanOrEqual(1.05)
    }
  }
  const scores = found.map((object) => object.score)
  expect(scores).toEqual([...scores].sort((a, b) => b - a))
}

describe('the Human object detector', () => {
  beforeAll(async () => {
    await warmUp()
  })

  it('finds plausible furniture in a real interior photo', async () => {
    const found = await detectObjects(readFileSync(fixturePhoto('cc0-interior-1.jpg')))
    expectWellFormed(found)
    expect(found.length).toBeGreaterThan(0)
    expect(INDOOR_OBJECTS).toContain(found[0]?.label)
  })

  it('sees nothing in a plain image, without throwing', async () => {
    const plain = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e8e4dc' } }).jpeg().toBuffer()
    const found = await detectObjects(plain)
    expectWellFormed(found)
    expect(found.filter((object) => object.score >= 0.3)).toEqual([])
  })

  it('handles images with transparency and concurrent calls', async () => {
    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: { r: 200, g: 210, b: 220, alpha: 0.5 } } }).png().toBuffer()
    const results = await Promise.all([detectObjects(png), detectObjects(png), detectObjects(png)])
    expect(results[1]).toEqual(results[0])
    expect(results[2]).toEqual(results[0])
  })

  it('rejects bytes that are not an image', async () => {
    await expect(detectObjects(Buffer.from('not an image'))).rejects.toThrow()
  })
})
