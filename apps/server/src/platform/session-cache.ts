import type { Clock } from './clock.ts';
import type { KeyValueStore } from './kv.ts';

/**
 * How long an instance trusts an access token it has looked up without asking the database again. A
 * revocation made on this instance is honoured at once; one made on another instance is honoured when
 * its message arrives (Redis pub/sub, normally milliseconds), and at the latest after this long
 * (docs/decisions/0010-checkout-at-speed.md).
 */
export const SESSION_CACHE_SECONDS = 5;

/** Bounds the memory a flood of distinct tokens can take; the oldest entries go first. */
const MAX_ENTRIES = 50_000;

/** Where revocations are announced (the account id): the live streams listen too, to end a signed-out stream. */
export const SESSION_REVOKED_CHANNEL = 'sessions:revoked';
const CHANNEL = SESSION_REVOKED_CHANNEL;

interface Entry<V> {
  value: V;
  accountId: number;
  /** Clock milliseconds: the earlier of the cache window's end and the token's own expiry. */
  until: number;
}

/**
 * The access-token lookups of one instance, kept for a few seconds so a signed-in call does not cost a
 * database round trip before its own work. The database stays the truth: an account whose sessions are
 * revoked is forgotten here and, for one cache window, never cached again — so a lookup that raced the
 * revoking transaction (read before it committed) cannot keep the old answer alive.
 */
export class SessionCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Accounts revoked within the window: looked up in the database on every call until then. */
  private readonly uncached = new Map<number, number>();
  private unsubscribe: (() => Promise<void>) | null = null;
  private unwatch: (() => void) | null = null;

  constructor(private readonly clock: Clock, private readonly kv: KeyValueStore, private readonly windowMs = SESSION_CACHE_SECONDS * 1000) {}

  /** Listens for revocations made on other instances (through the shared key-value store). */
  async start(): Promise<void> {
    if (this.unsubscribe || this.windowMs === 0) return;
    this.unsubscribe = await this.kv.subscribe(CHANNEL, (message) => {
      const accountId = Number(message);
      if (Number.isSafeInteger(accountId)) this.forgetLocally(accountId);
    });
    // Revocations announced while the shared store was away were not heard: nothing cached before it counts.
    this.unwatch = this.kv.watchReachability?.(() => this.entries.clear()) ?? null;
  }

  async stop(): Promise<void> {
    this.unwatch?.();
    this.unwatch = null;
    await this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * Fails closed: while the shared store is away this instance would not hear another's revocation, so
   * every lookup goes to the database (docs/decisions/0049-redis-deadlines-and-fallbacks.md).
   */
  private trusted(): boolean {
    return this.kv.reachable?.() ?? true;
  }

  /** The cached lookup of `key`, or undefined when there is none still inside its window. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (!this.trusted()) {
      this.entries.delete(key);
      return undefined;
    }
    const now = this.clock.now().getTime();
    if (entry.until <= now || this.isUncached(entry.accountId, now)) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** Keeps a lookup until the window ends or the token expires, whichever comes first. */
  set(key: string, accountId: number, value: V, tokenExpiresAt: Date): void {
    if (this.windowMs === 0 || !this.trusted()) return;
    const now = this.clock.now().getTime();
    if (this.isUncached(accountId, now)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { value, accountId, until: Math.min(now + this.windowMs, tokenExpiresAt.getTime()) });
  }

  /**
   * Drops every cached token of the account on this instance and tells the others. Called when its
   * sessions are revoked (sign-out, a new password, a contact change) or anything the lookup answers changes.
   */
  async forgetAccount(accountId: number): Promise<void> {
    this.forgetLocally(accountId);
    try {
      await this.kv.publish(CHANNEL, String(accountId));
    } catch {
      // The other instances then drop the account's tokens when their window ends, SESSION_CACHE_SECONDS at most.
    }
  }

  private forgetLocally(accountId: number) {
    this.uncached.set(accountId, this.clock.now().getTime() + this.windowMs);
    for (const [key, entry] of this.entries) if (entry.accountId === accountId) this.entries.delete(key);
    if (this.uncached.size > 1_000) {
      const now = this.clock.now().getTime();
      for (const [id, until] of this.uncached) if (until <= now) this.uncached.delete(id);
    }
  }

  private isUncached(accountId: number, now: number): boolean {
    const until = this.uncached.get(accountId);
    return until !== undefined && until > now;
  }
}
