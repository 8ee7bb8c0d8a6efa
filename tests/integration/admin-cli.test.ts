import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { networkInterfaces, tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runAdminCommand } from '../../src/server/admin/admin-commands'
import { promoCodes as promoCodesTable } from '../../src/server/db/schema'
import { PACKAGE_LIST_TTL_MS } from '../../src/server/routes/credit-packages'
import { getCreditBalance, getLedgerSum } from '../../src/server/services/credits'
import { TestClient, uniqueEmail } from '../support/http-client'
import { ROOT } from '../support/paths'
import { DATABASE_KINDS } from '../support/test-database'
import { startTestServer, type TestServer } from '../support/test-server'

describe.each(DATABASE_KINDS)('admin commands on %s', (kind) => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind })
  })
  afterAll(async () => {
    await server?.close()
  })
  const run = (...args: string[]) => runAdminCommand(server.database.db, args)

  it('creates, lists and deactivates promo codes, which users can then (not) redeem', async () => {
    expect(await run('promo:create', 'spring26', '4', '--max', '100')).toBe('Created promo code SPRING26: 4 credits, up to 100 uses')
    expect(await run('promo:list')).toMatch(/SPRING26\s+4 credits {2}used 0\/100 {2}active/)
    const client = new TestClient(server.url)
    await client.signUp(uniqueEmail('admin'))
    expect((await client.json('/api/promo-codes/redeem', { body: { code: 'spring26' } })).status).toBe(200)
    expect(await run('promo:deactivate', 'spring26')).toBe('Deactivated promo code SPRING26')
    const other = new TestClient(server.url)
    await other.signUp(uniqueEmail('admin'))
    expect((await other.json('/api/promo-codes/redeem', { body: { code: 'spring26' } })).status).toBe(404)
    await expect(run('promo:create', 'SPRING26', '1')).rejects.toThrow('Promo code SPRING26 already exists')
  })

  it('manages packages: a deactivated package leaves the public list', async () => {
    expect(await run('package:create', 'studio', 'Studio', '250', '9900', '--description', 'For designers')).toBe('Created package studio: Studio, 250 credits for $99')
    expect(await run('package:list')).toContain('studio')
    const listed = async () => ((await (await fetch(`${server.url}/api/credit-packages`)).json()) as { packages: Array<{ id: string }> }).packages.map((pkg) => pkg.id)
    // Each API process reuses the public list for PACKAGE_LIST_TTL_MS, so a change shows within it.
    await expect.poll(listed, { timeout: PACKAGE_LIST_TTL_MS * 2, interval: 250 }).toContain('studio')
    expect(await run('package:deactivate', 'studio')).toBe('Deactivated package studio')
    await expect.poll(listed, { timeout: PACKAGE_LIST_TTL_MS * 2, interval: 250 }).not.toContain('studio')
  })

  it('grants credits with a note through the ledger, records refunds of unused credits once, and prints the ledger', async () => {
    const email = uniqueEmail('grant')
    const client = new TestClient(server.url)
    await client.signUp(email)
    const userId = (await client.me()).body.user!.id
    await expect(run('credits:grant', email, '5')).rejects.toThrow('credits:grant needs --note "why"')
    expect(await run('credits:grant', email.toUpperCase(), '5', '--note', 'Apology for an outage')).toBe(`Granted 5 credits to ${email}; balance 7`)
    expect(await getCreditBalance(server.database.db, userId)).toBe(await getLedgerSum(server.database.db, userId))
    const ledger = await run('ledger', email)
    expect(ledger).toMatch(/\+2 {2}signup_bonus/)
    expect(ledger).toMatch(/\+5 {2}admin .*\(Apology for an outage\)/)
    expect(ledger).toMatch(/Balance: 7$/)

    // Decision 0003: a refund of unused credits removes them once per provider refund id, never below zero.
    await expect(run('credits:refund', email, '3')).rejects.toThrow('credits:refund needs --reference')
    await expect(run('credits:refund', email, '8', '--reference', 're_too_many')).rejects.toThrow(`${email} has only 7 unused credits; refund at most that many`)
    expect(await run('credits:refund', email, '3', '--reference', 're_123', '--note', 'Starter refund')).toBe(`Removed 3 refunded credits from ${email}; balance 4`)
    expect(await run('credits:refund', email, '3', '--reference', 're_123')).toBe(`Refund re_123 was already recorded; balance 4`)
    expect(await getCreditBalance(server.database.db, userId)).toBe(await getLedgerSum(server.database.db, userId))
    expect(await run('ledger', email)).toMatch(/-3 {2}refund +re_123 {2}\(Starter refund\)/)
  })
})

