// glibc's malloc keeps the memory a process frees for reuse, and raises the size above which a block gets pages of
// its own from the system each time such a block is freed (up to 32 MB). A redesign frees many blocks of a few MB
// (the decoded photo, the network's activations, libvips's buffers) from several threads, so after a few designs
// they all come from the threads' heaps, where freed pages rarely go back: the server's memory crept from about
// 300 MB after its first 4 MP design to 450-515 MB after twenty, with the same work in hand. With the threshold fixed
// at STEADY_MMAP_THRESHOLD every block that large is mapped and unmapped on its own, and memory stays at about
// 280 MB (decision 0057). The setting is read from the environment once, as the process starts, so the server's
// entry (src/launch.ts) starts the server in a child process that has it. Other C libraries ignore it.

/** Blocks of this many bytes or more get pages of their own, returned to the system when freed. */
export const STEADY_MMAP_THRESHOLD = 256 * 1024

/** What the server's process environment needs for glibc's malloc to keep to STEADY_MMAP_THRESHOLD. */
export const STEADY_ALLOCATOR_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: String(STEADY_MMAP_THRESHOLD) }

/**
 * Whether a process started with `env` on `platform` already allocates as the server should: anywhere but Linux
 * (glibc is the C library that needs it), or where the threshold is already set (by the launcher, or by whoever runs
 * the server and chose another value).
 */
export function hasSteadyAllocator(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): boolean {
  return platform !== 'linux' || Object.keys(STEADY_ALLOCATOR_ENV).every((key) => env[key] !== undefined)
}
