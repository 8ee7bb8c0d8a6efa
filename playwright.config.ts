import { defineConfig, devices } from '@playwright/test'
import { TEST_RATE_LIMITS } from './tests/support/limits'

// E2E_PORT_BASE moves the instances and the photo server (PORT … PORT + 4), so two checkouts can run the suite side by side.
const PORT = Number(process.env.E2E_PORT_BASE ?? 3210)
export const E2E_DATA_DIR = '.tmp/e2e-data'
export const E2E_AMAZON_TAG = 'lavo-e2e-20'
// Two more instances of the product whose generation provider is chosen by configuration, as an operator
// would: one whose provider always fails, one whose provider outlasts a shortened (4 s) timeout.
export const FAILING_PROVIDER_PORT = PORT + 1
export const STALLING_PROVIDER_PORT = PORT + 2
const STALLING_TIMEOUT_MS = 4_000
// A photo server on loopback that tests start themselves: the main instance may import photos from it (and from no
// other private address), so a dropped web address goes through the real server's import.
export const PHOTO_SERVER_PORT = PORT + 3
// And one API process with no worker (ROLE=api), as when every worker is down: the server says nothing about a
// generation until a read closes it 2 s past its (shortened) limit, so the browser's own 75 s clock can be seen. The
// limit leaves time to look at the waiting screen, and accepted generations there keep their credit spent meanwhile.
export const SILENT_WORKER_PORT = PORT + 4
export const SILENT_TIMEOUT_MS = 15_000

function productServer(port: number, dataDir: string, env: Record<string, string> = {}) {
  return {
    command: `rm -rf ${dataDir} && node dist/server/main.js`,
    url: `http://localhost:${port}/api/health`,
    reuseExistingServer: false,
    // Three instances start at once (migrations, model warm-up): allow for a busy machine.
    timeout: 180_000,
    // Production, with abuse limits sized for a test run: every page and test comes from one address in minutes.
    // PUBLIC_URL: '' starts the instance with no public address configured (as `npm start` on a laptop does).
    env: Object.fromEntries(Object.entries({ PORT: String(port), DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'warn', PUBLIC_URL: `http://localhost:${port}`, ...TEST_RATE_LIMITS, ...env }).filter(([, value]) => value !== '')),
  }
}

// Debian's Chromium (scripts/ensure-chromium.mjs installs it); Playwright downloads no browser.
const chromiumArgs = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic']

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  // CI retries a failed test once and the gate names it as flaky, so a timing fluke is seen and fixed, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '.tmp/playwright-results.json' }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'] } }],
  webServer: [
    // The main instance has an Amazon associate tag, so product links can be checked for it, and may import from the loopback photo server.
    productServer(PORT, E2E_DATA_DIR, { AMAZON_ASSOCIATE_TAG: E2E_AMAZON_TAG, IMAGE_IMPORT_ALLOW_HOSTS: `127.0.0.1:${PHOTO_SERVER_PORT}` }),
    // It also has (dummy) Google credentials, to show the Google button and where it leads.
    // It has no public address configured either, so localhost and 127.0.0.1 must both count as its own origin.
    productServer(FAILING_PROVIDER_PORT, '.tmp/e2e-data-failing', { GENERATION_PROVIDER: 'failing', GOOGLE_CLIENT_ID: 'e2e-google-client-id', GOOGLE_CLIENT_SECRET: 'e2e-google-client-secret', PUBLIC_URL: '' }),
    productServer(STALLING_PROVIDER_PORT, '.tmp/e2e-data-stalling', { GENERATION_PROVIDER: 'stalling', GENERATION_TIMEOUT_MS: String(STALLING_TIMEOUT_MS) }),
    productServer(SILENT_WORKER_PORT, '.tmp/e2e-data-silent', { ROLE: 'api', GENERATION_TIMEOUT_MS: String(SILENT_TIMEOUT_MS) }),
  ],
})
