import { LIVE_HEARTBEAT_SECONDS } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { SESSION_REVOKED_CHANNEL } from '../../platform/session-cache.ts';
import { EVERYONE, type LiveEvent } from './event-shape.ts';
import { LIVE_CHANNEL } from './events.ts';
import type { LiveConnection } from './connection.ts';

/** How often the hub looks for streams due a heartbeat (each stream's own beat is spread from its start). */
const TICK_MS = 1_000;
/** After a revocation is announced, the account's streams re-check their session this much later (the revoking write may still be committing). */
const RECHECK_AFTER_REVOCATION_MS = 1_000;

/**
 * The open streams of one instance (docs/product/messaging.md#live-push): ONE kv subscription on the live
 * channel, dispatched by account; everyone's events go to every stream. It beats each stream's heartbeat
 * and re-checks its session then, and sooner when the account's sessions are revoked.
 */
export class LiveHub {
  private readonly byAccount = new Map<number, Set<LiveConnection>>();
  private readonly stops: Array<() => Promise<void>> = [];
  private timer: NodeJS.Timeout | undefined;
  private size = 0;

  /** Told at each stream's heartbeat (its lease in the cross-instance cap is renewed). */
  onBeat: (connection: LiveConnection) => Promise<void> = async () => undefined;

  constructor(private readonly deps: Pick<Deps, 'kv' | 'clock' | 'log'>) {}

  async start(): Promise<void> {
    this.stops.push(await this.deps.kv.subscribe(LIVE_CHANNEL, (message) => this.dispatch(message)));
    this.stops.push(await this.deps.kv.subscribe(SESSION_REVOKED_CHANNEL, (message) => this.recheckSoon(Number(message))));
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
  }

  /** Open streams of the account on this instance. */
  countOf(accountId: number): number {
    return this.byAccount.get(accountId)?.size ?? 0;
  }

  get openStreams(): number {
    return this.size;
  }

  add(connection: LiveConnection): void {
    let set = this.byAccount.get(connection.accountId);
    if (!set) this.byAccount.set(connection.accountId, (set = new Set()));
    set.add(connection);
    this.size++;
    connection.nextBeatAt = this.now() + LIVE_HEARTBEAT_SECONDS * 1000;
  }

  remove(connection: LiveConnection): void {
    const set = this.byAccount.get(connection.accountId);
    if (!set?.delete(connection)) return;
    this.size--;
    if (set.size === 0) this.byAccount.delete(connection.accountId);
  }

  /**
   * Beats the streams whose heartbeat is due and re-checks their sessions; a stream whose session ended is
   * closed. Runs every second on a timer; tests move the clock and call it.
   */
  async tick(): Promise<void> {
    const now = this.now();
    const checks: Promise<void>[] = [];
    for (const set of this.byAccount.values()) {
      for (const connection of set) {
        if (connection.nextBeatAt > now) continue;
        connection.nextBeatAt = now + LIVE_HEARTBEAT_SECONDS * 1000;
        connection.heartbeat();
        checks.push(this.check(connection), this.onBeat(connection));
      }
    }
    await Promise.all(checks);
  }

  /** Ends every stream (shutdown), telling each to reconnect soon: the browsers resume on another instance. */
  async close(): Promise<void> {
    clearInterval(this.timer);
    for (const set of this.byAccount.values()) for (const connection of set) connection.closeForShutdown();
    this.byAccount.clear();
    this.size = 0;
    await Promise.all(this.stops.splice(0).map((stop) => stop()));
  }

  private dispatch(message: string): void {
    let events: LiveEvent[];
    try {
      events = JSON.parse(message) as LiveEvent[];
    } catch {
      return;
    }
    for (const event of events) {
      if (event.accountId === EVERYONE) {
        for (const set of this.byAccount.values()) for (const connection of set) connection.offer(event);
      } else {
        for (const connection of this.byAccount.get(event.accountId) ?? []) connection.offer(event);
      }
    }
  }

  private recheckSoon(accountId: number): void {
    const at = this.now() + RECHECK_AFTER_REVOCATION_MS;
    for (const connection of this.byAccount.get(accountId) ?? []) connection.nextBeatAt = Math.min(connection.nextBeatAt, at);
  }

  private async check(connection: LiveConnection): Promise<void> {
    try {
      if (await connection.sessionHolds()) return;
    } catch (err) {
      // The database did not answer: keep the stream, and ask again at its next heartbeat.
      this.deps.log.warn({ err }, 'live stream session check failed');
      return;
    }
    connection.close();
  }

  private now(): number {
    return this.deps.clock.now().getTime();
  }
}
