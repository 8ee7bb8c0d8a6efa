import { existsSync } from 'node:fs'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const PGLITE_SNAPSHOT = path.join(ROOT, '.tmp', 'pglite-snapshot.tar.gz')
export const FIXTURES = path.resolve(ROOT, '..', 'shared', 'fixtures')
const PHOTOS = path.join(FIXTURES, 'photos')

/**
 * The shared test photos' folder (../shared/fixtures/photos, beside the repository and never copied into it).
 * A test or benchmark that needs them fails here, saying so, when they are missing: it never skips or
 * substitutes a drawing.
 */
export function fixturePhotosDir(): string {
  if (!existsSync(PHOTOS)) throw new Error(`The shared test photos are missing: expected them in ${PHOTOS} (../shared/fixtures/photos beside the repository).`)
  return PHOTOS
}

/** The path of one shared test photo; throws a clear error when it is missing. */
export function fixturePhoto(name: string): string {
  const file = path.join(fixturePhotosDir(), name)
  if (!existsSync(file)) throw new Error(`The shared test photo ${name} is missing from ${PHOTOS}.`)
  return file
}
