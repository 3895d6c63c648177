import { randomUUID } from 'node:crypto';
import { formatLiveEventId, LIVE_REPLAY_MAX, type LivePosition } from '@lantern/domain';
import { LIVE_STREAM_EVENTS } from '@lantern/contract';
import { EVERYONE, type LiveEvent } from './event-shape.ts';
import type { LiveReader } from './reads.ts';

/** Where a connection's frames go: answers false when the client is too far behind (the stream is then closed). */
export interface LiveSink {
  write(frame: string): boolean;
  close(): void;
}

/** Over how long the streams of a stopping instance are asked to reconnect (`closeForShutdown`). */
const SHUTDOWN_RECONNECT_SPREAD_MS = 1_000;

const HEARTBEAT_FRAME = `data: ${JSON.stringify({ type: LIVE_STREAM_EVENTS.heartbeat, data: {} })}\n\n`;

/** Unnamed messages carrying their type: EventSource hands every one to `onmessage`, whatever module wrote it. */
const message = (type: string, data: unknown) => JSON.stringify({ type, data: data ?? {} });

/** A pushed event is serialized once, however many streams send it (a broadcast reaches every stream). */
const serialized = new WeakMap<LiveEvent, string>();
function messageOf(event: LiveEvent): string {
  let body = serialized.get(event);
  if (body === undefined) serialized.set(event, (body = message(event.type, event.data)));
  return body;
}

type StreamKey = keyof LivePosition;
const keyOf = (event: LiveEvent): StreamKey => (event.accountId === EVERYONE ? 'everyone' : 'own');

/**
 * One open stream of one account (docs/product/messaging.md#live-push). It delivers the account's events
 * and everyone's, each stream in its own order, exactly once: an event at or below the position already
 * sent is dropped (the replay or another push sent it); one past a gap (a push lost, or two instances'
 * pushes crossing) makes it read the gap from the database, where every pushed event was committed first.
 * While it reads, pushed events wait in `pending`. A resume point it cannot serve whole (pruned, too far
 * behind, or from another database) becomes `reset`: the web refetches, and the stream goes on from now.
 */
export class LiveConnection {
  private sent: LivePosition = { own: 0, everyone: 0 };
  private pending: LiveEvent[] = [];
  /** True while the database is read: pushes wait in `pending` until it is done. */
  private reading = true;
  private closed = false;
  /** Clock milliseconds of the next heartbeat and session check (set by the hub). */
  nextBeatAt = 0;
  /** The stream's own name, for its lease in the per-account cap across instances (stream-slots.ts; the route sets the one it took). */
  streamId: string = randomUUID();

  constructor(
    readonly accountId: number,
    private readonly sink: LiveSink,
    private readonly reader: LiveReader,
    /** Whether the stream's session still holds; checked at heartbeats and when the account's sessions are revoked. */
    readonly sessionHolds: () => Promise<boolean>,
  ) {}

  get position(): LivePosition {
    return this.sent;
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Sends the replay after `resume` (or `ready` with the current position), then the pushed events. */
  async start(resume: LivePosition | null): Promise<void> {
    await this.guard(async () => {
      const current = await this.reader.positions(this.accountId);
      if (!resume) {
        this.sent = current;
        this.frame(LIVE_STREAM_EVENTS.ready, {});
      } else if (!this.canReplay(resume, current)) {
        await this.reset(current);
      } else {
        this.sent = resume;
        await this.replay(current);
      }
    });
  }

  /** A committed event of this account or of everyone, as the hub heard it. */
  offer(event: LiveEvent): void {
    if (this.closed) return;
    // Pushes that pile up behind a database read that does not come back: the browser resumes instead.
    if (this.pending.length >= LIVE_REPLAY_MAX) return this.close();
    this.pending.push(event);
    if (!this.reading) this.deliverPending();
  }

  /**
   * A heartbeat: a message without an id (the browser's last id stays), not an SSE comment, because
   * EventSource hides comments and the web counts heartbeats to tell a live connection from a dead one.
   */
  heartbeat(): void {
    if (!this.closed && !this.sink.write(HEARTBEAT_FRAME)) this.close();
  }

  /**
   * Ends the stream because this instance is stopping: a `retry` frame first asks the browser to reconnect
   * soon (to another instance: this one no longer accepts), spread over a second so the streams of a
   * stopped instance do not all land at once.
   */
  closeForShutdown(): void {
    if (!this.closed) this.sink.write(`retry: ${Math.floor(Math.random() * SHUTDOWN_RECONNECT_SPREAD_MS)}\n\n`);
    this.close();
  }

  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.pending = [];
    this.sink.close();
  }

  private canReplay(resume: LivePosition, current: LivePosition): boolean {
    const behind = (key: StreamKey) => current[key] - resume[key];
    return behind('own') >= 0 && behind('everyone') >= 0 && behind('own') <= LIVE_REPLAY_MAX && behind('everyone') <= LIVE_REPLAY_MAX;
  }

  /** Sends every event after `sent` up to `target`; if the database no longer has them all, resets instead. */
  private async replay(target: LivePosition): Promise<void> {
    const events = await this.reader.between(this.accountId, this.sent, target);
    const expected = target.own - this.sent.own + (target.everyone - this.sent.everyone);
    if (events.length !== expected) return this.reset(await this.reader.positions(this.accountId));
    for (const event of events) this.send(event);
  }

  private async reset(current: LivePosition): Promise<void> {
    this.sent = current;
    this.frame(LIVE_STREAM_EVENTS.reset, {});
  }

  /** Sends what waits, in each stream's order; stops at a gap, reads it, and carries on. */
  private deliverPending(): void {
    this.pending.sort((a, b) => a.accountId - b.accountId || a.seq - b.seq);
    while (this.pending.length > 0 && !this.closed) {
      const event = this.pending[0]!;
      const key = keyOf(event);
      if (event.seq <= this.sent[key]) {
        this.pending.shift();
      } else if (event.seq === this.sent[key] + 1) {
        this.pending.shift();
        this.send(event);
      } else {
        // A gap: its events are committed (a stream's numbers commit in order), so the database has them.
        const target = { ...this.sent, [key]: event.seq };
        const tooFar = event.seq - this.sent[key] > LIVE_REPLAY_MAX;
        void this.guard(async () => {
          if (tooFar) await this.reset(await this.reader.positions(this.accountId));
          else await this.replay(target);
        });
        return;
      }
    }
  }

  /** Runs a database read with pushes held back, then delivers them; a failed read closes the stream (the browser resumes). */
  private async guard(read: () => Promise<void>): Promise<void> {
    this.reading = true;
    try {
      await read();
    } catch {
      this.close();
      return;
    } finally {
      this.reading = false;
    }
    this.deliverPending();
  }

  private send(event: LiveEvent): void {
    this.sent = { ...this.sent, [keyOf(event)]: event.seq };
    this.write(messageOf(event));
  }

  private frame(type: string, data: unknown): void {
    this.write(message(type, data));
  }

  private write(body: string): void {
    if (this.closed) return;
    if (!this.sink.write(`id: ${formatLiveEventId(this.sent)}\ndata: ${body}\n\n`)) this.close();
  }
}
