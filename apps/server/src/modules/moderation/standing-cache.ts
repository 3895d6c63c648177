import { findAccount, type Account } from '../accounts/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { upheldAgainst } from './upheld.ts';

/** How long an instance keeps what it read of a writer (docs/product/limits.md#community-moderation). */
export const STANDING_CACHE_SECONDS = 5;
/** The most writers an instance keeps; the longest kept go first. */
const MAX_WRITERS = 50_000;
const CHANNEL = 'moderation:standing';

/** What the guard reads of a writer: the open account (or none) and when reports against it were upheld. */
export interface WriterStanding {
  account: Account | undefined;
  upheld: Date[];
}

interface StandingCache {
  writers: Map<number, { standing: WriterStanding; loadedAt: number }>;
  /** Bumped by every forgetting: a read that started before one does not keep what it read. */
  generation: number;
  subscribed: boolean;
}

/** One cache per application instance (tests build several apps in one process). */
const caches = new WeakMap<Deps, StandingCache>();

function cacheOf(deps: Deps): StandingCache {
  let cache = caches.get(deps);
  if (!cache) caches.set(deps, (cache = { writers: new Map(), generation: 0, subscribed: false }));
  return cache;
}

function forgetLocally(cache: StandingCache, accountId: number) {
  cache.generation++;
  cache.writers.delete(accountId);
}

/**
 * A writer's standing for the guard (decisions/0013 "Reading the writer once"): every community write asks for
 * it, and it changes only when staff mute or unmute the account or uphold a report against it, so each
 * instance keeps it for STANDING_CACHE_SECONDS. Those changes forget the account on this instance and, through
 * the key-value store's pub/sub, on every other at once (without pub/sub, within STANDING_CACHE_SECONDS). A
 * closed account's sessions are revoked when it closes, so its writes stop at sign-in.
 */
export async function writerStanding(deps: Deps, accountId: number): Promise<WriterStanding> {
  const cache = cacheOf(deps);
  if (!cache.subscribed) {
    cache.subscribed = true;
    await deps.kv.subscribe(CHANNEL, (message) => forgetLocally(cache, Number(message))).catch(() => {
      // Without pub/sub the other instances see a change within STANDING_CACHE_SECONDS.
    });
  }
  const now = deps.clock.now();
  const kept = cache.writers.get(accountId);
  if (kept && now.getTime() - kept.loadedAt < STANDING_CACHE_SECONDS * 1000) return kept.standing;
  const generation = cache.generation;
  const [account, upheld] = await Promise.all([findAccount(deps.db, accountId), upheldAgainst(deps.db, accountId, now)]);
  const standing = { account, upheld };
  if (cache.generation === generation) {
    cache.writers.delete(accountId);
    cache.writers.set(accountId, { standing, loadedAt: now.getTime() });
    if (cache.writers.size > MAX_WRITERS) cache.writers.delete(cache.writers.keys().next().value as number);
  }
  return standing;
}

/** Forgets a writer's standing here and on every other instance: call it after the change has committed. */
export async function forgetStanding(deps: Deps, accountId: number): Promise<void> {
  forgetLocally(cacheOf(deps), accountId);
  await deps.kv.publish(CHANNEL, String(accountId)).catch(() => undefined);
}
