// The PostgreSQL half of the suites and benchmarks that must run "on PGlite and PostgreSQL": TEST_DATABASE_URL
// when set; otherwise a PostgreSQL server already answering on this machine (127.0.0.1:5432, as the development
// and CI machines have), so running them by hand does not quietly skip PostgreSQL. Nothing is required: with no
// server, they run on PGlite alone and say so.
import pg from 'pg'

const LOCAL_URL = 'postgres://postgres@127.0.0.1:5432/test'

/** The URL to test PostgreSQL at, or undefined. */
export async function testDatabaseUrl() {
  if (process.env.TEST_DATABASE_URL) return process.env.TEST_DATABASE_URL
  const client = new pg.Client({ connectionString: LOCAL_URL, connectionTimeoutMillis: 1500 })
  client.on('error', () => undefined)
  try {
    await client.connect()
    await client.query('select 1')
    return LOCAL_URL
  } catch {
    return undefined
  } finally {
    await client.end().catch(() => undefined)
  }
}

/** The environment for a child run, with TEST_DATABASE_URL when PostgreSQL can be had; prints which databases run. */
export async function withTestDatabase(env = process.env) {
  const url = await testDatabaseUrl()
  console.log(url ? `Databases: PGlite and PostgreSQL (${url.replace(/\/\/[^@/]*@/, '//')})` : 'Databases: PGlite only (no PostgreSQL: set TEST_DATABASE_URL, or run one on 127.0.0.1:5432)')
  return url ? { ...env, TEST_DATABASE_URL: url } : { ...env }
}
