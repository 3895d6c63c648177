import { Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/**
 * How Lantern talks to Redis, and how it knows Redis is away (docs/decisions/0049-redis-deadlines-and-fallbacks.md).
 * ioredis's defaults queue every command while Redis is away and retry it for a long time: a request then
 * waits many seconds for an answer that never comes. Here a command fails at once while the connection is
 * down and after REDIS_COMMAND_TIMEOUT_MS while Redis is silent, and the caller falls back (kv.ts).
 */

/** The longest one command waits for Redis; no request waits on a missing Redis much longer than this. */
export const REDIS_COMMAND_TIMEOUT_MS = 400;
/** The longest a connection attempt may take before it counts as failed (and is tried again). */
export const REDIS_CONNECT_TIMEOUT_MS = 1_000;
/** How often a reachable Redis is pinged, so a silent one (a partition without a closed socket) is noticed. */
export const REDIS_PING_EVERY_MS = 1_000;
/** Reconnecting never stops; the wait between attempts grows to this. */
const RECONNECT_MAX_WAIT_MS = 1_000;

/**
 * Options for a client that commands (get, incr, scripts…). Gates and stores of other modules that open
 * their own client use these too.
 */
export const commandClientOptions: RedisOptions = {
  lazyConnect: false,
  // Fail now while the connection is down instead of queueing until it is back.
  enableOfflineQueue: false,
  commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
  connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
  // A command in flight when the connection drops fails; it is not sent again after the caller fell back.
  maxRetriesPerRequest: 0,
  autoResendUnfulfilledCommands: false,
  retryStrategy: (attempt) => Math.min(50 * attempt, RECONNECT_MAX_WAIT_MS),
  // Auto-pipelining: the commands of every request answered in one turn of the event loop (each signed-in
  // shared read's recent-write check, rate-limit counters, the flash sale's gate) leave in one socket write
  // and come back in one read, instead of a round trip each. ioredis keeps subscribe and MULTI out of it.
  enableAutoPipelining: true,
};

/**
 * Options for the subscriber connection: no request waits on it, so its SUBSCRIBE may wait in ioredis's queue
 * for the connection (and is sent again after each reconnect) rather than be lost.
 */
export const subscriberClientOptions: RedisOptions = {
  ...commandClientOptions,
  enableOfflineQueue: true,
  commandTimeout: undefined,
  maxRetriesPerRequest: null,
  autoResendUnfulfilledCommands: true,
};

/** Thrown instead of calling Redis while it is known to be away: the caller's fallback runs at once. */
export class RedisUnavailableError extends Error {
  constructor() {
    super('redis is unreachable');
    this.name = 'RedisUnavailableError';
  }
}

/** A refusal Redis itself answered (a wrong type, a script error): Redis is there, the command is wrong. */
export function isReplyError(error: unknown): boolean {
  return error instanceof Error && error.name === 'ReplyError';
}

/**
 * The state of one store's connections: whether commands may go to Redis now, and whether everything a
 * shared store promises holds (commands and the subscription both up). A command that fails for any reason
 * but Redis's own refusal trips a breaker: the next commands fall back at once instead of each waiting out
 * its deadline, until a ping answers again.
 */
export class RedisLink {
  private readonly clients: Redis[] = [];
  private tripped = false;
  private lastReachable: boolean | null = null;
  private readonly listeners = new Set<(reachable: boolean) => void>();
  private readonly pinger: NodeJS.Timeout;
  private closed = false;

  constructor(private readonly commands: Redis, private readonly log?: Logger) {
    this.watch(commands, 'commands');
    this.pinger = setInterval(() => void this.ping(), REDIS_PING_EVERY_MS);
    this.pinger.unref();
  }

  /** Watches another connection of the store (the subscriber): reachable only while it is up too. */
  watch(client: Redis, role: string): void {
    this.clients.push(client);
    // Without a listener, ioredis prints every failed reconnect; with one, nothing can crash the process.
    client.on('error', (err: Error) => {
      if (this.lastReachable !== false) this.log?.warn({ err, role }, 'redis connection error');
    });
    client.on('ready', () => {
      if (client === this.commands) this.tripped = false;
      this.report();
    });
    for (const event of ['close', 'end', 'reconnecting']) client.on(event, () => this.report());
  }

  /** Whether commands may go to Redis now. */
  usable(): boolean {
    return !this.closed && !this.tripped && this.commands.status === 'ready';
  }

  /** Whether the store is whole: commands go to Redis and this instance hears what others publish. */
  reachable(): boolean {
    return this.usable() && this.clients.every((c) => c.status === 'ready');
  }

  /** A command failed without Redis answering it: fall back until a ping answers. */
  failed(error: unknown): void {
    if (isReplyError(error) || error instanceof RedisUnavailableError) return;
    if (!this.tripped) this.log?.warn({ err: error }, 'redis command failed; falling back until it answers again');
    this.tripped = true;
    this.report();
  }

  onChange(listener: (reachable: boolean) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves once every connection is up, or when `deadlineMs` has passed (a start never hangs on Redis). */
  async whenReady(deadlineMs: number): Promise<void> {
    if (this.clients.every((c) => c.status === 'ready')) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, deadlineMs);
      const stop = this.onChange(() => {
        if (this.clients.every((c) => c.status === 'ready')) done();
      });
      function done() {
        clearTimeout(timer);
        stop();
        resolve();
      }
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.pinger);
    this.listeners.clear();
    // QUIT needs a connection; one that is down is simply dropped (and stops reconnecting).
    await Promise.all(this.clients.map((c) => (c.status === 'ready' ? c.quit().then(() => undefined, () => c.disconnect()) : c.disconnect())));
  }

  private async ping() {
    if (this.closed || this.commands.status !== 'ready') return;
    try {
      await this.commands.ping();
      if (this.tripped) this.tripped = false;
    } catch (error) {
      this.failed(error);
    }
    this.report();
  }

  private report() {
    const now = this.reachable();
    if (now === this.lastReachable) return;
    const first = this.lastReachable === null;
    this.lastReachable = now;
    if (!first || !now) this.log?.[now ? 'info' : 'warn']({ reachable: now }, now ? 'redis reachable again' : 'redis unreachable: features run on their fallbacks (decision 0049)');
    for (const listener of this.listeners) listener(now);
  }
}
