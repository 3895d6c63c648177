import { useEffect, useState } from 'react';
import { serverNowMs } from './serverClock';

/**
 * Time left as a clock: "29:59", "9:05", "1:02:03"; never negative. Countdowns of unpaid orders (docs/product/buying.md#order-expiry:
 * 10 minutes for a flash sale, 30 for others) and anything else that runs out.
 */
export function formatCountdown(secondsLeft: number): string {
  const s = Math.max(0, Math.floor(secondsLeft));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${m}:${pad(sec)}`;
}

/** Seconds left until `deadlineSec` at `nowSec` (0 once passed). */
export const secondsUntil = (deadlineSec: number, nowSec: number) => Math.max(0, deadlineSec - nowSec);

/** Now in whole seconds of the server's clock once the web knows its offset to it (lib/serverClock), else the local clock. */
export const nowSeconds = () => Math.floor(serverNowMs() / 1000);

/** The current time in whole seconds, ticking every `everyMs` while `active` (a frozen value otherwise). */
export function useNowSeconds(active = true, everyMs = 1000): number {
  const [now, setNow] = useState(nowSeconds);
  useEffect(() => {
    if (!active) return;
    setNow(nowSeconds());
    const id = setInterval(() => setNow(nowSeconds()), everyMs);
    return () => clearInterval(id);
  }, [active, everyMs]);
  return now;
}
