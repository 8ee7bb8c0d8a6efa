import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

// Client chunking (issue 2 §8, first-load budget). Every page loads the framework and the root route's static
// imports (layout, header, footer, cookie banner, auth state, TanStack Query) before it can hydrate. Left to
// automatic chunking these come out as ~15 small chunks, one per set of routes sharing them, and every chunk is
// another request on the critical path of a slow connection. So:
//  - framework: React, React DOM, the scheduler and React Router, in one chunk;
//  - shell: what the root route imports statically (our modules, TanStack Query and the icons the header uses; found
//    by walking the module graph from root.tsx without entering package barrels), plus the two tiny modules nearly
//    every page imports (pageMeta, PageIntro), in one chunk;
//  - icons: the lucide icons pages use (a few hundred bytes each), in one chunk rather than a request per icon.
// Code behind dynamic import() (auth dialogs, cookie settings, sonner) and each route's own code stay split.

const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@react-router[\\/][^\\/]+)[\\/]/
const PAGE_BASICS = /[\\/]src[\\/]client[\\/](lib[\\/]meta\.ts|components[\\/]ui[\\/]page-intro\.tsx)$/
const ICONS = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/
const ROOT_MODULE = /[\\/]src[\\/]client[\\/]root\.tsx$/
// node_modules the walk may enter: whole packages the shell uses anyway, and single lucide icons (never its barrel).
const SHELL_PACKAGES = /[\\/]node_modules[\\/](@tanstack[\\/](query-core|react-query)|lucide-react[\\/]dist[\\/]esm[\\/](icons|shared|Icon|createLucideIcon|defaultAttributes|context))[\\/.]/
// TanStack Query's barrel also exports what only some pages use (mutations, infinite and parallel queries, SSR
// hydration): those modules stay out of the shell and go with the pages that use them.
const NOT_SHELL = /[\\/]@tanstack[\\/](query-core|react-query)[\\/]build[\\/]modern[\\/](infiniteQueryObserver|mutationObserver|queriesObserver|useMutation|useMutationState|useInfiniteQuery|useQueries|useSuspense\w*|usePrefetch\w*|useIsFetching|HydrationBoundary|hydration|streamedQuery|infiniteQueryOptions|mutationOptions)\.js$/

function chunking(): Plugin {
  const shell = new Set<string>()
  return {
    name: 'lavo:shell-chunk',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configEnvironment(name) {
      if (name !== 'client') return
      return {
        build: {
          // React Router sets its options under rollupOptions; these merge into the same object.
          rollupOptions: {
            // includeDependenciesRecursively: false needs entry chunks that may gain exports; React Router asks for
            // 'exports-only'. Route modules keep all their own exports either way.
            preserveEntrySignatures: 'allow-extension',
            output: {
              codeSplitting: {
                groups: [
                  { name: 'framework', test: FRAMEWORK, priority: 20 },
                  // The walk already lists the shell's dependencies; following them again would pull in whatever
                  // the barrels (radix-ui, zod) re-export.
                  { name: 'shell', test: (id: string) => shell.has(id) || PAGE_BASICS.test(id), priority: 10, includeDependenciesRecursively: false },
                  { name: 'icons', test: ICONS, priority: 5, minShareCount: 2 },
                ],
              },
            },
          },
        },
      }
    },
    buildStart() {
      shell.clear()
    },
    buildEnd() {
      // root.tsx itself stays in the root route's chunk, with what only it uses (Radix's Tooltip provider), so
      // that chunk imports the shell and never the other way round.
      const root = [...this.getModuleIds()].find((id) => ROOT_MODULE.test(id))
      if (!root) return
      const pending = [...(this.getModuleInfo(root)?.importedIds ?? [])]
      while (pending.length > 0) {
        const id = pending.pop()!
        if (id === root || shell.has(id) || FRAMEWORK.test(id) || /\.css($|\?)/.test(id)) continue
        if (id.includes('node_modules') && (!SHELL_PACKAGES.test(id) || NOT_SHELL.test(id))) continue
        shell.add(id)
        pending.push(...(this.getModuleInfo(id)?.importedIds ?? []))
      }
    },
  }
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), chunking()],
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: { target: 'es2022', assetsInlineLimit: 2048 },
  // The image worker is a module worker (image-worker-client.ts): its HEIC decoder (1.4 MB, heic-decode.ts) stays a
  // chunk of its own, loaded only for a HEIC photo, instead of being inlined into the worker every JPEG starts.
  worker: { format: 'es' },
})
