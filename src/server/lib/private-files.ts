import { chmodSync, lstatSync, mkdirSync, readdirSync } from 'node:fs'
import path from 'node:path'

/**
 * Everything the server writes is its user's alone: new files 0600 and folders 0700 (the umask), whatever
 * the library writing them asks for (PGlite, the outbox, local storage).
 */
export function restrictNewFiles(): void {
  process.umask(0o077)
}

/**
 * Makes the data folder 0700, creating it if needed. A folder from an older install (group or world bits
 * set) is tightened once, with everything in it: folders 0700, files without group or world access.
 */
export function securePrivateFolder(folder: string): void {
  mkdirSync(folder, { recursive: true, mode: 0o700 })
  if ((lstatSync(folder).mode & 0o077) === 0) return
  tighten(folder)
}

/**
 * Takes group and world access off everything under a folder. PGlite unpacks its initial database with the
 * modes of its bundled archive (0666), whatever the umask says, so main.ts runs this once the database is open.
 */
export function tightenTree(folder: string): void {
  tighten(folder)
}

function tighten(target: string): void {
  const stats = lstatSync(target)
  if (stats.isSymbolicLink()) return
  if (stats.isDirectory()) {
    chmodSync(target, 0o700)
    for (const entry of readdirSync(target)) tighten(path.join(target, entry))
  } else if ((stats.mode & 0o077) !== 0) chmodSync(target, stats.mode & 0o700)
}
