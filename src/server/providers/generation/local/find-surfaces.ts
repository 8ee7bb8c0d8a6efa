// Which surface class each pixel of the analysis copy shows. This is the one place the engine learns the
// room's surfaces, in order: a stock photo's exact rendered labels (stock-surfaces.ts); the segmentation
// network trained on labelled renders (surface-network.ts), once its weights are committed; otherwise the
// hand-cued region segmentation (segmentation.ts), its roles mapped onto the label classes.
import sharp from 'sharp'
import { segmentScene, type Region, type SurfaceRole } from './segmentation'
import { LABEL, type LabelClassId } from './label-classes'
import { stockSurfaces } from './stock-surfaces'
import { hasSurfaceModel, networkLongSides, networkSize, predictSurfaces, type NetworkView } from './surface-network'

export type SurfaceMap = {
  /** One class (surface-classes.ts) per pixel, width × height. */
  labels: Uint8Array
  width: number
  height: number
}

/**
 * What each segmentation role stands for among the label classes: the one table through which the region
 * segmentation's surfaces become classes (and are compared with labelled photos). It does not tell wall tile
 * from painted wall, so both of its wall kinds are `wall`; "keep" regions are the bright, busy things it leaves
 * alone (windows with a view, lamps, art), "art" a busy picture or mirror framed by the wall, and furniture it
 * could not name is a prop (kept).
 */
export const ROLE_LABELS: Readonly<Record<SurfaceRole, LabelClassId>> = {
  walls: LABEL.wall,
  floor: LABEL.floor,
  ceiling: LABEL.ceiling,
  cabinetry: LABEL.vanity,
  fixtures: LABEL.ceramic,
  metal: LABEL.metal,
  accents: LABEL.fabric,
  objects: LABEL.prop,
  keep: LABEL.window,
  art: LABEL.mirror,
}

/**
 * The segmentation keeps regions it cannot place; a large one that is not bright (a window, a light) is almost
 * always a tiled wall it split off (a shower enclosure seen through its glass): it is dressed as a wall.
 */
function isLargeDimKeep(region: Region): boolean {
  return region.role === 'keep' && region.area > LARGE_KEEP_AREA && region.meanLab[0] < BRIGHT_LIGHTNESS
}

const LARGE_KEEP_AREA = 0.04
const BRIGHT_LIGHTNESS = 82

export type SurfaceSource = 'stock' | 'network' | 'segmentation'

/**
 * Surface classes of an interleaved 8-bit RGB analysis copy, at its own size, and where they came from. `favoured`
 * (class id → factor) weighs the network's probabilities before the likeliest class is taken (decision 0047); a stock
 * photo's exact labels and the fallback segmentation ignore it.
 */
export async function findSurfaces(analysisRgb: Uint8Array, width: number, height: number, favoured?: ReadonlyMap<number, number>): Promise<SurfaceMap & { source: SurfaceSource }> {
  const stock = await stockSurfaces(analysisRgb, width, height)
  if (stock) return { ...stock, source: 'stock' }
  if (hasSurfaceModel()) {
    const found = await predictSurfaces(await networkViews(analysisRgb, width, height), analysisRgb, width, height, favoured)
    return { ...found, source: 'network' }
  }
  return { ...segmentSurfaces(analysisRgb, width, height), source: 'segmentation' }
}

/** The copies of an interleaved 8-bit RGB photo the surface network reads: one per long side of `networkLongSides()`. */
export function networkViews(rgb: Uint8Array, width: number, height: number): Promise<NetworkView[]> {
  return Promise.all(
    networkLongSides().map(async (side) => {
      const size = networkSize(width, height, side)
      const small = await sharp(rgb, { raw: { width, height, channels: 3 } }).resize(size.width, size.height, { fit: 'fill' }).raw().toBuffer()
      return { rgb: new Uint8Array(small.buffer, small.byteOffset, small.length), ...size }
    }),
  )
}

/** The hand-cued region segmentation's surfaces, mapped onto the label classes through ROLE_LABELS. */
export function segmentSurfaces(analysisRgb: Uint8Array, width: number, height: number): SurfaceMap {
  const scene = segmentScene(analysisRgb, width, height)
  const classOfRegion = Uint8Array.from(scene.regions, (region) => (isLargeDimKeep(region) ? LABEL['wall-tile'] : ROLE_LABELS[region.role]))
  const labels = new Uint8Array(width * height)
  for (let pixel = 0; pixel < labels.length; pixel++) labels[pixel] = classOfRegion[scene.regionOf[pixel]!]!
  return { labels, width, height }
}
