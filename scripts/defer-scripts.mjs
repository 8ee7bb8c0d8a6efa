// Post-build step (issue 17 §1, decision 0019-scripts-after-first-paint): in every HTML page of the client build,
//  - the <link rel="modulepreload"> tags go (Chrome fetches them at high priority, ahead of the page's first paint)
//    and their URLs move to the boot script's data-modules, which preloads them once the page has painted;
//  - React Router's module bootstrap (<script type="module">…__reactRouterRouteModules…</script>) gets the inert
//    type "lavo/module", its text untouched (so a hash of it stays valid); the boot script runs it;
//  - the boot script (src/client/boot/boot.ts, bundled here) is inlined at the end of <head>: a separate file would be
//    one more request before the largest paint, which Lighthouse's simulation counts against it (decision 0051);
//    a prerendered page (not the app shell) marks it data-start="intent": its app starts at the first sign of a person;
//  - the favicon link carries the icon itself (a data: URL), for the same reason.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const clientDir = path.join(root, 'build', 'client')

const bundled = await build({
  entryPoints: [path.join(root, 'src', 'client', 'boot', 'boot.ts')],
  bundle: true,
  minify: true,
  format: 'iife',
  target: 'es2020',
  write: false,
  logLevel: 'warning',
})
const code = bundled.outputFiles[0].text.trim()
if (/<\/script/i.test(code)) throw new Error('the boot script contains "</script": it cannot be inlined')

const FAVICON_LINK = /<link rel="icon" href="\/favicon\.svg" type="image\/svg\+xml"\/?>/
const faviconUrl = `data:image/svg+xml,${encodeURIComponent(readFileSync(path.join(clientDir, 'favicon.svg'), 'utf8').trim())}`

const MODULEPRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*>/g
const BOOTSTRAP = /<script type="module"( async="")?>(?=[^<]*__reactRouterRouteModules)/g

/** The page with its scripts deferred, or undefined when it has no React Router bootstrap. */
function deferScripts(html, { prerendered }) {
  const modules = []
  for (const tag of html.match(MODULEPRELOAD) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (href && !modules.includes(href)) modules.push(href)
  }
  if (!BOOTSTRAP.test(html)) return undefined
  BOOTSTRAP.lastIndex = 0
  if (!FAVICON_LINK.test(html)) throw new Error('no favicon link found; the build output changed')
  const boot = `<script${prerendered ? ' data-start="intent"' : ''} data-modules="${modules.join(' ')}">${code}</script>`
  return html
    .replace(FAVICON_LINK, `<link rel="icon" href="${faviconUrl}" type="image/svg+xml"/>`)
    .replace(MODULEPRELOAD, '')
    .replace(BOOTSTRAP, '<script type="lavo/module">')
    .replace('</head>', `${boot}</head>`)
}

/** React Router's app shell for routes that are not prerendered (signed-in pages): their app starts after load. */
const SHELL = '__spa-fallback.html'

let pages = 0
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file)
    else if (name.endsWith('.html')) {
      const deferred = deferScripts(readFileSync(file, 'utf8'), { prerendered: name !== SHELL })
      if (!deferred) throw new Error(`${path.relative(root, file)}: no React Router module bootstrap found; the build output changed`)
      writeFileSync(file, deferred)
      pages += 1
    }
  }
}
walk(clientDir)
console.log(`deferred scripts in ${pages} pages (boot script inlined, ${code.length} bytes)`)
