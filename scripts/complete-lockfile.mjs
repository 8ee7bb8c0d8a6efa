// The registry mirror this project installs from carries only the linux-x64 builds of some native
// packages (rollup, tailwind's oxide, unrs resolver), so npm leaves the other platforms' optional
// packages out of package-lock.json — and npm 11's `npm ci` then refuses the lockfile as out of sync.
// This adds a lock entry for every missing optional platform package, with the os/cpu that make npm
// skip it on every other machine. Run it after changing dependencies: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const lockPath = path.resolve(import.meta.dirname, '..', 'package-lock.json')
const lock = JSON.parse(readFileSync(lockPath, 'utf8'))
const packages = lock.packages

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openbsd', 'netbsd', 'sunos', 'aix', 'openharmony', 'wasm32']
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'wasi']

function platformOf(name) {
  const parts = name.split('/').pop().split('-')
  const os = parts.find((part) => OS.includes(part)) ?? 'unknown-os'
  let cpu = parts.find((part) => CPU.includes(part)) ?? 'unknown-cpu'
  if (cpu === 'arm' && parts.includes('eabi')) cpu = 'arm'
  const libc = parts.some((part) => part.startsWith('musl')) ? ['musl'] : parts.some((part) => part === 'gnu' || part.startsWith('gnueabi')) ? ['glibc'] : undefined
  if (os === 'wasm32' || cpu === 'wasm32') return { cpu: ['wasm32'] }
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) }
}

let added = 0
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, range] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = location === '' ? '' : `${location}/`
    const candidates = [`${base}node_modules/${name}`, `node_modules/${name}`]
    if (candidates.some((candidate) => packages[candidate])) continue
    packages[`node_modules/${name}`] = { version: String(range).replace(/^[\^~=]/, ''), optional: true, ...platformOf(name) }
    added += 1
  }
}
lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))))
writeFileSync(lockPath, JSON.stringify(lock, null, 2) + '\n')
console.log(`complete-lockfile: added ${added} optional platform entries`)
