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
    const computing = produce()
      .then((value) => {
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
}
