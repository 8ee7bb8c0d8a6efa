import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import type { ObjectStorage } from './object-storage'

const KEY = /^[a-z0-9][a-z0-9/_.-]{0,300}$/i

/** Objects as files under a folder. Writes go to a temporary file first, so a crash never leaves half an image. */
export function createLocalStorage(root: string): ObjectStorage {
  const resolve = (key: string) => {
    if (!KEY.test(key) || key.includes('..')) throw new Error(`invalid storage key: ${key}`)
    return path.join(root, key)
  }
  return {
    name: 'local',
    async put(key, bytes) {
      const file = resolve(key)
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
      const temporary = `${file}.${randomUUID()}.tmp`
      await writeFile(temporary, bytes, { mode: 0o600 })
      await rename(temporary, file)
    },
    async get(key) {
      try {
        return await readFile(resolve(key))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
        throw error
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true })
    },
  }
}
