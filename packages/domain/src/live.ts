/**
 * The live stream's numbers and its event ids (docs/product/messaging.md#live-push). Server and web read
 * them from here, so a heartbeat the server sends and the silence the web tolerates stay in step.
 */

/** The server sends a heartbeat comment this often on every open stream (and re-checks the stream's session). */
export const LIVE_HEARTBEAT_SECONDS = 20;
/** The `retry:` hint: how long a browser waits before reconnecting a dropped stream on its own. */
export const LIVE_RETRY_MS = 3_000;
/**
 * The web calls the connection timed out when neither an open nor any event or heartbeat arrived for this
 * long: two heartbeats and some slack.
 */
export const LIVE_SILENCE_TIMEOUT_MS = 2 * LIVE_HEARTBEAT_SECONDS * 1000 + 5_000;
/** After a timeout the web reconnects after 1 s, 2 s, 4 s… up to this long. */
export const LIVE_RECONNECT_MAX_MS = 60_000;
/** Events are kept this long for resuming; a reader further behind is told to reload (`reset`). */
export const LIVE_KEEP_HOURS = 24;
/** A resume replays at most this many events per stream; further behind, `reset` instead. */
export const LIVE_REPLAY_MAX = 500;
/** Open streams per account on one instance (tabs); one more is refused with 429 `too_many`. */
export const LIVE_STREAMS_PER_ACCOUNT = 10;
/** A stream whose client reads this far behind (bytes waiting to be sent) is closed; the browser resumes. */
export const LIVE_SEND_BUFFER_MAX_BYTES = 256 * 1024;
/** The prune job deletes this many expired events per statement. */
export const LIVE_PRUNE_BATCH = 5_000;

/** Where a reader is: the last event number seen on its own stream and on the everyone stream. */
export interface LivePosition {
  readonly own: number;
  readonly everyone: number;
}

/** An event's id, `<own seq>.<everyone seq>`: what the browser sends back as Last-Event-ID. */
export function formatLiveEventId(position: LivePosition): string {
  return `${position.own}.${position.everyone}`;
}

/** Reads a Last-Event-ID; anything that is not two non-negative whole numbers is no position at all. */
export function parseLiveEventId(value: string | undefined | null): LivePosition | null {
  const match = /^(\d{1,15})\.(\d{1,15})$/.exec((value ?? '').trim());
  if (!match) return null;
  return { own: Number(match[1]), everyone: Number(match[2]) };
}

/** The web's wait before the n-th reconnect after a timeout (n from 0): doubling from 1 s, capped. */
export function liveReconnectDelayMs(attempt: number): number {
  return Math.min(LIVE_RECONNECT_MAX_MS, 1000 * 2 ** Math.max(0, Math.min(attempt, 30)));
}
