import sharp from 'sharp'
import type { PeopleFound } from '../providers/analysis/human-detector'

// The terms forbid photos of people, and the engine can only redesign a photograph of a room (decision
// 0042-refusing-people-and-non-photos). Two checks, both on the machine: Human's detectors for people, and three
// classical measures of the picture for screenshots, documents and blank images. The thresholds were calibrated on
// the stock photos, the shared fixture interiors and the labelled scenes (bench/photo-screening.bench.ts): none of
// them is refused.

export const PHOTO_REFUSALS = ['person', 'not_a_photo'] as const
export type PhotoRefusal = (typeof PHOTO_REFUSALS)[number]

/** What the classical check measures, on the image reduced to at most 512 px a side. */
export type PictureMeasures = {
  /** Standard deviation of the brightness (0–255): below a few, the image is one colour. */
  brightnessSpread: number
  /** Shannon entropy of the brightness histogram, bits (0–8): a photograph spreads over many tones. */
  toneEntropy: number
  /** Share of neighbouring pixels with exactly the same brightness: UI, documents and graphics are flat in large areas. */
  flatShare: number
}

export const SCREENING_THRESHOLDS = {
  /** COCO 'person' score at or above which a person is in the photo (scenes reach 0.30, people photos 0.41 and up). */
  person: 0.4,
  /** BlazeFace score, confirmed by the face mesh, at or above which a face is in the photo (scenes reach 0.25). */
  face: 0.5,
  /** Below this brightness spread the image is blank (scenes: 18.6 and up). */
  minBrightnessSpread: 8,
  /** Below this many bits of tone the image is a document, a slide or a screen (scenes: 5.9 and up, screenshots 4.4 and below). */
  minToneEntropy: 5,
  /** At or above this flat share the image is a graphic or a gradient (scenes: 0.43 at most, screenshots 0.52 and up). */
  maxFlatShare: 0.6,
} as const

const MEASURE_SIZE = 512

/** The three measures of a picture (decoded, turned upright, reduced to at most 512 px a side). */
export async function measurePicture(image: Buffer): Promise<PictureMeasures> {
  const { data, info } = await sharp(image)
    .rotate()
    .resize(MEASURE_SIZE, MEASURE_SIZE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const { width, height } = info
  const count = width * height
  const histogram = new Array<number>(256).fill(0)
  let sum = 0
  for (let index = 0; index < count; index += 1) {
    const value = data[index]!
    histogram[value]! += 1
    sum += value
  }
  const mean = sum / count
  let squares = 0
  let entropy = 0
  for (let value = 0; value < 256; value += 1) {
    const frequency = histogram[value]!
    if (frequency === 0) continue
    squares += frequency * (value - mean) ** 2
    const share = frequency / count
    entropy -= share * Math.log2(share)
  }
  let flat = 0
  let pairs = 0
  for (let y = 0; y < height - 1; y += 1) {
    for (let x = 0; x < width - 1; x += 1) {
      const index = y * width + x
      const here = data[index]!
      if (data[index + 1] === here && data[index + width] === here) flat += 1
      pairs += 1
    }
  }
  return { brightnessSpread: Math.sqrt(squares / count), toneEntropy: entropy, flatShare: pairs === 0 ? 1 : flat / pairs }
}

/** Whether the measures say the image is not a photograph: blank, few tones (documents, screens) or flat (graphics). */
export function isNotAPhoto(measures: PictureMeasures): boolean {
  return (
    measures.brightnessSpread < SCREENING_THRESHOLDS.minBrightnessSpread ||
    measures.toneEntropy < SCREENING_THRESHOLDS.minToneEntropy ||
    measures.flatShare >= SCREENING_THRESHOLDS.maxFlatShare
  )
}

export function showsPerson(people: PeopleFound): boolean {
  return people.person >= SCREENING_THRESHOLDS.person || people.face >= SCREENING_THRESHOLDS.face
}

export type PhotoScreening = { refusal: PhotoRefusal | null; people: PeopleFound; measures: PictureMeasures }

/** Screens one image: a person comes first (the terms), then whether it is a photograph at all. */
export type PhotoScreener = ((image: Buffer) => Promise<PhotoScreening>) & {
  /** Loads the detectors' models, so the first visitor's check does not wait for them. */
  warmUp?: () => Promise<void>
}

export function createPhotoScreener(detectPeople: (image: Buffer) => Promise<PeopleFound>): PhotoScreener {
  const screen = async (image: Buffer): Promise<PhotoScreening> => {
    const [people, measures] = await Promise.all([detectPeople(image), measurePicture(image)])
    const refusal: PhotoRefusal | null = showsPerson(people) ? 'person' : isNotAPhoto(measures) ? 'not_a_photo' : null
    return { refusal, people, measures }
  }
  const warmUp = async () => {
    await screen(await sharp({ create: { width: 64, height: 64, channels: 3, background: '#808080' } }).jpeg().toBuffer())
  }
  return Object.assign(screen, { warmUp })
}
