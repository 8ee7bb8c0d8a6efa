import { test as base, type Page } from '@playwright/test'
import { NO_FRAME, PAGE_STATE_ATTACHMENT } from '../../scripts/e2e-report.mjs'

export { expect } from '@playwright/test'
export type { Locator, Page, Route } from '@playwright/test'

/** What a page said about itself after a failure. */
export type PageState = { address: string; painting: boolean; visibility: string; readyState: string; loadingStylesheets: number; scrollY: number; focus: string }

/**
 * One line per page, as the failure report prints it. The gate (scripts/e2e-report.mjs, BROWSER_STALL_STATE) reads
 * a visible, complete page with its stylesheets loaded that drew no frame as the browser having stopped drawing.
 */
export function pageStateLine(state: PageState): string {
  const sheets = state.loadingStylesheets ? `${state.loadingStylesheets} stylesheet(s) loading` : 'stylesheets loaded'
  return `${state.address}: ${state.painting ? 'painting' : NO_FRAME}, ${state.visibility}, ${state.readyState}, ${sheets}, scrolled to ${state.scrollY}, focus on ${state.focus}`
}

/** What one open page was doing, read from inside it; the read gives up after 5 s (a renderer that hangs says so). */
async function readPage(page: Page): Promise<PageState | string> {
  const reading = page.evaluate(async (): Promise<PageState> => {
    const painting = await Promise.race([
      new Promise<boolean>((resolve) => requestAnimationFrame(() => resolve(true))),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2000)),
    ])
    const active = document.activeElement
    return {
      address: `${location.pathname}${location.search}`,
      painting,
      visibility: document.visibilityState,
      readyState: document.readyState,
      // A render-blocking stylesheet still loading also holds every frame back: that would be the product's fault.
      loadingStylesheets: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].filter((link) => !link.sheet).length,
      scrollY: Math.round(window.scrollY),
      focus: active && active !== document.body ? `${active.tagName.toLowerCase()} "${(active.textContent ?? '').trim().slice(0, 30)}"` : 'body',
    }
  })
  const silence = new Promise<string>((resolve) => setTimeout(() => resolve(`${page.url()}: no answer in 5 s`), 5000))
  return Promise.race([reading, silence]).catch((error: unknown) => `${page.url()}: unreadable (${String(error).split('\n')[0]})`)
}

/** The page's state, and for a page that drew nothing, whether bringing it to the front makes it draw again. */
async function describePage(page: Page): Promise<string> {
  const state = await readPage(page)
  if (typeof state === 'string') return state
  if (state.painting) return pageStateLine(state)
  await page.bringToFront().catch(() => undefined)
  const again = await readPage(page)
  return `${pageStateLine(state)}; brought to the front: ${typeof again === 'string' ? again : again.painting ? 'painting again' : 'still no frame'}`
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
      await testInfo.attach(PAGE_STATE_ATTACHMENT, { body: states.join('\n') || 'no page open', contentType: 'text/plain' })
    },
    { auto: true },
  ],
})
