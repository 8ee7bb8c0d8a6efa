import { defineConfig } from 'vitest/config'

// Unit tests sit beside their code; integration tests live in tests/integration and talk to a real
// HTTP server on a real PGlite (or PostgreSQL when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/adversarial/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
