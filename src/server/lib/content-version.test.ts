import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { IMAGE_VERSIONS } from '../../shared/catalogue/image-versions'
import { allImageEntries, imageFiles } from '../../shared/catalogue/images'
import { contentVersion } from './content-version'

const PUBLIC = path.resolve(import.meta.dirname, '../../../public')

describe('content versions', () => {
  it('change with every byte and are 12 hex digits', () => {
    expect(contentVersion(Buffer.from('a'))).toMatch(/^[0-9a-f]{12}$/)
    expect(contentVersion(Buffer.from('a'))).not.toBe(contentVersion(Buffer.from('b')))
  })

  it('are recorded for every committed catalogue image as it is now (npm run assets:versions after re-rendering)', () => {
    const files = allImageEntries().flatMap((entry) => imageFiles(entry.kind, entry.name).map((file) => file.path))
    expect(Object.keys(IMAGE_VERSIONS).sort()).toEqual([...files].sort())
    for (const file of files) expect({ file, version: IMAGE_VERSIONS[file] }).toEqual({ file, version: contentVersion(readFileSync(path.join(PUBLIC, file))) })
  })
})
