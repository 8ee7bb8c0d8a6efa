// The server's front door, built as dist/server/main.js. Where the C library's allocator needs a setting the process
// must have from its start (server/lib/steady-allocator.ts, decision 0058), it runs the server (dist/server/server.js,
// from src/main.ts) in a child process with that setting, passes signals on and ends as the server ends; anywhere else
// it runs the server in this process.
import { spawn } from 'node:child_process'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { STEADY_ALLOCATOR_ENV, hasSteadyAllocator } from './server/lib/steady-allocator'

const server = path.join(import.meta.dirname, 'server.js')
const PASSED_ON = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

if (hasSteadyAllocator()) {
  await import(pathToFileURL(server).href)
} else {
  // The IPC channel is how the server learns that this process is gone, even by SIGKILL: it then stops at once too
  // (src/main.ts), so killing the process a supervisor started never leaves a server holding the port and the data.
  const child = spawn(process.execPath, [...process.execArgv, server, ...process.argv.slice(2)], {
    env: { ...process.env, ...STEADY_ALLOCATOR_ENV },
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  })
  const passOn = (signal: NodeJS.Signals) => child.kill(signal)
  for (const signal of PASSED_ON) process.on(signal, passOn)
  child.on('error', (error) => {
    console.error(`the server could not be started: ${error.message}`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 1)
    // Ended by a signal: end by the same one, so whoever started this process sees what happened to the server.
    for (const passed of PASSED_ON) process.off(passed, passOn)
    process.kill(process.pid, signal)
  })
}
