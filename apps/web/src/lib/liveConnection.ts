/**
 * The tab's one live connection (docs/product/messaging.md#live-push): an EventSource on GET /api/live that
 * the browser itself resumes (Last-Event-ID), a watch for silence (no open, event or heartbeat within
 * LIVE_SILENCE_TIMEOUT_MS: `timeout`, then reconnects with backoff, resuming from the last id), and the
 * header's badges patched from every event so counters change without a request.
 */
import type { QueryClient } from '@tanstack/react-query';
import { LIVE_API, LIVE_STREAM_EVENTS, type LiveMessage, type Me } from '@lantern/contract';
import { LIVE_SILENCE_TIMEOUT_MS, liveReconnectDelayMs } from '@lantern/domain';
import { emitLiveEvent, forgetRecentLiveEvents, setLiveState } from './live';
import { queryKeys } from './query-keys';

type EventSourceLike = Pick<EventSource, 'close' | 'readyState'> & {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent<string>) => void) | null;
  onerror: ((event: Event) => void) | null;
};

export interface LiveConnectionOptions {
  client: QueryClient;
  /** The EventSource to use (tests pass a fake). */
  createSource?: (url: string) => EventSourceLike;
  /**
   * Before reconnecting after a timeout: whether the visitor is still signed in (refreshing an expired
   * session on the way). False stops the connection.
   */
  stillSignedIn?: () => Promise<boolean>;
}

const CLOSED = 2;

/** Writes an event's new badge values into the signed-in account, so the header shows them at once. */
export function patchBadges(client: QueryClient, badges: Partial<Me['badges']> | undefined): void {
  if (!badges) return;
  client.setQueryData<Me | null>(queryKeys.me.all, (me) => (me ? { ...me, badges: { ...me.badges, ...badges } } : me));
}

/** Opens the connection; answers how to stop it (on sign-out, or when the tab's shell unmounts). */
export function startLiveConnection({ client, createSource = (url) => new EventSource(url, { withCredentials: true }), stillSignedIn }: LiveConnectionOptions): () => void {
  let source: EventSourceLike | null = null;
  let lastId: string | null = null;
  let attempt = 0;
  let silence: ReturnType<typeof setTimeout> | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  // A connection is one account's: what the previous one heard is not replayed to this one's late subscribers.
  forgetRecentLiveEvents();

  const watchSilence = () => {
    clearTimeout(silence);
    silence = setTimeout(giveUp, LIVE_SILENCE_TIMEOUT_MS);
  };

  const heard = () => {
    attempt = 0;
    setLiveState('live');
    watchSilence();
  };

  const handle = (message: LiveMessage) => {
    patchBadges(client, message.data?.badges);
    if (message.type === LIVE_STREAM_EVENTS.heartbeat || message.type === LIVE_STREAM_EVENTS.ready) return;
    // Too far behind for a replay: every count and list may be stale.
    if (message.type === LIVE_STREAM_EVENTS.reset) void client.invalidateQueries({ queryKey: queryKeys.me.all });
    emitLiveEvent(message.type, message.data);
  };

  function connect() {
    if (stopped) return;
    // A new EventSource starts without the old one's last id: it goes in the query instead.
    const url = lastId ? `${LIVE_API.live}?last_event_id=${encodeURIComponent(lastId)}` : LIVE_API.live;
    const current = createSource(url);
    source = current;
    watchSilence();
    current.onopen = heard;
    current.onmessage = (event) => {
      if (event.lastEventId) lastId = event.lastEventId;
      heard();
      try {
        handle(JSON.parse(event.data) as LiveMessage);
      } catch {
        // A message this version cannot read: the next reset or refetch brings the truth.
      }
    };
    current.onerror = () => {
      // Still CONNECTING: the browser retries by itself (the silence watch covers a retry that never lands).
      // CLOSED: refused (signed out, too many tabs, a proxy's error page): our own backoff takes over.
      if (current.readyState === CLOSED) giveUp();
    };
  }

  function giveUp() {
    if (stopped) return;
    clearTimeout(silence);
    source?.close();
    source = null;
    setLiveState('timeout');
    clearTimeout(retry);
    retry = setTimeout(() => {
      void (async () => {
        if (stillSignedIn && !(await stillSignedIn().catch(() => true))) return stop();
        connect();
      })();
    }, liveReconnectDelayMs(attempt++));
  }

  function stop() {
    stopped = true;
    clearTimeout(silence);
    clearTimeout(retry);
    source?.close();
    source = null;
    setLiveState('loading');
  }

  setLiveState('loading');
  connect();
  return stop;
}
