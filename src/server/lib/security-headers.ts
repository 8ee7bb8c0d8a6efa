import { createHash } from 'node:crypto'

/** Browser features no page of ours uses are switched off for the page and anything it embeds. */
export const PERMISSIONS_POLICY = 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()'

/** Sent only when PUBLIC_URL is https: browsers then never use plain http for this host for a year. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

/** Anything that is not a page (JSON, images, assets) may load and run nothing if opened as a document. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

/**
 * Our scripts' own policy. A page's policy governs the scripts it loads; a worker runs under the policy its script
 * came with. The image worker imports its chunks from our origin and compiles the HEIC decoder's WebAssembly
 * (heic-decode.ts); nothing else: no eval, no requests.
 */
export const SCRIPT_CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self' 'wasm-unsafe-eval'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi

/** The CSP source expressions ('sha256-…') of every inline script in a page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc\s*=/i.test(match[1] ?? '')) continue
    hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '', 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * A page's policy (decision 0015-content-security-policy): scripts only from our origin plus the exact inline
 * scripts the prerendered page carries (by hash; never 'unsafe-inline'); styles from our origin (inline style
 * attributes allowed: they cannot run code); images from us, data: and blob: (photo previews); workers only from
 * our origin; no eval; no plugins, frames or foreign form targets. allowWasm is for the one page that converts iPhone
 * HEIC photos (the wizard on the home page): where a browser has no image worker, the page compiles the HEIC
 * decoder's WebAssembly itself ('wasm-unsafe-eval' allows exactly that, not eval).
 */
export function pageContentSecurityPolicy(scriptHashes: readonly string[], options: { allowWasm?: boolean } = {}): string {
  return [
    "default-src 'self'",
    `script-src 'self'${options.allowWasm ? " 'wasm-unsafe-eval'" : ''} ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self'",
    "manifest-src 'self'",
    "media-src 'self' blob:",
    "object-src 'none'",
    "frame-src 'none'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join('; ')
}
