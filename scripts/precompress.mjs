// Writes .br and .gz next to every text asset of the client build, so the server sends compressed
// bytes without compressing on each request.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const root = path.resolve(import.meta.dirname, '..', 'build', 'client')
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/
let files = 0
let before = 0
let after = 0
function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) walk(file)
    else if (TEXT.test(name)) {
      const bytes = readFileSync(file)
      if (bytes.length < 1024) continue
      const brotli = brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } })
      writeFileSync(`${file}.br`, brotli)
      writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }))
      files += 1
      before += bytes.length
      after += brotli.length
    }
  }
}
walk(root)
console.log(`precompressed ${files} files: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB (brotli)`)
