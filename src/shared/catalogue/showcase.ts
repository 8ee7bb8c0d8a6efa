import { GALLERY_ITEMS, HERO, type ImageKind } from './images'
import type { StyleId } from './styles'

/** The seed the showcase afters are made with (any fixed number: the engine is deterministic for a seed). */
export const SHOWCASE_SEED = 1

/** A pair: `from` is the sample photo (public/images/stock) the before is copied from and the after is made from. */
export type ShowcasePair = { kind: Extract<ImageKind, 'gallery' | 'hero'>; styleId: StyleId; from: string; before: string; after: string }

/** Every before/after pair the site shows as "the same bathroom, redesigned": the hero and the gallery. */
export function showcasePairs(): ShowcasePair[] {
  return [
    { kind: 'hero', styleId: HERO.styleId, from: HERO.from, before: HERO.before.name, after: HERO.after.name },
    ...GALLERY_ITEMS.map((item) => ({ kind: 'gallery' as const, styleId: item.styleId, from: item.from, before: item.before, after: item.after })),
  ]
}
