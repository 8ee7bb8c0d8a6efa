import { test as base, type Page } from '@playwright/test'

export { expect } from '@playwright/test'
export type { Locator, Page, Route } from '@playwright/test'

/** What one open page was doing, read from inside it; the read gives up after 5 s (a renderer that hangs says so). */
async function describePage(page: Page): Promise<string> {
  const reading = page.evaluate(async () => {
    const framed = await Promise.race([
      new Promise<string>((resolve) => requestAnimationFrame(() => resolve('painting'))),
      new Promise<string>((resolve) => setTimeout(() => resolve('no frame in 2 s'), 2000)),
    ])
    const active = document.activeElement
    const focus = active && active !== document.body ? `${active.tagName.toLowerCase()} "${(active.textContent ?? '').trim().slice(0, 30)}"` : 'body'
    return `${location.pathname}${location.search}: ${framed}, ${document.visibilityState}, scrolled to ${Math.round(window.scrollY)}, focus on ${focus}`
  })
  const silence = new Promise<string>((resolve) => setTimeout(() => resolve(`${page.url()}: no answer in 5 s`), 5000))
  return Promise.race([reading, silence]).catch((error: unknown) => `${page.url()}: unreadable (${String(error).split('\n')[0]})`)
}

/**
 * Every e2e test: after a failure, the state of each page it had open is attached as text, which the list reporter
 * prints with the failure. A click waits for its target to hold still over two animation frames; when a run times out
 * there, this tells a browser that stopped painting from a target that kept moving.
 */
export const test = base.extend<{ pageStateOnFailure: void }>({
  pageStateOnFailure: [
    async ({ context }, use, testInfo) => {
      await use()
      if (testInfo.status === testInfo.expectedStatus) return
      const states = await Promise.all(context.pages().map(describePage))
      await testInfo.attach('page state after the failure', { body: states.join('\n') || 'no page open', contentType: 'text/plain' })
    },
    { auto: true },
  ],
})
