/**
 * The live stream as features use it (docs/product/messaging.md#live-push): subscribe to a type of event,
 * and read the connection's state (loading, live, timeout). One stream per signed-in tab; the shell opens
 * it (lib/liveConnection.ts). Features never talk to the stream themselves, so they stay independent of
 * one another.
 */
import { useSyncExternalStore } from 'react';

export type LiveState = 'loading' | 'live' | 'timeout';

type Handler = (data: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

/** Calls `handler` with the data of every event of `type` from now on; answers how to stop. */
export function subscribeLive(type: string, handler: Handler): () => void {
  let set = handlers.get(type);
  if (!set) handlers.set(type, (set = new Set()));
  set.add(handler);
  return () => set.delete(handler);
}

/** Hands an event to its subscribers (the connection calls this for each event it receives). */
export function emitLiveEvent(type: string, data: unknown): void {
  for (const handler of handlers.get(type) ?? []) handler(data);
}

let state: LiveState = 'loading';
const stateListeners = new Set<() => void>();

/** The connection's state; only the connection sets it. */
export function setLiveState(next: LiveState): void {
  if (next === state) return;
  state = next;
  for (const listener of stateListeners) listener();
}

export function getLiveState(): LiveState {
  return state;
}

/** The live connection's state for a component: loading until it opens, live, or timeout while it retries. */
export function useLiveState(): LiveState {
  return useSyncExternalStore(
    (listener) => {
      stateListeners.add(listener);
      return () => stateListeners.delete(listener);
    },
    getLiveState,
    getLiveState,
  );
}
