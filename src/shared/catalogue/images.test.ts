import { existsSync, readdirSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { IMAGE_VERSIONS } from './image-versions'
import { GALLERY_ITEMS, HERO, IMAGE_SIZES, STOCK_PHOTOS, allImageEntries, imageFiles, imageSources, styleSampleUrl } from './images'
// @ts-expect-error: a plain ES module script without types
import { SIZES } from '../../../scripts/assets/variants.mjs'
import { sampleImagePath, STYLE_IDS } from './styles'

// The images are rendered by `npm run assets:render` (not in CI) and committed; this checks the
// committed set is complete, at the stated pixel sizes, and inside the page-weight budget.
const PUBLIC = resolve(import.meta.dirname, '../../../public')
const BUDGET_BYTES = 8 * 1024 * 1024

function folderSize(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    total += entry.isDirectory() ? folderSize(path) : statSync(path).size
  }
  return total
}

describe('product images', () => {
  it('lists every style, four stock photos, four gallery pairs and the hero pair', () => {
    const entries = allImageEntries()
    expect(entries.filter((entry) => entry.kind === 'styles').map((entry) => entry.name)).toEqual([...STYLE_IDS])
    expect(STOCK_PHOTOS).toHaveLength(4)
    expect(GALLERY_ITEMS.map((item) => item.styleId)).toEqual(['coastal', 'mid-century-modern', 'scandinavian', 'zen-japandi'])
    expect(entries.filter((entry) => entry.kind === 'hero').map((entry) => entry.name)).toEqual([HERO.before.name, HERO.after.name])
  })

  it('asks pages for the widths the asset scripts write', () => {
    expect(SIZES).toEqual([...IMAGE_SIZES])
  })

  it('gives pages responsive sources with an intrinsic size, each address carrying its content version', () => {
    const v = (path: string) => `${path}?v=${IMAGE_VERSIONS[path]}`
    expect(imageSources('styles', 'coastal')).toEqual({
      avif: `${v('/images/styles/coastal-480.avif')} 480w, ${v('/images/styles/coastal-720.avif')} 720w, ${v('/images/styles/coastal-960.avif')} 960w`,
      webp: `${v('/images/styles/coastal-480.webp')} 480w, ${v('/images/styles/coastal-720.webp')} 720w, ${v('/images/styles/coastal-960.webp')} 960w`,
      jpg: v('/images/styles/coastal-960.jpg'),
      width: 960,
      height: 720,
    })
    expect(styleSampleUrl('glam')).toMatch(/^\/images\/styles\/glam-960\.jpg\?v=[0-9a-f]{12}$/)
    expect(sampleImagePath('glam')).toBe(styleSampleUrl('glam'))
  })

  it.each(allImageEntries().map((entry) => [`${entry.kind}/${entry.name}`, entry] as const))(
    '%s has every file at the right size',
    async (_label, entry) => {
      for (const file of imageFiles(entry.kind, entry.name)) {
        const path = join(PUBLIC, file.path)
        expect(existsSync(path), `${file.path} is missing`).toBe(true)
        const meta = await sharp(path).metadata()
        expect({ file: file.path, width: meta.width, height: meta.height }).toEqual({ file: file.path, width: file.width, height: file.height })
      }
    },
  )

  it('keeps all images together within 8 MB', () => {
    expect(folderSize(join(PUBLIC, 'images'))).toBeLessThanOrEqual(BUDGET_BYTES)
  })
})
