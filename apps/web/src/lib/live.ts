/**
 * The live stream as features use it (docs/product/messaging.md#live-push): subscribe to a type of event,
 * and read the connection's state (loading, live, timeout). One stream per signed-in tab; the shell opens
 * it (lib/liveConnection.ts). Features never talk to the stream themselves, so they stay independent of
 * one another.
 */
import { tabStore } from './tabStore';

export type LiveState = 'loading' | 'live' | 'timeout';

type Handler = (data: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

/**
 * The events of the last few seconds, per type, for a subscriber that asks for them: a part of the shell loaded
 * after the stream opened (the notification bar is its own chunk) would otherwise miss what arrived meanwhile.
 */
const RECENT_MS = 10_000;
const RECENT_MAX = 20;
const recent = new Map<string, { at: number; data: unknown }[]>();

/**
 * Calls `handler` with the data of every event of `type` from now on — and first with those of the last few
 * seconds when `replayRecent` is set; answers how to stop.
 */
export function subscribeLive(type: string, handler: Handler, options: { replayRecent?: boolean } = {}): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  if (options.replayRecent) {
    const since = Date.now() - RECENT_MS;
    for (const event of recent.get(type) ?? []) if (event.at >= since) handler(event.data);
  }
  return () => set.delete(handler);
}

/** Forgets the recent events (the connection does when it opens for another account). */
export function forgetRecentLiveEvents(): void {
  recent.clear();
}

/** Hands an event to its subscribers (the connection calls this for each event it receives). */
export function emitLiveEvent(type: string, data: unknown): void {
  const kept = recent.get(type) ?? [];
  kept.push({ at: Date.now(), data });
  recent.set(type, kept.slice(-RECENT_MAX));
  for (const handler of handlers.get(type) ?? []) handler(data);
}

const state = tabStore<LiveState>('loading');

/** The connection's state; only the connection sets it. */
export function setLiveState(next: LiveState): void {
  if (next !== state.get()) state.set(next);
}

export const getLiveState: () => LiveState = state.get;

/** The live connection's state for a component: loading until it opens, live, or timeout while it retries. */
export const useLiveState: () => LiveState = state.use;
