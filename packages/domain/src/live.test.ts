import { describe, expect, it } from 'vitest';
import {
  formatLiveEventId, LIVE_HEARTBEAT_SECONDS, LIVE_RECONNECT_MAX_MS, LIVE_SILENCE_TIMEOUT_MS, liveReconnectDelayMs, parseLiveEventId,
} from './live.ts';

describe('live stream ids and timings', () => {
  it('writes and reads an event id as own.everyone', () => {
    expect(formatLiveEventId({ own: 12, everyone: 3 })).toBe('12.3');
    expect(parseLiveEventId('12.3')).toEqual({ own: 12, everyone: 3 });
    expect(parseLiveEventId(' 0.0 ')).toEqual({ own: 0, everyone: 0 });
  });

  it('takes anything else as no position', () => {
    for (const bad of [undefined, null, '', '12', '1.2.3', '-1.2', 'a.b', '1e3.1', '1234567890123456.1']) expect(parseLiveEventId(bad)).toBeNull();
  });

  it('times out only after two missed heartbeats', () => {
    expect(LIVE_SILENCE_TIMEOUT_MS).toBeGreaterThan(2 * LIVE_HEARTBEAT_SECONDS * 1000);
  });

  it('backs off 1 s, 2 s, 4 s… up to the cap', () => {
    expect([0, 1, 2, 3].map(liveReconnectDelayMs)).toEqual([1000, 2000, 4000, 8000]);
    expect(liveReconnectDelayMs(50)).toBe(LIVE_RECONNECT_MAX_MS);
  });
});
