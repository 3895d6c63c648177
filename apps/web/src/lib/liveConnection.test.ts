import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Me } from '@lantern/contract';
import { LIVE_SILENCE_TIMEOUT_MS, liveReconnectDelayMs } from '@lantern/domain';
import { act, renderHook } from '@testing-library/react';
import { getLiveState, subscribeLive, useLiveState } from './live';
import { startLiveConnection } from './liveConnection';
import { queryKeys } from './query-keys';

/** An EventSource the test drives: it opens, sends messages, errs and closes on command. */
class FakeSource {
  static all: FakeSource[] = [];
  readyState = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent<string>) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeSource.all.push(this);
  }
  open() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  send(type: string, data: unknown, id?: string) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify({ type, data }), lastEventId: id ?? '' }));
  }
  fail(closed: boolean) {
    this.readyState = closed ? 2 : 0;
    this.onerror?.(new Event('error'));
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
}

const latest = () => FakeSource.all.at(-1)!;
const me = { id: 7, nickname: 'kai', badges: { private_messages: 1, notifications: 4 } } as unknown as Me;

describe('the live connection', () => {
  let client: QueryClient;
  let stop: () => void;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSource.all = [];
    client = new QueryClient();
    client.setQueryData(queryKeys.me.all, me);
  });
  afterEach(() => {
    stop?.();
    vi.useRealTimers();
  });

  const start = (stillSignedIn?: () => Promise<boolean>) =>
    (stop = startLiveConnection({ client, createSource: (url) => new FakeSource(url), ...(stillSignedIn && { stillSignedIn }) }));

  it('is loading until the stream opens, then live; heartbeats keep it live', () => {
    start();
    expect(getLiveState()).toBe('loading');
    expect(latest().url).toBe('/api/live');
    latest().open();
    expect(getLiveState()).toBe('live');
    for (let i = 0; i < 5; i++) {
      vi.advanceTimersByTime(LIVE_SILENCE_TIMEOUT_MS - 1);
      latest().send('heartbeat', {});
    }
    expect(getLiveState()).toBe('live');
    expect(FakeSource.all).toHaveLength(1);
  });

  it('times out when nothing is heard, then reconnects with backoff and resumes from the last id', async () => {
    start();
    latest().open();
    latest().send('ready', {}, '3.1');
    vi.advanceTimersByTime(LIVE_SILENCE_TIMEOUT_MS);
    expect(getLiveState()).toBe('timeout');
    expect(FakeSource.all[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(liveReconnectDelayMs(0) - 1);
    expect(FakeSource.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.all).toHaveLength(2);
    expect(latest().url).toBe('/api/live?last_event_id=3.1');
    // Still silent: the next wait is longer.
    await vi.advanceTimersByTimeAsync(LIVE_SILENCE_TIMEOUT_MS + liveReconnectDelayMs(1) - 1);
    expect(FakeSource.all).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSource.all).toHaveLength(3);
    latest().open();
    expect(getLiveState()).toBe('live');
  });

  it('takes over from the browser when the stream is refused, and stops once signed out', async () => {
    const signedIn = vi.fn(async () => false);
    start(signedIn);
    latest().fail(false);
    expect(getLiveState()).toBe('loading');
    latest().fail(true);
    expect(getLiveState()).toBe('timeout');
    await vi.advanceTimersByTimeAsync(liveReconnectDelayMs(0));
    expect(signedIn).toHaveBeenCalledOnce();
    expect(FakeSource.all).toHaveLength(1);
    expect(getLiveState()).toBe('loading');
  });

  it('patches the header badges from every event, hands events to subscribers, and refetches on reset', () => {
    const heard: unknown[] = [];
    const unsubscribe = subscribeLive('private_message', (data) => heard.push(data));
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    start();
    latest().open();
    latest().send('private_message', { badges: { private_messages: 2 }, conversation_id: 5 }, '4.1');
    expect(client.getQueryData<Me>(queryKeys.me.all)!.badges).toEqual({ private_messages: 2, notifications: 4 });
    expect(heard).toEqual([{ badges: { private_messages: 2 }, conversation_id: 5 }]);
    latest().send('reset', {}, '9.1');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: queryKeys.me.all });
    unsubscribe();
  });

  it('re-renders a component reading useLiveState as the state changes', () => {
    start();
    const { result } = renderHook(() => useLiveState());
    expect(result.current).toBe('loading');
    act(() => latest().open());
    expect(result.current).toBe('live');
    act(() => void vi.advanceTimersByTime(LIVE_SILENCE_TIMEOUT_MS));
    expect(result.current).toBe('timeout');
  });

  it('leaves a guest\'s cache alone', () => {
    client.setQueryData(queryKeys.me.all, null);
    start();
    latest().send('notification', { badges: { notifications: 9 } }, '1.0');
    expect(client.getQueryData(queryKeys.me.all)).toBeNull();
  });
});
