import type { KeyValueStore } from '../../src/platform/kv.ts';
import { LIVE_CHANNEL, type LiveEvent } from '../../src/modules/live/index.ts';

/**
 * Listens to the live channel as an instance's hub does, keeping every event heard. `until` waits for as long as
 * the channel takes to deliver (the test's timeout bounds it) — no sleeping, no counting turns of the event loop,
 * which on a loaded machine with Redis can pass before a message arrives.
 */
export async function listenToLive(kv: KeyValueStore) {
  const heard: LiveEvent[] = [];
  const waiting: { done: (events: readonly LiveEvent[]) => boolean; resolve: () => void }[] = [];
  const check = () => {
    for (const w of [...waiting]) {
      if (!w.done(heard)) continue;
      waiting.splice(waiting.indexOf(w), 1);
      w.resolve();
    }
  };
  const stop = await kv.subscribe(LIVE_CHANNEL, (message) => {
    heard.push(...(JSON.parse(message) as LiveEvent[]));
    check();
  });
  return {
    heard,
    until: (done: (events: readonly LiveEvent[]) => boolean) => new Promise<void>((resolve) => {
      waiting.push({ done, resolve });
      check();
    }),
    stop,
  };
}
