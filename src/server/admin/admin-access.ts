import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'

// The embedded database (PGlite) may be opened by one process only. While the server runs it records
// where it listens; the admin CLI then sends its command to the server over loopback, authenticated
// with a token kept in the data folder (readable only by the user who runs Lavo).
export type RunningServer = { pid: number; port: number }

export function adminToken(dataDir: string, fromEnvironment?: string): string {
  if (fromEnvironment) return fromEnvironment
  const file = path.join(dataDir, 'admin-token')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  mkdirSync(dataDir, { recursive: true })
  const token = randomBytes(24).toString('base64url')
  writeFileSync(file, token, { mode: 0o600 })
  return token
}

export function recordRunningServer(dataDir: string, server: RunningServer): () => void {
  const file = path.join(dataDir, 'server.json')
  mkdirSync(dataDir, { recursive: true })
  writeFileSync(file, JSON.stringify(server), { mode: 0o600 })
  return () => rmSync(file, { force: true })
}

export function findRunningServer(dataDir: string): RunningServer | undefined {
  try {
    const server = JSON.parse(readFileSync(path.join(dataDir, 'server.json'), 'utf8')) as RunningServer
    process.kill(server.pid, 0)
    return server
  } catch {
    return undefined
  }
}
