// npm run admin -- <command> …   (see ADMIN_USAGE)
import { loadConfig } from '../config'
import { openDatabase } from '../db/client'
import { seedDatabase } from '../db/seed'
import { isAppError } from '../lib/app-error'
import { adminToken, findRunningServer } from './admin-access'
import { ADMIN_USAGE, runAdminCommand } from './admin-commands'

const argv = process.argv.slice(2)
if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help') {
  console.log(ADMIN_USAGE)
  process.exit(0)
}

const config = loadConfig()
const running = config.databaseUrl ? undefined : findRunningServer(config.dataDir)

try {
  if (running) {
    // The server holds the embedded database: ask it to run the command.
    const response = await fetch(`http://127.0.0.1:${running.port}/api/admin/command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${adminToken(config.dataDir, config.adminToken)}` },
      body: JSON.stringify({ args: argv }),
    })
    const body = (await response.json()) as { output?: string; error?: { message: string } }
    if (!response.ok) throw new Error(body.error?.message ?? `the server answered ${response.status}`)
    console.log(body.output)
  } else {
    const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir })
    try {
      await database.migrate()
      await seedDatabase(database.db)
      console.log(await runAdminCommand(database.db, argv))
    } finally {
      await database.close()
    }
  }
} catch (error) {
  console.error(`Error: ${isAppError(error) ? error.userMessage : error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
