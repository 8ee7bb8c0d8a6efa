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

/**
 * Runs `callback` once the page has shown its first content (the browser's first-contentful-paint entry) and the
 * frame after it, or after `fallbackMs`. afterNextPaint alone is not enough before the first paint: on a busy
 * machine the first frame can take longer than its 100 ms fallback, and work started then (a font or the app's
 * modules, downloaded at high priority and run at once) holds the first paint back by a second or more. A hidden
 * tab, or a browser without paint timing, falls back to afterNextPaint.
 */
export function afterFirstPaint(callback: () => void, fallbackMs = 2000): void {
  let done = false
  const run = () => {
    if (done) return
    done = true
    callback()
  }
  const painted = () => performance.getEntriesByType('paint').some((entry) => entry.name === 'first-contentful-paint')
  const paintTiming = typeof PerformanceObserver !== 'undefined' && (PerformanceObserver.supportedEntryTypes ?? []).includes('paint')
  if (!paintTiming || document.visibilityState === 'hidden' || painted()) {
    afterNextPaint(run)
    return
  }
  const observer = new PerformanceObserver(() => {
    if (!painted()) return
    observer.disconnect()
    afterNextPaint(run)
  })
  observer.observe({ type: 'paint', buffered: true })
  setTimeout(() => {
    observer.disconnect()
    run()
  }, fallbackMs)
}
