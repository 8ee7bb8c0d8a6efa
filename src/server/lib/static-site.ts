import { existsSync, readFileSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'hono'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.woff2': 'font/woff2',
}

/** Client-rendered routes that are not prerendered but are real pages (served the SPA shell with 200). */
const APP_ROUTES = [/^\/my-designs\/?$/, /^\/reset-password\/?$/, /^\/auth\/callback\/?$/, /^\/checkout\/test\/[\w-]+\/?$/]

/**
 * Serves the built client: hashed assets (cached for a year), prerendered pages as HTML, the SPA shell
 * for client-only routes, and the prerendered 404 page with status 404 for anything else.
 */
export function createStaticSite(clientDir: string) {
  const root = path.resolve(clientDir)
  const shellFile = ['__spa-fallback.html', 'index.html'].map((name) => path.join(root, name)).find((file) => existsSync(file))
  const notFoundFile = path.join(root, '404', 'index.html')
  const htmlCache = new Map<string, Buffer>()

  function readHtml(file: string): Buffer {
    let html = htmlCache.get(file)
    if (!html) {
      html = readFileSync(file)
      htmlCache.set(file, html)
    }
    return html
  }

  function fileIn(relative: string): string | undefined {
    const file = path.resolve(root, '.' + relative)
    if (file !== root && !file.startsWith(root + path.sep)) return undefined
    try {
      return statSync(file).isFile() ? file : undefined
    } catch {
      return undefined
    }
  }

  /** The precompressed variant the client accepts (.br, then .gz), if the build wrote one. */
  function encoded(c: Context, file: string): { file: string; encoding: 'br' | 'gzip' } | undefined {
    const accepted = c.req.header('accept-encoding') ?? ''
    if (/\bbr\b/.test(accepted) && existsSync(`${file}.br`)) return { file: `${file}.br`, encoding: 'br' }
    if (/\bgzip\b/.test(accepted) && existsSync(`${file}.gz`)) return { file: `${file}.gz`, encoding: 'gzip' }
    return undefined
  }

  function html(c: Context, file: string, status: 200 | 404 = 200) {
    c.header('Content-Type', TYPES['.html'])
    c.header('Cache-Control', 'no-cache')
    c.header('Vary', 'Accept-Encoding')
    const variant = encoded(c, file)
    if (variant) c.header('Content-Encoding', variant.encoding)
    return c.body(new Uint8Array(readHtml(variant?.file ?? file)), status)
  }

  return async function serve(c: Context) {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return c.text('Method Not Allowed', 405)
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      return c.text('Bad Request', 400)
    }
    if (pathname.includes('\0')) return c.text('Bad Request', 400)

    const asset = pathname.endsWith('/') ? undefined : fileIn(pathname)
    if (asset && !asset.endsWith('.html')) {
      const ext = path.extname(asset).toLowerCase()
      c.header('Content-Type', TYPES[ext] ?? 'application/octet-stream')
      c.header('Cache-Control', pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600')
      c.header('Vary', 'Accept-Encoding')
      const variant = encoded(c, asset)
      if (variant) c.header('Content-Encoding', variant.encoding)
      return c.body(new Uint8Array(await readFile(variant?.file ?? asset)))
    }

    const page = fileIn(path.posix.join(pathname, 'index.html'))
    if (page) return html(c, page)
    if (shellFile && APP_ROUTES.some((route) => route.test(pathname))) return html(c, shellFile)
    if (existsSync(notFoundFile)) return html(c, notFoundFile, 404)
    if (shellFile) return html(c, shellFile, 404)
    return c.text('Not Found', 404)
  }
}
