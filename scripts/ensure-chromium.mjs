// Playwright uses Debian's Chromium. Install it when missing and we are root; otherwise say what to run.
import { existsSync } from 'node:fs'
import { execSync } from 'node:child_process'

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(CHROMIUM)) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  if (!isRoot) {
    console.error(`Chromium is missing at ${CHROMIUM}. Install it with:\n  sudo apt-get update && sudo apt-get install -y chromium\n(or set CHROMIUM_PATH to a Chromium binary).`)
    process.exit(1)
  }
  console.log('Installing Debian chromium (needed by the browser tests)…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation', { stdio: 'inherit' })
}
