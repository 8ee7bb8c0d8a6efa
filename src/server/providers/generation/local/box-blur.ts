// Running-sum box blur for the analysis-scale maps (shading, busy detail, region fragmentation).

/** In-place separable box blur with clamped borders (running sums). */
export function boxBlur(data: Float32Array, width: number, height: number, radius: number): void {
  const line = new Float32Array(Math.max(width, height))
  const span = radius * 2 + 1
  for (let y = 0; y < height; y++) {
    const row = y * width
    let sum = 0
    for (let offset = -radius; offset <= radius; offset++) sum += data[row + Math.min(width - 1, Math.max(0, offset))]!
    for (let x = 0; x < width; x++) {
      line[x] = sum / span
      sum += data[row + Math.min(width - 1, x + radius + 1)]! - data[row + Math.max(0, x - radius)]!
    }
    data.set(line.subarray(0, width), row)
  }
  for (let x = 0; x < width; x++) {
    let sum = 0
    for (let offset = -radius; offset <= radius; offset++) sum += data[Math.min(height - 1, Math.max(0, offset)) * width + x]!
    for (let y = 0; y < height; y++) {
      line[y] = sum / span
      sum += data[Math.min(height - 1, y + radius + 1) * width + x]! - data[Math.max(0, y - radius) * width + x]!
    }
    for (let y = 0; y < height; y++) data[y * width + x] = line[y]!
  }
}
