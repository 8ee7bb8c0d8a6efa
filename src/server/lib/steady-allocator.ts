// glibc's malloc gives each thread that allocates at the same time as another an arena (a heap) of its own, up to
// eight per core, and a block freed in the middle of an arena's heap stays with the process. A redesign frees many
// blocks of a few MB (the decoded photo, the network's activations, libvips's buffers) from several threads (the
// engine's, its painting threads, libvips's), so each arena keeps its own high-water mark: the server's memory crept
// from about 340 MB after its first 4 MP design to 510-550 MB after forty, with the same work in hand. With at most
// STEADY_ARENAS arenas the threads share what each frees, and memory levels off at about 440 MB by the fifteenth
// design (decision 0058). Fixing the mmap threshold instead (decision 0057) kept memory lower but paid for it in page
// faults: every large block came fresh from the system, and a design took 2.5 times as long. The setting is read from
// the environment once, as the process starts, so the server's entry (src/launch.ts) starts the server in a child
// process that has it. Other C libraries ignore it.

/** How many malloc arenas the server's threads share. */
export const STEADY_ARENAS = 2

/** What the server's process environment needs for glibc's malloc to keep to STEADY_ARENAS. */
export const STEADY_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: String(STEADY_ARENAS) }

/**
 * Whether a process started with `env` on `platform` already allocates as the server should: anywhere but Linux
 * (glibc is the C library that needs it), or where the setting is already there (by the launcher, or by whoever runs
 * the server and chose another value).
 */
export function hasSteadyAllocator(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'linux' || Object.keys(STEADY_ALLOCATOR_ENV).every((key) => env[key] !== undefined)
}
