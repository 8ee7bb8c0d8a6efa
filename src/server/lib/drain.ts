/**
 * Counts the requests a handler is still working on, so a shutdown can wait for them before closing
 * the database: a request whose client has gone (or that is mid-write at a deploy) still finishes its
 * work instead of failing on a closed pool. The server's model warm-ups are counted the same way (src/main.ts).
 */
export function drainable<Args extends unknown[], Result>(handler: (...args: Args) => Result | Promise<Result>) {
  let active = 0
  let waiters: Array<() => void> = []
  const settle = () => {
    active -= 1
    if (active > 0) return
    for (const wake of waiters) wake()
    waiters = []
  }
  return {
    handle: async (...args: Args): Promise<Result> => {
      active += 1
      try {
        return await handler(...args)
      } finally {
        settle()
      }
    },
    /** Resolves once no request is in progress, or after timeoutMs, whichever comes first. */
    drained: (timeoutMs: number): Promise<void> =>
      active === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            waiters.push(resolve)
            setTimeout(resolve, timeoutMs).unref()
          }),
    active: () => active,
  }
}