describe.each(DATABASE_KINDS)('the admin command endpoint on %s', (kind) => {
  // Listening on every interface, so a caller can also come from this machine's network address, not loopback.
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ kind, hostname: '0.0.0.0' })
  })
  afterAll(async () => {
    await server?.close()
  })
  const token = () => readFileSync(path.join(server.dataDir, 'admin-token'), 'utf8').trim()
  const command = (baseUrl: string, authorization?: string) =>
    fetch(`${baseUrl}/api/admin/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: JSON.stringify({ args: ['promo:create', `GUARD-${randomUUID().slice(0, 8)}`, '3'] }),
    })
  const promoCodes = async () => (await server.database.db.select().from(promoCodesTable)).length

  it('runs a command for a loopback caller with the data folder’s token', async () => {
    const response = await command(server.url, `Bearer ${token()}`)
    expect(response.status).toBe(200)
    expect(((await response.json()) as { output: string }).output).toMatch(/^Created promo code GUARD-/)
  })

  it('answers Not found, and runs nothing, for a wrong, missing or near-miss token', async () => {
    const before = await promoCodes()
    for (const authorization of [undefined, 'Bearer wrong', `Bearer ${token()}x`, `Bearer ${token().slice(0, -1)}`]) {
      const response = await command(server.url, authorization)
      expect(response.status, String(authorization)).toBe(404)
      expect(await response.json()).toMatchObject({ error: { message: 'Not found' } })
    }
    expect(await promoCodes()).toBe(before)
  })

  it('answers Not found, and runs nothing, for a caller that is not on loopback, even with the right token', async () => {
    const address = Object.values(networkInterfaces())
      .flat()
      .find((entry) => entry && entry.family === 'IPv4' && !entry.internal)?.address
    const before = await promoCodes()
    // Over a real socket from this machine's network address; on a machine with loopback only, through the same
    // application with the connection's peer address set as the Node server sets it.
    const response = address
      ? await command(`http://${address}:${new URL(server.url).port}`, `Bearer ${token()}`)
      : await server.app.request(
          '/api/admin/command',
          { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token()}` }, body: JSON.stringify({ args: ['promo:create', 'GUARD-REMOTE', '3'] }) },
          { incoming: { socket: { remoteAddress: '203.0.113.7', remotePort: 40_000, remoteFamily: 'IPv4' } } },
        )
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { message: 'Not found' } })
    expect(await promoCodes()).toBe(before)
  })
})

describe('the admin CLI', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'lavo-admin-'))
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('runs against the embedded database when no server holds it', () => {
    const output = execFileSync('npm', ['run', '--silent', 'admin', '--', 'promo:create', 'CLI-CODE', '2'], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' }, encoding: 'utf8' })
    expect(output.trim()).toBe('Created promo code CLI-CODE: 2 credits')
    const help = execFileSync('npm', ['run', '--silent', 'admin', '--', 'help'], { cwd: ROOT, encoding: 'utf8' })
    expect(help).toContain('promo:create CODE CREDITS')
  }, 180_000) // two cold starts of the CLI (tsx + an embedded database) on a busy 2-core machine
})
