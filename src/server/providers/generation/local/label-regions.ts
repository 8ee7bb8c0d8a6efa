// Connected regions of one label in a label map: the one flood fill, bounding box, row extents and count of what
// borders a region that cleaning specks (surface-network.ts) and squaring doors and glass (label-shapes.ts) share.

/** The 4-neighbour of a pixel on one side (0 left, 1 right, 2 up, 3 down), or -1 past the picture's edge. */
export function neighbourOf(pixel: number, side: number, width: number, pixels: number): number {
  const x = pixel % width
  if (side === 0) return x > 0 ? pixel - 1 : -1
  if (side === 1) return x < width - 1 ? pixel + 1 : -1
  if (side === 2) return pixel >= width ? pixel - width : -1
  return pixel + width < pixels ? pixel + width : -1
}

/**
 * The 4-connected region of `start`'s label, flood-filled from `start`: its pixels go to `members[0..count)` and are
 * marked in `seen`; returns count. `members` and `seen` are the caller's, one per picture, reused region after region.
 */
export function floodRegion(labels: Uint8Array, width: number, start: number, seen: Uint8Array, members: Int32Array): number {
  const label = labels[start]
  let count = 0
  let done = 0
  members[count++] = start
  seen[start] = 1
  while (done < count) {
    const pixel = members[done++]!
    for (let side = 0; side < 4; side++) {
      const next = neighbourOf(pixel, side, width, labels.length)
      if (next < 0 || seen[next] || labels[next] !== label) continue
      seen[next] = 1
      members[count++] = next
    }
  }
  return count
}

/**
 * The label that shares most border (4-neighbour sides) with a region, among labels `accept` takes (any by default),
 * never the region's own; ties go to the lower label id. Null when no such label touches it.
 */
export function mostBorderingLabel(labels: Uint8Array, width: number, members: ArrayLike<number>, accept?: (label: number) => boolean): number | null {
  const own = labels[members[0]!]
  const votes = new Uint32Array(256)
  for (let index = 0; index < members.length; index++) {
    for (let side = 0; side < 4; side++) {
      const next = neighbourOf(members[index]!, side, width, labels.length)
      if (next < 0) continue
      const label = labels[next]!
      if (label !== own && (!accept || accept(label))) votes[label]!++
    }
  }
  let best: number | null = null
  for (let label = 0; label < 256; label++) if (votes[label]! > (best === null ? 0 : votes[best]!)) best = label
  return best
}

/** The smallest box (inclusive pixel bounds) holding every pixel of a region. */
export function regionBounds(members: ArrayLike<number>, width: number): { x0: number; x1: number; y0: number; y1: number } {
  let x0 = Number.POSITIVE_INFINITY
  let x1 = -1
  let y0 = Number.POSITIVE_INFINITY
  let y1 = -1
  for (let index = 0; index < members.length; index++) {
    const pixel = members[index]!
    const x = pixel % width
    const y = (pixel - x) / width
    x0 = Math.min(x0, x)
    x1 = Math.max(x1, x)
    y0 = Math.min(y0, y)
    y1 = Math.max(y1, y)
  }
  return { x0, x1, y0, y1 }
}

/**
 * Per row of a region, from row `y0` for `rows` rows, its leftmost (`first`) and rightmost (`last`) x: `width` and -1
 * in a row it does not reach.
 */
export function rowExtents(members: ArrayLike<number>, width: number, y0: number, rows: number): { first: Int32Array; last: Int32Array } {
  const first = new Int32Array(rows).fill(width)
  const last = new Int32Array(rows).fill(-1)
  for (let index = 0; index < members.length; index++) {
    const pixel = members[index]!
    const x = pixel % width
    const row = (pixel - x) / width - y0
    first[row] = Math.min(first[row]!, x)
    last[row] = Math.max(last[row]!, x)
  }
  return { first, last }
}
