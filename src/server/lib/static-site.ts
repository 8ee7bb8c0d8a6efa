import { existsSync, statSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Context } from 'hono'
import { inlineScriptHashes, pageContentSecurityPolicy, SCRIPT_CONTENT_SECURITY_POLICY } from './security-headers'
import { contentVersion } from './content-version'
import { PAGE_MARK_COOKIES } from '../../shared/page-marks'

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
/** Pages prerendered as a signed-out visitor sees them (client/app/public-paths.ts): members get the SPA shell. */
const SIGNED_OUT_PAGES = [/^\/my-designs\/?$/]

/** Whether the request carries a better-auth session cookie (`better-auth.session_token`, `__Secure-` on HTTPS). */
function hasSessionCookie(c: Context): boolean {
  return /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/.test(c.req.header('cookie') ?? '')
}

/** Files whose name or address carries a hash of their content: never change, so cached for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (HTML, unversioned files): cached, but checked with the server (ETag → 304) before each use. */
const REVALIDATE = 'no-cache'

/** Whether an If-None-Match header names this entity tag (weak comparison, as RFC 9110 §13.1.2 asks for GET). */
export function matchesEntityTag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '')
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag))
}

type Entity = { bytes: Buffer; etag: string; version: string; mtimeMs: number; size: number }

/**
 * Serves the built client: hashed assets (cached for a year), prerendered pages as HTML, the SPA shell
 * for client-only routes, and the prerendered 404 page with status 404 for anything else. Every response
 * carries a strong ETag (a hash of the bytes sent) and answers a matching If-None-Match with 304. Files
 * outside /assets/ are immutable only when asked for with `?v=` equal to their content version (decision
 * 0020-static-file-caching); otherwise they are revalidated, like HTML.
 */
export function createStaticSite(clientDir: string, options: { demo?: boolean } = {}) {
  /** Sets a page mark (shared/page-marks.ts) while it holds; clears it when it no longer does and the browser still has it. */
  function mark(c: Context, name: string, holds: boolean) {
    if (holds) c.header('Set-Cookie', `${name}=1; Path=/; SameSite=Lax`, { append: true })
    else if (new RegExp(`(?:^|;\\s*)${name}=`).test(c.req.header('cookie') ?? '')) c.header('Set-Cookie', `${name}=; Path=/; Max-Age=0; SameSite=Lax`, { append: true })
  }

  /** The marks every page carries for its first inline script (app/document-marks.ts). */
  function markCookies(c: Context) {
    mark(c, PAGE_MARK_COOKIES.demo, options.demo === true)
    mark(c, PAGE_MARK_COOKIES.member, hasSessionCookie(c))
  }
  const root = path.resolve(clientDir)
  const shellFile = ['__spa-fallback.html', 'index.html'].map((name) => path.join(root, name)).find((file) => existsSync(file))
  const notFoundFile = path.join(root, '404', 'index.html')
  // Bytes and their hashes, per file, kept while the file's size and modification time stay the same.
  const entities = new Map<string, Entity>()
  const policyCache = new Map<string, string>()
  const wizardPage = path.join(root, 'index.html')

  /** The page's Content-Security-Policy, with the hashes of the inline scripts it was built with. */
  async function policyOf(file: string): Promise<string> {
    let policy = policyCache.get(file)
    if (!policy) {
      // The home page holds the wizard, whose HEIC decoder may be compiled on the page (decision 0015-content-security-policy).
      const { bytes } = await entity(file)
      policy = pageContentSecurityPolicy(inlineScriptHashes(bytes.toString('utf8')), { allowWasm: file === wizardPage })
      policyCache.set(file, policy)
    }
    return policy
  }

  async function entity(file: string): Promise<Entity> {
    const stats = statSync(file)
    const cached = entities.get(file)
    if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) return cached
    const bytes = await readFile(file)
    const version = contentVersion(bytes)
    const fresh = { bytes, etag: `"${version}"`, version, mtimeMs: stats.mtimeMs, size: stats.size }
    entities.set(file, fresh)
    return fresh
  }

  /** The bytes of `file` (or its precompressed variant) with validators; 304 when the client already has them. */
  async function send(c: Context, file: string, headers: { type: string; cacheControl: string; vary?: string }, status: 200 | 404 = 200) {
    const variant = encoded(c, file)
    const { bytes, etag } = await entity(variant?.file ?? file)
    c.header('Content-Type', headers.type)
    c.header('Cache-Control', headers.cacheControl)
    c.header('Vary', headers.vary ?? 'Accept-Encoding')
    c.header('ETag', etag)
    if (status === 200 && matchesEntityTag(c.req.header('if-none-match'), etag)) return c.body(null, 304)
    if (variant) c.header('Content-Encoding', variant.encoding)
    return c.body(new Uint8Array(bytes), status)
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

  async function html(c: Context, file: string, status: 200 | 404 = 200, vary?: string) {
    c.header('Content-Security-Policy', await policyOf(file))
    markCookies(c)
    return send(c, file, { type: TYPES['.html']!, cacheControl: REVALIDATE, vary }, status)
  }

  /**
   * The SPA shell with tags added to its <head> (a shared design's link preview, decision 0043), never cached: what it
   * says can be turned off at any moment. Its inline scripts are unchanged, so its Content-Security-Policy is the shell's.
   */
  async function shellPage(c: Context, extraHead: string, status: 200 | 404) {
    if (!shellFile) return c.text('Not Found', 404)
    const { bytes } = await entity(shellFile)
    const page = bytes.toString('utf8').replace('</head>', `${extraHead}</head>`)
    c.header('Content-Security-Policy', await policyOf(shellFile))
    markCookies(c)
    c.header('Content-Type', TYPES['.html']!)
    c.header('Cache-Control', 'no-store')
    return c.body(page, status)
  }

  async function serve(c: Context) {
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
      const type = TYPES[path.extname(asset).toLowerCase()] ?? 'application/octet-stream'
      // Vite names everything under /assets/ by its content; other files are versioned by ?v= (shared/content-version).
      const requested = c.req.query('v')
      const hashed = pathname.startsWith('/assets/') || (requested !== undefined && requested === (await entity(asset)).version)
      // A script may be a worker's, which runs under the policy it is served with.
      if (type.includes('javascript')) c.header('Content-Security-Policy', SCRIPT_CONTENT_SECURITY_POLICY)
      return send(c, asset, { type, cacheControl: hashed ? IMMUTABLE : REVALIDATE })
    }

    const page = fileIn(path.posix.join(pathname, 'index.html'))
    if (page && SIGNED_OUT_PAGES.some((route) => route.test(pathname))) {
      return html(c, hasSessionCookie(c) && shellFile ? shellFile : page, 200, 'Accept-Encoding, Cookie')
    }
    if (page) return html(c, page)
    if (shellFile && APP_ROUTES.some((route) => route.test(pathname))) return html(c, shellFile)
    if (existsSync(notFoundFile)) return html(c, notFoundFile, 404)
    if (shellFile) return html(c, shellFile, 404)
    return c.text('Not Found', 404)
  }
  return Object.assign(serve, { shellPage })
}
