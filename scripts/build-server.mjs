// Bundles the server into dist/server/main.js (dependencies stay external) and copies the migrations beside it.
import { cpSync, rmSync } from 'node:fs'
import path from 'node:path'
import { build } from 'esbuild'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'dist', 'server')
rmSync(out, { recursive: true, force: true })
await build({
  entryPoints: [path.join(root, 'src', 'main.ts')],
  outfile: path.join(out, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
})
cpSync(path.join(root, 'src', 'server', 'db', 'migrations'), path.join(out, 'migrations'), { recursive: true })
console.log('server built: dist/server/main.js')
