/**
 * A short-lived in-process cache for reads that every viewer of a site shares (the store home, popular
 * searches, a SKU page as a guest sees it). Entries live `ttlSeconds`; concurrent misses for one key share
 * a single computation, so a burst of requests after expiry costs one query, not fifty. Bounded in size:
 * the oldest entries go first. A TTL of 0 turns it off (tests that change data and read it back at once).
 *
 * Staleness is bounded by the TTL: merchandising and counters (wishes_count) may lag by that long, which a
 * store can accept; anything a user just did (their wish, their order) is never served from here.
 */
export class ResponseCache {
  private readonly entries = new Map<string, { value: unknown; expiresAt: number }>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  /** Bumped by every `forget`: a computation that started before one answers its callers but is not kept. */
  private generation = 0;

  constructor(
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
    private readonly maxEntries = 5_000,
  ) {}

  get enabled() {
    return this.ttlSeconds > 0;
  }

  /** How long an entry lives, in seconds (0: the cache is off). */
  get ttl() {
    return this.ttlSeconds;
  }

  async get<T>(key: string, produce: () => Promise<T>): Promise<T> {
    if (!this.enabled) return produce();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now()) return hit.value as T;
    const pending = this.inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const generation = this.generation;
    const computing = produce()
      .then((value) => {
        if (generation !== this.generation) return value;
        this.entries.delete(key);
        this.entries.set(key, { value, expiresAt: this.now() + this.ttlSeconds * 1000 });
        if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
        return value;
      })
      .finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, computing);
    return computing;
  }

  clear() {
    this.entries.clear();
  }

  /**
   * Drops every entry whose key starts with `prefix` (what changed, say a new article, makes them wrong), and
   * keeps nothing any computation already running produces: it may have read the old state.
   */
  forget(prefix: string) {
    this.generation++;
    for (const key of this.entries.keys()) if (key.startsWith(prefix)) this.entries.delete(key);
    for (const key of this.inFlight.keys()) if (key.startsWith(prefix)) this.inFlight.delete(key);
  }
}
