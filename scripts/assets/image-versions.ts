// npm run assets:versions — writes src/shared/catalogue/image-versions.ts: the content version of every
// committed catalogue image, which pages put in the image's address (`?v=`) so the server can send it as
// immutable (decision 0020-static-file-caching). Run after the images change; `npm run assets:render` runs it.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { contentVersion } from '../../src/server/lib/content-version'
import { allImageEntries, imageFiles } from '../../src/shared/catalogue/images'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const target = path.join(ROOT, 'src', 'shared', 'catalogue', 'image-versions.ts')

const versions: Record<string, string> = {}
for (const entry of allImageEntries()) {
  for (const file of imageFiles(entry.kind, entry.name)) versions[file.path] = contentVersion(readFileSync(path.join(ROOT, 'public', file.path)))
}
const lines = Object.entries(versions).map(([file, version]) => `  '${file}': '${version}',`)
writeFileSync(
  target,
  `// Written by \`npm run assets:versions\` (scripts/assets/image-versions.ts); do not edit. The content version of each\n` +
    `// committed catalogue image (src/server/lib/content-version.ts), checked against the files by images.test.ts.\n` +
    `export const IMAGE_VERSIONS: Readonly<Record<string, string>> = {\n${lines.join('\n')}\n}\n`,
)
console.log(`image versions: ${lines.length} files → ${path.relative(ROOT, target)}`)
