// Bundles the server into dist/server/server.js, its launcher into main.js (src/launch.ts: what `npm start` runs), and
// the engine's threads into engine-worker.js and paint-worker.js beside them (dependencies stay external), and copies
// the migrations beside them.
import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'dist', 'server')
rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: {
    main: path.join(root, 'src', 'launch.ts'),
    server: path.join(root, 'src', 'main.ts'),
    'paint-worker': path.join(root, 'src', 'server', 'providers', 'generation', 'local', 'paint-worker.ts'),
    'engine-worker': path.join(root, 'src', 'server', 'providers', 'generation', 'local', 'engine-worker.ts'),
  },
  outdir: out,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
cpSync(path.join(root, 'src', 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true })
// The local engine's data: the surface model (when trained) and the stock photos' exact label maps.
const model = path.join(root, 'src', 'server', 'providers', 'generation', 'local', 'model')
if (existsSync(model)) cpSync(model, path.join(out, 'model'), { recursive: true })
const stock = path.join(root, 'bench', 'scenes', 'stock')
for (const file of readdirSync(stock).filter((name) => name.endsWith('.jpg') || name.endsWith('.labels.png'))) {
  cpSync(path.join(stock, file), path.join(out, 'model', 'stock', file))
}
console.log('server built: dist/server/main.js')
