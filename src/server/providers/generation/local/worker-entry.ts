// Starts one of the engine's worker threads. From the built server (scripts/build-server.mjs) the entry is a .js file
// beside dist/server/main.js, which is also where every bundle's import.meta.url points. From source (tests, benches,
// `npm run dev`) it is a .ts file beside this one, loaded through tsx's loader, registered inside the new thread: on
// Node 20 a worker does not inherit a loader given as `--import tsx`.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'

export type WorkerEntry = 'paint-worker' | 'engine-worker'

export function startWorker(entry: WorkerEntry): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL(`./${entry}.js`, import.meta.url))
  const loader = tsxLoader()
  const script = new URL(`./${entry}.ts`, import.meta.url).href
  return new Worker(`import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script)}) })`, { eval: true })
}

/** tsx's ES-module API (the CommonJS build's `register` cannot find its own module hooks). */
function tsxLoader(): string {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json')
  const exports = (JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> }).exports
  return pathToFileURL(path.join(path.dirname(manifest), exports['./esm/api']!.import.default)).href
}
