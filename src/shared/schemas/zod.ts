import { config, z } from 'zod'

// zod compiles fast parsers with new Function() after probing whether eval is allowed; under the site's
// Content-Security-Policy (no 'unsafe-eval') that probe is reported as a violation, so in the browser it parses
// jitless. This is the one place the shared schemas and products take z from (eslint: no-restricted-imports), so any
// page that parses has this set first, and a page that parses nothing downloads no zod at all.
if (typeof document !== 'undefined') config({ jitless: true })

export { z }
