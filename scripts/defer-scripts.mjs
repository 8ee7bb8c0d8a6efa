// Post-build step (issue 17 §1, decision 0019-scripts-after-first-paint): in every HTML page of the client build,
//  - the <link rel="modulepreload"> tags go (Chrome fetches them at high priority, ahead of the page's first paint)
//    and their URLs move to the boot script's data-modules, which preloads them once the page has painted;
//  - React Router's module bootstrap (<script type="module">…__reactRouterRouteModules…</script>) gets the inert
//    type "lavo/module", its text untouched (so a hash of it stays valid); the boot script runs it;
//  - the boot script (src/client/boot/boot.ts, bundled here and named by its content hash) is linked in <head>,
//    async, at low priority.
import { createHash } from 'node:crypto'
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
const code = bundled.outputFiles[0].contents
const bootUrl = `/assets/boot-${createHash('sha256').update(code).digest('hex').slice(0, 10)}.js`
writeFileSync(path.join(clientDir, bootUrl), code)

const MODULEPRELOAD = /<link\b(?=[^>]*\brel="modulepreload")[^>]*>/g
const BOOTSTRAP = /<script type="module"( async="")?>(?=[^<]*__reactRouterRouteModules)/g

/** The page with its scripts deferred, or undefined when it has no React Router bootstrap. */
function deferScripts(html) {
  const modules = []
  for (const tag of html.match(MODULEPRELOAD) ?? []) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1]
    if (href && !modules.includes(href)) modules.push(href)
  }
  if (!BOOTSTRAP.test(html)) return undefined
  BOOTSTRAP.lastIndex = 0
  const boot = `<script async src="${bootUrl}" fetchpriority="low" data-modules="${modules.join(' ')}"></script>`
  return html
    .replace(MODULEPRELOAD, '')
    .replace(BOOTSTRAP, '<script type="lavo/module">')
    .replace('</head>', `${boot}</head>`)
}

let pages = 0
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file)
    else if (name.endsWith('.html')) {
      const deferred = deferScripts(readFileSync(file, 'utf8'))
      if (!deferred) throw new Error(`${path.relative(root, file)}: no React Router module bootstrap found; the build output changed`)
      writeFileSync(file, deferred)
      pages += 1
    }
  }
}
walk(clientDir)
console.log(`deferred scripts in ${pages} pages (boot script ${bootUrl}, ${code.length} bytes)`)
