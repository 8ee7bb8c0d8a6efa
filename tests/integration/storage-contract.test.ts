import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLocalStorage } from '../../src/server/storage/local-storage'
import type { ObjectStorage } from '../../src/server/storage/object-storage'
import { createS3Storage } from '../../src/server/storage/s3-storage'
import { startLocalS3, type LocalS3 } from '../support/s3-server'

// The same contract for every storage adapter: what passes on the local folder passes on S3.
const adapters: Array<{ name: string; open: () => Promise<{ storage: ObjectStorage; close: () => Promise<void> }> }> = [
  {
    name: 'local folder',
    open: async () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'lavo-storage-'))
      return { storage: createLocalStorage(dir), close: async () => rmSync(dir, { recursive: true, force: true }) }
    },
  },
  {
    name: 'S3 (s3rver on 127.0.0.1)',
    open: async () => {
      const s3: LocalS3 = await startLocalS3()
      return { storage: createS3Storage({ endpoint: s3.endpoint, bucket: s3.bucket, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }), close: s3.close }
    },
  },
]

describe.each(adapters)('object storage contract: $name', ({ open }) => {
  let storage: ObjectStorage
  let close: () => Promise<void>
  beforeAll(async () => {
    ;({ storage, close } = await open())
  })
  afterAll(async () => {
    await close?.()
  })

  it('returns exactly the bytes that were put', async () => {
    const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => index % 251))
    await storage.put('images/user-1/a.jpg', bytes, 'image/jpeg')
    expect(Buffer.compare((await storage.get('images/user-1/a.jpg'))!, bytes)).toBe(0)
  })

  it('answers undefined for a missing key', async () => {
    expect(await storage.get('images/user-1/missing.jpg')).toBeUndefined()
  })

  it('overwrites a key with new bytes', async () => {
    await storage.put('images/user-2/b.jpg', Buffer.from('first'), 'image/jpeg')
    await storage.put('images/user-2/b.jpg', Buffer.from('second'), 'image/jpeg')
    expect((await storage.get('images/user-2/b.jpg'))!.toString()).toBe('second')
  })

  it('deletes, and deleting a missing key is not an error', async () => {
    await storage.put('images/user-3/c.jpg', Buffer.from('bye'), 'image/jpeg')
    await storage.delete('images/user-3/c.jpg')
    expect(await storage.get('images/user-3/c.jpg')).toBeUndefined()
    await expect(storage.delete('images/user-3/c.jpg')).resolves.toBeUndefined()
  })

  it('keeps keys apart', async () => {
    await Promise.all(Array.from({ length: 10 }, (_, index) => storage.put(`images/user-4/${index}.jpg`, Buffer.from(`image ${index}`), 'image/jpeg')))
    const read = await Promise.all(Array.from({ length: 10 }, (_, index) => storage.get(`images/user-4/${index}.jpg`)))
    expect(read.map((bytes) => bytes!.toString())).toEqual(Array.from({ length: 10 }, (_, index) => `image ${index}`))
  })
})

describe('the local folder refuses keys that escape it', () => {
  it('throws for a path with ..', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lavo-storage-'))
    const storage = createLocalStorage(dir)
    await expect(storage.put('../escape.jpg', Buffer.from('x'), 'image/jpeg')).rejects.toThrow('invalid storage key')
    await expect(storage.get('images/../../etc/passwd')).rejects.toThrow('invalid storage key')
    rmSync(dir, { recursive: true, force: true })
  })
})
