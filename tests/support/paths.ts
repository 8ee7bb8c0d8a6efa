import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')
export const PGLITE_SNAPSHOT = path.join(ROOT, '.tmp', 'pglite-snapshot.tar.gz')
export const FIXTURES = path.resolve(ROOT, '..', 'shared', 'fixtures')
export const fixturePhoto = (name: string) => path.join(FIXTURES, 'photos', name)
