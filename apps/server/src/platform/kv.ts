import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { commandClientOptions, isReplyError, RedisLink, RedisUnavailableError, subscriberClientOptions } from './redis-link.ts';

/**
 * A small key-value store with expiry: captchas, counters for rate limits and throttles. Redis when
 * REDIS_URL is set (shared by every instance), else an in-process map with the same behaviour.
 * PostgreSQL stays the source of truth; nothing here must survive a restart.
 */
export interface KeyValueStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds: number): Promise<void>;
  /** Reads and deletes in one step, so a value (a captcha answer) can be used once only. */
  take(key: string): Promise<string | null>;
  del(key: string): Promise<void>;
  /** Adds one and returns the new count; the window starts with the first increment. */
  incr(key: string, windowSeconds: number): Promise<number>;
  /**
   * Takes one back from a counter that still exists (an attempt counted in advance that turned out not to
   * be one); a counter that has expired meanwhile stays gone rather than going negative.
   */
  decr(key: string): Promise<void>;
  /** Seconds until the key expires, or 0 when it does not exist. */
  ttl(key: string): Promise<number>;
  /** Tells every subscriber of the channel (on every instance sharing the store); nothing is kept. */
  publish(channel: string, message: string): Promise<void>;
  /** Calls `onMessage` for each message published on the channel from now on; answers how to stop. */
  subscribe(channel: string, onMessage: (message: string) => void): Promise<() => Promise<void>>;
  /**
   * Atomic scripts over several keys, where the store is shared (Redis): a module that must check and
   * change counters in one step across instances (a flash sale's stock gate) runs them here. Absent from
   * the in-process store: such a module then keeps a per-instance fallback of its own.
   */
  readonly scripts?: ScriptRunner;
  /**
   * A shared store only: whether it answers now and this instance hears what the others publish. While it
   * does not, the methods above answer from the instance's own memory (a publish reaches this instance's
   * subscribers only) and `scripts` fail at once; what must fail closed asks here
   * (docs/decisions/0049-redis-deadlines-and-fallbacks.md). Absent: the store is the instance's own, always whole.
   */
  reachable?(): boolean;
  /** A shared store only: told each time it goes away (false) or comes back (true). Answers how to stop. */
  watchReachability?(listener: (reachable: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Runs a Lua script on the shared store; keys are given unprefixed (the store adds its prefix). */
export interface ScriptRunner {
  /** Which keys these are: runners of two instances on the same Redis and prefix share a scope (and their counters). */
  readonly scope: string;
  run(script: LuaScript, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown>;
}

/** A script with its SHA1, so it is sent once and then called by hash (EVALSHA). */
export interface LuaScript {
  readonly source: string;
  readonly sha1: string;
}

export function luaScript(source: string): LuaScript {
  return { source, sha1: createHash('sha1').update(source).digest('hex') };
}

export class MemoryStore implements KeyValueStore {
  private readonly entries = new Map<string, { value: string; expiresAt: number }>();
  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }
  async get(key: string) {
    return this.live(key)?.value ?? null;
  }
  async set(key: string, value: string, ttlSeconds: number) {
    this.entries.set(key, { value, expiresAt: this.now() + ttlSeconds * 1000 });
    this.sweep();
  }
  async take(key: string) {
    const value = this.live(key)?.value ?? null;
    this.entries.delete(key);
    return value;
  }
  async del(key: string) {
    this.entries.delete(key);
  }
  async incr(key: string, windowSeconds: number) {
    const entry = this.live(key);
    const count = entry ? Number(entry.value) + 1 : 1;
    this.entries.set(key, { value: String(count), expiresAt: entry?.expiresAt ?? this.now() + windowSeconds * 1000 });
    return count;
  }
  async decr(key: string) {
    const entry = this.live(key);
    if (entry) entry.value = String(Math.max(0, Number(entry.value) - 1));
  }
  async ttl(key: string) {
    const entry = this.live(key);
    return entry ? Math.ceil((entry.expiresAt - this.now()) / 1000) : 0;
  }
  private readonly listeners = new Map<string, Set<(message: string) => void>>();
  async publish(channel: string, message: string) {
    for (const listener of this.listeners.get(channel) ?? []) listener(message);
  }
  async subscribe(channel: string, onMessage: (message: string) => void) {
    const set = this.listeners.get(channel) ?? new Set();
    this.listeners.set(channel, set.add(onMessage));
    return async () => {
      set.delete(onMessage);
    };
  }
  async close() {
    this.entries.clear();
    this.listeners.clear();
  }
  /** Drops expired entries now and then, so a long-running process does not keep dead keys. */
  private sweep() {
    if (this.entries.size < 10_000 || Math.random() > 0.01) return;
    for (const key of [...this.entries.keys()]) this.live(key);
  }
}

/** Decrements only a key that exists and is above zero, so an expired window is not recreated without expiry. */
const DECR_IF_PRESENT = "if (tonumber(redis.call('get', KEYS[1]) or '0') > 0) then return redis.call('decr', KEYS[1]) end return 0";

/**
 * Redis, shared by every instance, with a deadline on every command (redis-link.ts). While Redis is away,
 * keys and counters live in the instance's own memory (a rate limit then holds per instance, a captcha is
 * checked on the instance that drew it), a publish reaches this instance's own subscribers, and scripts
 * fail at once for their callers' fallbacks; the per-feature table is decision 0049.
 */
export class RedisStore implements KeyValueStore {
  private readonly redis: Redis;
  private readonly link: RedisLink;
  /** Where keys and counters go while Redis is away; forgotten when it comes back. */
  private readonly local = new MemoryStore();
  readonly scripts: ScriptRunner;
  /** `prefix` keeps instances that share a Redis (tests, several apps) out of each other's keys. */
  constructor(private readonly url: string, private readonly prefix = 'lantern:', log?: Logger) {
    this.redis = new Redis(url, commandClientOptions);
    this.link = new RedisLink(this.redis, log);
    this.link.onChange((reachable) => {
      if (reachable) void this.local.close();
    });
    this.scripts = {
      scope: `${this.url}#${this.prefix}`,
      run: async (script, keys, args) => {
        if (!this.link.usable()) throw new RedisUnavailableError();
        const prefixed = keys.map((k) => this.prefix + k);
        try {
          try {
            return await this.redis.evalsha(script.sha1, prefixed.length, ...prefixed, ...args);
          } catch (error) {
            // First use on this Redis (or after a restart emptied its script cache): send the source once.
            if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
            return await this.redis.eval(script.source, prefixed.length, ...prefixed, ...args);
          }
        } catch (error) {
          this.link.failed(error);
          throw error;
        }
      },
    };
  }

  reachable(): boolean {
    return this.link.reachable();
  }
  watchReachability(listener: (reachable: boolean) => void): () => void {
    return this.link.onChange(listener);
  }
  /** Waits for the connections to come up, at most `deadlineMs`: a start without Redis goes on, degraded. */
  whenReady(deadlineMs: number): Promise<void> {
    return this.link.whenReady(deadlineMs);
  }

  /** Redis when it can answer, else (at once, or when the command failed without Redis's own answer) memory. */
  private async either<S, L>(shared: () => Promise<S>, local: () => Promise<L>): Promise<S | L> {
    if (!this.link.usable()) return local();
    try {
      return await shared();
    } catch (error) {
      if (isReplyError(error)) throw error;
      this.link.failed(error);
      return local();
    }
  }

  get(key: string): Promise<string | null> {
    return this.either(() => this.redis.get(this.prefix + key), () => this.local.get(key));
  }
  async set(key: string, value: string, ttlSeconds: number) {
    await this.either(() => this.redis.set(this.prefix + key, value, 'EX', ttlSeconds), () => this.local.set(key, value, ttlSeconds));
  }
  take(key: string): Promise<string | null> {
    return this.either(() => this.redis.getdel(this.prefix + key), () => this.local.take(key));
  }
  async del(key: string) {
    await this.either(() => this.redis.del(this.prefix + key), () => this.local.del(key));
  }
  incr(key: string, windowSeconds: number): Promise<number> {
    const k = this.prefix + key;
    return this.either(async () => {
      const [[error, count]] = (await this.redis.multi().incr(k).expire(k, windowSeconds, 'NX').exec()) as [[Error | null, number]];
      if (error) throw error;
      return count;
    }, () => this.local.incr(key, windowSeconds));
  }
  async decr(key: string) {
    await this.either(() => this.redis.eval(DECR_IF_PRESENT, 1, this.prefix + key), () => this.local.decr(key));
  }
  ttl(key: string): Promise<number> {
    return this.either(async () => Math.max(0, await this.redis.ttl(this.prefix + key)), () => this.local.ttl(key));
  }
  /** While Redis is away the message reaches this instance's own subscribers (live push degrades to local delivery). */
  async publish(channel: string, message: string) {
    await this.either(() => this.redis.publish(this.prefix + channel, message), async () => this.deliverHere(this.prefix + channel, message));
  }
  /** A subscribed Redis connection can do nothing else, so subscribers get one connection of their own. */
  private subscriber: Redis | null = null;
  private readonly listeners = new Map<string, Set<(message: string) => void>>();
  async subscribe(channel: string, onMessage: (message: string) => void) {
    const name = this.prefix + channel;
    if (!this.subscriber) {
      this.subscriber = this.redis.duplicate(subscriberClientOptions);
      this.link.watch(this.subscriber, 'subscriber');
      this.subscriber.on('message', (from: string, message: string) => this.deliverHere(from, message));
    }
    let set = this.listeners.get(name);
    if (!set) {
      this.listeners.set(name, (set = new Set()));
      // Not awaited: a start must not hang on Redis (ioredis sends it once connected, and again after a
      // reconnect); messages missed meanwhile are what their subscribers' own time limits are for.
      this.subscriber.subscribe(name).catch(() => undefined);
    }
    set.add(onMessage);
    return async () => {
      set.delete(onMessage);
    };
  }
  private deliverHere(name: string, message: string) {
    for (const listener of this.listeners.get(name) ?? []) listener(message);
  }
  async close() {
    await this.link.close();
    await this.local.close();
  }
}
