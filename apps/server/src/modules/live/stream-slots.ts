import { LIVE_SILENCE_TIMEOUT_MS, LIVE_STREAMS_PER_ACCOUNT } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { luaScript, type ScriptRunner } from '../../platform/kv.ts';

/**
 * The per-account cap on open live streams across every instance (docs/product/messaging.md#live-push). With
 * Redis each open stream holds a lease in one sorted set per account (member: the stream, score: when its lease
 * ends), taken and counted in one script, renewed at every heartbeat and dropped when the stream ends; a lease
 * of an instance that died ends by itself after the silence timeout. Without Redis (or while it fails) each
 * instance counts its own streams, as before: the cap then holds per instance.
 */
export interface StreamSlots {
  acquire(accountId: number, streamId: string): Promise<boolean>;
  renew(accountId: number, streamId: string): Promise<void>;
  release(accountId: number, streamId: string): Promise<void>;
}

/** A lease outlives two missed heartbeats: a live stream renews long before it ends. */
const LEASE_MS = LIVE_SILENCE_TIMEOUT_MS;
const keyOf = (accountId: number) => `live:streams:${accountId}`;

/** KEYS: the account's set. ARGV: now (ms), lease end (ms), stream, cap, key ttl (s). 1 taken, 0 at the cap. */
const ACQUIRE = luaScript(`
redis.call('zremrangebyscore', KEYS[1], '-inf', ARGV[1])
if not redis.call('zscore', KEYS[1], ARGV[3]) and redis.call('zcard', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('zadd', KEYS[1], ARGV[2], ARGV[3])
redis.call('expire', KEYS[1], ARGV[5])
return 1`);

/** KEYS: the account's set. ARGV: lease end (ms), stream, key ttl (s). A live stream is counted again if its lease had lapsed. */
const RENEW = luaScript(`
redis.call('zadd', KEYS[1], ARGV[1], ARGV[2])
redis.call('expire', KEYS[1], ARGV[3])
return 1`);

/** KEYS: the account's set. ARGV: stream. */
const RELEASE = luaScript(`return redis.call('zrem', KEYS[1], ARGV[1])`);

const KEY_TTL_SECONDS = Math.ceil(LEASE_MS / 1000) + 5;

/** Redis leases, falling back to the instance's own count when a script fails (live push is no reason to refuse a tab). */
class SharedSlots implements StreamSlots {
  constructor(private readonly deps: Pick<Deps, 'clock' | 'log'>, private readonly scripts: ScriptRunner, private readonly local: StreamSlots) {}

  async acquire(accountId: number, streamId: string): Promise<boolean> {
    const now = this.deps.clock.now().getTime();
    try {
      return Number(await this.scripts.run(ACQUIRE, [keyOf(accountId)], [now, now + LEASE_MS, streamId, LIVE_STREAMS_PER_ACCOUNT, KEY_TTL_SECONDS])) === 1;
    } catch (err) {
      this.deps.log.warn({ err }, 'live stream cap: the shared count failed, counting this instance only');
      return this.local.acquire(accountId, streamId);
    }
  }

  async renew(accountId: number, streamId: string): Promise<void> {
    const now = this.deps.clock.now().getTime();
    await this.scripts.run(RENEW, [keyOf(accountId)], [now + LEASE_MS, streamId, KEY_TTL_SECONDS]).catch(() => undefined);
  }

  async release(accountId: number, streamId: string): Promise<void> {
    await this.scripts.run(RELEASE, [keyOf(accountId)], [streamId]).catch(() => undefined);
  }
}

/** The instance's own count of the account's open streams (the hub's). */
export function localSlots(countOf: (accountId: number) => number): StreamSlots {
  return {
    acquire: async (accountId) => countOf(accountId) < LIVE_STREAMS_PER_ACCOUNT,
    renew: async () => undefined,
    release: async () => undefined,
  };
}

export function streamSlots(deps: Pick<Deps, 'kv' | 'clock' | 'log'>, countOf: (accountId: number) => number): StreamSlots {
  const local = localSlots(countOf);
  return deps.kv.scripts ? new SharedSlots(deps, deps.kv.scripts, local) : local;
}
