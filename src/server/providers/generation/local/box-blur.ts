// Running-sum box blur for the analysis-scale maps (shading, busy detail, region fragmentation, the guided filter).

/** The input rows of the vertical pass, kept while the output overwrites them (grown as needed, reused). */
let scratch = new Float32Array(0)

/**
 * In-place separable box blur with clamped borders (running sums). The vertical pass walks the rows in order with a
 * running sum per column, rather than each column top to bottom: the same sums in the same order, so the same
 * result, but memory is read in the order it lies, which is several times faster on a 512 px map.
 */
export function boxBlur(data: Float32Array, width: number, height: number, radius: number): void {
  const span = radius * 2 + 1
  const line = new Float32Array(width)
  for (let y = 0; y < height; y++) {
    const row = y * width
    let sum = 0
    for (let offset = -radius; offset <= radius; offset++) sum += data[row + Math.min(width - 1, Math.max(0, offset))]!
    for (let x = 0; x < width; x++) {
      line[x] = sum / span
      sum += data[row + Math.min(width - 1, x + radius + 1)]! - data[row + Math.max(0, x - radius)]!
    }
    data.set(line, row)
  }
  const pixels = width * height
  if (scratch.length < pixels) scratch = new Float32Array(pixels)
  const source = scratch
  source.set(data.subarray(0, pixels))
  const sums = new Float64Array(width)
  for (let offset = -radius; offset <= radius; offset++) {
    const row = Math.min(height - 1, Math.max(0, offset)) * width
    for (let x = 0; x < width; x++) sums[x]! += source[row + x]!
  }
  for (let y = 0; y < height; y++) {
    const row = y * width
    const entering = Math.min(height - 1, y + radius + 1) * width
    const leaving = Math.max(0, y - radius) * width
    for (let x = 0; x < width; x++) {
      data[row + x] = sums[x]! / span
      sums[x]! += source[entering + x]! - source[leaving + x]!
    }
  }
}
