// The first script of every prerendered page (issue 17 §1, decisions 0019 and 0051). It is small and inlined at the
// end of <head>; the build (scripts/defer-scripts.mjs) leaves React Router's module bootstrap in the page
// as an inert <script type="lavo/module"> and lists the modules it used to preload on this script's data-modules.
// This script:
//  0. lets the heading face (Newsreader) load once the page has painted, or at once when this tab has loaded it
//     before (app.css, html.fonts-ready), so a font download never delays the first paint;
//  1. starts the app. On a public page (data-start="intent"): at the first sign of a person (a pointer moving, a touch,
//     a key, focus, a file chosen) or when something waiting for the server comes into view, and at once where the
//     page needs it (an address with a query, a signed-in browser: html[data-member], a photo kept by the wizard);
//     decision 0051. Elsewhere: once the page has painted and its images have loaded, or after MAX_WAIT_MS, whichever
//     is first. So text and the largest image never wait behind JavaScript, and a visitor who only reads downloads none;
//  2. keeps every button press made before the app is hydrated and replays it once it is, so no click is lost;
//  3. announces again a photo chosen in a file input before then, so no choice is lost either.
// It runs before React, so it uses nothing but the DOM.

import { afterFirstPaint } from '../lib/after-paint'

const MODULE_TYPE = 'lavo/module'
/** Hydration starts at the latest this long after the document was parsed, even if images are still loading. */
const MAX_WAIT_MS = 3000
/** root.tsx dispatches this on window once the app has hydrated. */
const HYDRATED_EVENT = 'lavo:hydrated'

const script = document.currentScript as HTMLScriptElement | null
const modules = (script?.dataset.modules ?? '').split(/\s+/).filter(Boolean)


// 0. The heading face.
const FONTS_KEY = 'lavo:fonts-ready'
function readStorage(): string | null {
  try {
    return sessionStorage.getItem(FONTS_KEY)
  } catch {
    return null
  }
}
function enableWebFonts() {
  document.documentElement.classList.add('fonts-ready')
  try {
    sessionStorage.setItem(FONTS_KEY, '1')
  } catch {
    // storage unavailable: the next page waits for its first paint again
  }
}
if (readStorage()) enableWebFonts()
else afterFirstPaint(enableWebFonts)

// 2. Presses on buttons (and on areas marked data-hold-press, such as the photo drop zone) before hydration are held (their default action too) and replayed in order afterwards.
// Links need no help: without JavaScript they navigate as plain links, and a prerendered page is there.
const held: HTMLElement[] = []
function hold(event: MouseEvent) {
  const target = event.target instanceof Element ? event.target.closest<HTMLElement>('button, [role="button"], [data-hold-press]') : null
  if (!target || target.matches(':disabled, [aria-disabled="true"]')) return
  event.preventDefault()
  event.stopImmediatePropagation()
  if (!held.includes(target)) held.push(target)
}
window.addEventListener('click', hold, true)

// 3. A photo chosen before hydration (the file chooser answers before the app is live) is announced again
// afterwards: the input keeps its files, but the change event that carried them had no listener yet.
const chosen: HTMLInputElement[] = []
function holdChoice(event: Event) {
  const target = event.target
  if (target instanceof HTMLInputElement && target.type === 'file' && !chosen.includes(target)) chosen.push(target)
}
window.addEventListener('change', holdChoice, true)

window.addEventListener(
  HYDRATED_EVENT,
  () => {
    window.removeEventListener('click', hold, true)
    window.removeEventListener('change', holdChoice, true)
    for (const element of held.splice(0)) if (element.isConnected) element.click()
    for (const input of chosen.splice(0)) if (input.isConnected && input.files?.length) input.dispatchEvent(new Event('change', { bubbles: true }))
  },
  { once: true },
)

// 1. Start the app: preload its modules (in parallel, as React Router would have), then run the bootstrap.
let started = false
function start() {
  if (started) return
  started = true
  for (const href of modules) {
    const link = document.createElement('link')
    link.rel = 'modulepreload'
    link.href = href
    document.head.append(link)
  }
  for (const inert of document.querySelectorAll<HTMLScriptElement>(`script[type="${MODULE_TYPE}"]`)) {
    const live = document.createElement('script')
    live.type = 'module'
    live.textContent = inert.textContent
    inert.replaceWith(live)
  }
}

function startAfterLoad() {
  if (document.readyState === 'complete') afterFirstPaint(start)
  else window.addEventListener('load', () => afterFirstPaint(start), { once: true })
  const startLate = () => setTimeout(start, MAX_WAIT_MS)
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', startLate, { once: true })
  else startLate()
}

/** What shows that a person is here and about to use the page (not scrolling by wheel alone, which needs no app). */
const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'keydown', 'focusin', 'change', 'dragenter', 'paste'] as const

/**
 * Starts the app at the first sign of a person, or when something on the page that waits for the server (marked
 * aria-busy, such as the pricing page's packages) comes into view, however the page got there.
 */
function startOnIntent() {
  let observer: IntersectionObserver | undefined
  const onIntent = () => {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true)
    observer?.disconnect()
    start()
  }
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true })
  const watch = () => {
    const waiting = document.querySelectorAll('[aria-busy="true"]')
    if (!waiting.length || typeof IntersectionObserver === 'undefined') return
    observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && onIntent())
    for (const element of waiting) observer.observe(element)
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch, { once: true })
  else watch()
}

/**
 * Whether the wizard keeps a photo (idb-keyval's store, lib/browser-storage.ts): the home page then shows it, which
 * needs the app. The database is only looked at: where it does not exist, opening it is undone, not left empty.
 */
function hasKeptPhoto(): Promise<boolean> {
  return new Promise((resolve) => {
    try {
      const request = indexedDB.open('keyval-store')
      request.onupgradeneeded = () => request.transaction?.abort()
      request.onerror = () => resolve(false)
      request.onsuccess = () => {
        const database = request.result
        const done = (kept: boolean) => {
          database.close()
          resolve(kept)
        }
        try {
          if (!database.objectStoreNames.contains('keyval')) return done(false)
          const count = database.transaction('keyval', 'readonly').objectStore('keyval').count('pendingImageUpload')
          count.onsuccess = () => done(count.result > 0)
          count.onerror = () => done(false)
        } catch {
          done(false)
        }
      }
    } catch {
      resolve(false)
    }
  })
}

if (script?.dataset.start !== 'intent') startAfterLoad()
else if (location.search || document.documentElement.hasAttribute('data-member')) startAfterLoad()
else {
  startOnIntent()
  if (location.pathname === '/') void hasKeptPhoto().then((kept) => kept && startAfterLoad())
}
