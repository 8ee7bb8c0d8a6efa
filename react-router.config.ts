import type { Config } from '@react-router/dev/config'
import { PRERENDERED_PATHS, SIGNED_OUT_PRERENDERED_PATHS } from './src/client/app/public-paths'

// A client-rendered app whose public pages are prerendered to static HTML at build time (ARCHITECTURE.md).
export default {
  appDirectory: 'src/client',
  buildDirectory: 'build',
  ssr: false,
  prerender: [...PRERENDERED_PATHS, ...SIGNED_OUT_PRERENDERED_PATHS],
} satisfies Config
