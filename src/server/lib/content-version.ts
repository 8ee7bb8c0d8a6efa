import { createHash } from 'node:crypto'

/**
 * A short hash of a file's bytes: its strong ETag, and the `?v=` that makes a public file's address change
 * whenever its content does (so it can be cached as immutable). 48 bits of SHA-256 in hex: plenty to tell two versions of one file apart.
 */
export function contentVersion(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex').slice(0, 12)
}
