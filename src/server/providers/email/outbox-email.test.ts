import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createOutboxEmail } from './outbox-email'

describe('the file outbox', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('writes each message whole as one .eml file only its owner may read, and nothing else', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'outbox-')), 'outbox')
    dirs.push(path.dirname(dir))
    const outbox = createOutboxEmail({ dir, from: 'Lavo <hello@lavo.test>' })
    await Promise.all(
      Array.from({ length: 5 }, (_, index) => outbox.send({ to: `person-${index}@example.com`, subject: `Message ${index}`, text: `Body ${index}` })),
    )
    const files = readdirSync(dir).sort()
    expect(files).toHaveLength(5)
    for (const file of files) {
      expect(file).toMatch(/^[\w-]+\.eml$/)
      expect(statSync(path.join(dir, file)).mode & 0o777).toBe(0o600)
      const eml = readFileSync(path.join(dir, file), 'utf8')
      const index = /person-(\d)@example\.com/.exec(eml)![1]
      expect(eml).toContain(`Subject: Message ${index}`)
      expect(eml).toContain(`Body ${index}`)
    }
  })
})
