import { EVERYONE, type ChangeFeed } from '../db/change-feed'

type Entry<Value> = { userId: string; value: Value; storedAt: number }

/**
 * A per-process cache of reads that belong to one user (their session and account, a page of their
 * designs), kept exactly as fresh as the database (decision 0008): the database announces every
 * committed change to a user's data on the change feed, which drops that user's entries, and a cached
 * value is only served once the feed has caught up with everything committed before the request.
 * When the feed cannot promise that, every read goes to the database.
 */
export class UserReadCache<Value> {
  readonly #entries = new Map<string, Entry<Value>>()
  readonly #keysByUser = new Map<string, Set<string>>()
  /** Bumped by every relevant change heard: a load that overlapped one is not stored (it may predate it). */
  #epoch = 0

  /** tables: the tables whose changes make a user's entries stale. */
  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: { tables: readonly string[]; maxEntries: number; maxAgeMs: number },
  ) {
    const tables = new Set(options.tables)
    feed.subscribe((change) => {
      if (change === EVERYONE) this.clear()
      else if (tables.has(change.table)) this.drop(change.userId)
    })
  }

  /**
   * The cached value for key, or what load returns (stored under the user it names; undefined is not
   * cached). since: when the request arrived (performance.now()); the value reflects every change
   * committed before then.
   */
  async read(key: string, load: () => Promise<{ userId: string; value: Value } | undefined>, since?: number): Promise<Value | undefined> {
    const cached = this.#entries.get(key)
    if (cached && performance.now() - cached.storedAt < this.options.maxAgeMs && (await this.feed.caughtUp(since))) {
      // Catching up may have dropped it.
      if (this.#entries.get(key) === cached) return cached.value
    }
    const epoch = this.#epoch
    const loaded = await load()
    if (loaded && epoch === this.#epoch) this.#store(key, loaded.userId, loaded.value)
    return loaded?.value
  }

  drop(userId: string): void {
    this.#epoch += 1
    const keys = this.#keysByUser.get(userId)
    if (!keys) return
    for (const key of keys) this.#entries.delete(key)
    this.#keysByUser.delete(userId)
  }

  clear(): void {
    this.#epoch += 1
    this.#entries.clear()
    this.#keysByUser.clear()
  }

  get size(): number {
    return this.#entries.size
  }

  #store(key: string, userId: string, value: Value): void {
    this.#forget(key)
    this.#entries.set(key, { userId, value, storedAt: performance.now() })
    let keys = this.#keysByUser.get(userId)
    if (!keys) this.#keysByUser.set(userId, (keys = new Set()))
    keys.add(key)
    // Oldest first out: Map keeps insertion order.
    while (this.#entries.size > this.options.maxEntries) this.#forget(this.#entries.keys().next().value!)
  }

  #forget(key: string): void {
    const entry = this.#entries.get(key)
    if (!entry) return
    this.#entries.delete(key)
    const keys = this.#keysByUser.get(entry.userId)
    keys?.delete(key)
    if (keys?.size === 0) this.#keysByUser.delete(entry.userId)
  }
}
