/**
 * Runs `callback` once the browser has painted the next frame (for work that must not delay what the user sees), or
 * after 100 ms where no frame comes (a hidden tab does not paint).
 */
export function afterNextPaint(callback: () => void): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    callback()
  }
  requestAnimationFrame(() => setTimeout(run, 0))
  setTimeout(run, 100)
}
