import { readdirSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { findSurfaces } from './find-surfaces'
import { changedSurfaceIoU, classCounts } from '../../../../../bench/support/engine-accuracy'
import { LABEL, LABEL_CLASS_COUNT, decodeLabelPixels } from './label-classes'

const ROOT = path.resolve(import.meta.dirname, '../../../../..')
const DEV = path.join(ROOT, 'bench/scenes/dev')
/** Every fifth development scene: rooms the network never saw (it trains on another seed). */
const SCENES = readdirSync(DEV).filter((file) => file.endsWith('.jpg')).sort().filter((_, index) => index % 5 === 0)

async function scene(file: string) {
  const photo = await sharp(path.join(DEV, file)).removeAlpha().raw().toBuffer({ resolveWithObject: true })
  const truth = await sharp(path.join(DEV, file.replace('.jpg', '.labels.png'))).raw().toBuffer({ resolveWithObject: true })
  return { rgb: new Uint8Array(photo.data), width: photo.info.width, height: photo.info.height, truth: decodeLabelPixels(new Uint8Array(truth.data), truth.info.channels) }
}

describe('findSurfaces on photos that are not stock photos', () => {
  it('answers with the surface network, a class for every pixel, far closer to the truth than the region segmentation', { timeout: 120_000 }, async () => {
    const agreement: number[] = []
    const changedIoU: number[] = []
    for (const file of SCENES) {
      const { rgb, width, height, truth } = await scene(file)
      const found = await findSurfaces(rgb, width, height)
      expect(found.source, file).toBe('network')
      expect([found.width, found.height]).toEqual([width, height])
      expect(found.labels.every((label) => label !== LABEL.void && label < LABEL_CLASS_COUNT), file).toBe(true)
      const counts = classCounts(truth, found.labels)
      const labelled = counts.truth.reduce((sum, count) => sum + count, 0)
      agreement.push(counts.intersection.reduce((sum, count) => sum + count, 0) / labelled)
      changedIoU.push(changedSurfaceIoU(counts))
    }
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
    // On these eight scenes the committed network agrees on 0.56 of the pixels (changed-surface IoU 0.41); the region
    // segmentation it replaced, on 0.16 (0.18). The bounds sit between the two, so a broken or much worse model fails.
    expect(mean(agreement)).toBeGreaterThan(PIXEL_AGREEMENT)
    expect(mean(changedIoU)).toBeGreaterThan(CHANGED_IOU)
  })
})

const PIXEL_AGREEMENT = 0.45
const CHANGED_IOU = 0.33
