import { useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The web's offset to the server's clock (docs/product/deals.md#flash-sales-on-the-web). A flash sale opens at
 * a server second; a visitor's own clock may be minutes off, so every flash-sale countdown and the moment
 * "Buy now" turns on use server time: the local clock plus this offset.
 *
 * Each GET /sec_kill answer carries `server_time_ms`; the server read it somewhere between sending the
 * request and receiving the answer, so the best guess is the middle of that round trip, off by at most half
 * of it. The sample with the shortest round trip seen is kept (the tightest bound), unless it is old: clocks
 * drift and a computer may sleep, so after a minute a fresh sample replaces it whatever its round trip.
 */
export interface ClockSample {
  offsetMs: number;
  roundTripMs: number;
  takenAtMs: number;
}

export const SAMPLE_MAX_AGE_MS = 60_000;

/** One sample from a request sent at `sentAtMs`, answered at `receivedAtMs` (local clock) with the server's `serverMs`. */
export function sampleOf(serverMs: number, sentAtMs: number, receivedAtMs: number): ClockSample {
  const roundTripMs = Math.max(0, receivedAtMs - sentAtMs);
  return { offsetMs: Math.round(serverMs - (sentAtMs + roundTripMs / 2)), roundTripMs, takenAtMs: receivedAtMs };
}

/** Which of the kept and the new sample to keep. */
export function betterSample(kept: ClockSample | null, next: ClockSample): ClockSample {
  if (!kept) return next;
  if (next.takenAtMs - kept.takenAtMs > SAMPLE_MAX_AGE_MS) return next;
  return next.roundTripMs <= kept.roundTripMs ? next : kept;
}

let sample: ClockSample | null = null;
const listeners = new Set<() => void>();

/** Records what one answer said of the server's time. */
export function noteServerTime(serverMs: number, sentAtMs: number, receivedAtMs: number) {
  const next = betterSample(sample, sampleOf(serverMs, sentAtMs, receivedAtMs));
  if (next === sample) return;
  const moved = next.offsetMs !== sample?.offsetMs;
  sample = next;
  if (moved) for (const l of listeners) l();
}

export const serverOffsetMs = () => sample?.offsetMs ?? 0;

/** The server's time now, in milliseconds (the local clock until the first answer). */
export const serverNowMs = (localNowMs: number = Date.now()) => localNowMs + serverOffsetMs();

/** Forgets the offset (tests). */
export function resetServerClock() {
  sample = null;
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * How long after `nowMs` the next whole server second starts, plus a few milliseconds, so a component
 * re-renders just after a sale's opening second (a sale opens strictly after `from`) rather than up to a
 * second late.
 */
export const msToNextSecond = (serverMs: number, marginMs = 15) => 1000 - (((serverMs % 1000) + 1000) % 1000) + marginMs;

/**
 * Server time in milliseconds, re-rendering at each whole server second (and when the offset changes).
 * `active` false freezes it.
 */
export function useServerNow(active = true): number {
  const offset = useSyncExternalStore(subscribe, serverOffsetMs, serverOffsetMs);
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const server = serverNowMs();
      setNow(server);
      timer = setTimeout(tick, msToNextSecond(server));
    };
    tick();
    return () => clearTimeout(timer);
  }, [active, offset]);
  return now;
}
