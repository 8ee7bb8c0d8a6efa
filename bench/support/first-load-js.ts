// First-load JavaScript of a prerendered page: every `<script src>` and `<link rel="modulepreload" href>` in its HTML,
// plus (since React Router inlines the entry as a module script) the inline module scripts' own bytes, gzipped with zlib.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

export type FirstLoadFile = { url: string; rawBytes: number; gzipBytes: number }
export type FirstLoadJs = {
  page: string
  /** The page's app code: loaded with the page, or (startsOnIntent) at the first sign of a person (decision 0051). */
  files: FirstLoadFile[]
  /** Every inline script of the page (the boot script, React Router's bootstrap, the document marks), gzipped together. */
  inlineGzipBytes: number
  gzipBytes: number
  rawBytes: number
  startsOnIntent: boolean
}

/**
 * The HTML file the server sends for a path: '/' → index.html, '/pricing' → pricing/index.html, and for a
 * client-rendered route without its own file, the SPA shell (__spa-fallback.html), as src/server/lib/static-site.ts does.
 */
export function prerenderedHtmlPath(clientDir: string, page: string): string {
  const trimmed = page.replace(/^\/+|\/+$/g, '')
  const own = trimmed === '' ? path.join(clientDir, 'index.html') : path.join(clientDir, trimmed, 'index.html')
  const shell = path.join(clientDir, '__spa-fallback.html')
  return existsSync(own) || !existsSync(shell) ? own : shell
}

function attribute(tag: string, name: string): string | undefined {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i').exec(tag)
  return match ? (match[1] ?? match[2] ?? match[3]) : undefined
}

/** The JS URLs a page loads before it is interactive, in document order, without duplicates. */
export function firstLoadScriptUrls(html: string): string[] {
  const urls: string[] = []
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/gi)) {
    const tag = match[0]
    const kind = match[1]!.toLowerCase()
    let url: string | undefined
    if (kind === 'script') url = attribute(tag, 'src')
    else if ((attribute(tag, 'rel') ?? '').toLowerCase() === 'modulepreload') url = attribute(tag, 'href')
    if (url && /\.m?js(\?|$)/.test(url) && !urls.includes(url)) urls.push(url)
    // The boot script loads the modules listed on it once the page has painted, or on a public page at the first sign
    // of a person (scripts/defer-scripts.mjs, decision 0051).
    for (const module of (kind === 'script' ? (attribute(tag, 'data-modules') ?? '') : '').split(/\s+/).filter(Boolean)) {
      if (!urls.includes(module)) urls.push(module)
    }
  }
  // React Router's inline bootstrap (left inert as type="lavo/module" until the boot script runs it) imports the
  // entry and route modules by URL; count those too.
  for (const match of html.matchAll(/<script\b[^>]*type="(?:lavo\/)?module"[^>]*>([\s\S]*?)<\/script>/gi)) {
    for (const imported of match[1]!.matchAll(/import\s*(?:[^'"]*?from\s*)?["']([^"']+\.m?js)["']/g)) {
      if (!urls.includes(imported[1]!)) urls.push(imported[1]!)
    }
  }
  return urls
}

function inlineModuleScripts(html: string): string {
  let code = ''
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/.test(match[1]!)) continue
    if (/type="application\/(ld\+)?json"/.test(match[1]!)) continue
    code += match[2]
  }
  return code
}

export function firstLoadJs(clientDir: string, page: string): FirstLoadJs {
  const htmlPath = prerenderedHtmlPath(clientDir, page)
  if (!existsSync(htmlPath)) throw new Error(`no prerendered HTML for ${page} at ${htmlPath}`)
  const html = readFileSync(htmlPath, 'utf8')
  const files = firstLoadScriptUrls(html).map((url) => {
    const file = path.join(clientDir, decodeURIComponent(new URL(url, 'http://x/').pathname))
    const bytes = readFileSync(file)
    return { url, rawBytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length }
  })
  const inline = inlineModuleScripts(html)
  const inlineGzipBytes = inline.trim() ? gzipSync(inline, { level: 9 }).length : 0
  return {
    page,
    files,
    inlineGzipBytes,
    gzipBytes: files.reduce((sum, file) => sum + file.gzipBytes, 0),
    rawBytes: files.reduce((sum, file) => sum + file.rawBytes, 0),
    startsOnIntent: /<script\b[^>]*\bdata-start="intent"/.test(html),
  }
}
