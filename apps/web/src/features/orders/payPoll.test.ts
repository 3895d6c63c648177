import type { PayQueryResponse } from '@lantern/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { askOnce, payPollDelay, PAY_POLL_GIVE_UP_MS, PAY_POLL_MAX_DELAY_MS, pollPaymentStatus, type PayPollState } from './payPoll';

const answer = (status: PayQueryResponse['status']) => ({ status }) as PayQueryResponse;

/** A pay_query the test answers by hand, recording when each call was made and how many ran at once. */
function gateway() {
  const calls: number[] = [];
  const pending: Array<(a: PayQueryResponse | Error) => void> = [];
  let running = 0;
  let mostAtOnce = 0;
  const ask = () => {
    calls.push(Date.now());
    running += 1;
    mostAtOnce = Math.max(mostAtOnce, running);
    return new Promise<PayQueryResponse>((resolve, reject) => {
      pending.push((a) => {
        running -= 1;
        if (a instanceof Error) reject(a);
        else resolve(a);
      });
    });
  };
  const reply = async (a: PayQueryResponse | Error) => {
    pending.shift()!(a);
    await vi.advanceTimersByTimeAsync(0);
  };
  return { ask, reply, calls, pending, mostAtOnce: () => mostAtOnce };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

describe('polling the payment status', () => {
  it('never has two requests in flight: a slow answer holds the next ask back however long it takes', async () => {
    const g = gateway();
    const updates: PayPollState[] = [];
    const poll = pollPaymentStatus({ ask: g.ask, onUpdate: (s) => updates.push(s) });
    expect(g.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(g.calls).toHaveLength(1);
    await g.reply(answer('pending'));
    expect(updates.at(-1)).toMatchObject({ tries: 1, gaveUp: false });
    await vi.advanceTimersByTimeAsync(payPollDelay(1) - 1);
    expect(g.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(g.calls).toHaveLength(2);
    expect(g.mostAtOnce()).toBe(1);
    poll.stop();
  });

  it('waits longer after each pending answer, up to the cap, and stops once the payment settles', async () => {
    const g = gateway();
    const updates: PayPollState[] = [];
    pollPaymentStatus({ ask: g.ask, onUpdate: (s) => updates.push(s) });
    const answeredAt: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      answeredAt.push(Date.now());
      await g.reply(answer('pending'));
      await vi.advanceTimersByTimeAsync(PAY_POLL_MAX_DELAY_MS);
    }
    // The wait between an answer and the next ask.
    const gaps = g.calls.slice(1).map((at, i) => at - answeredAt[i]!);
    expect(gaps.slice(0, 4)).toEqual([1000, 1500, 2250, 3375]);
    for (let i = 1; i < gaps.length; i += 1) expect(gaps[i]!).toBeGreaterThanOrEqual(gaps[i - 1]!);
    expect(Math.max(...gaps)).toBe(PAY_POLL_MAX_DELAY_MS);
    expect(g.mostAtOnce()).toBe(1);

    const asked = g.calls.length;
    await g.reply(answer('complete'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(g.calls).toHaveLength(asked);
    expect(updates.at(-1)!.data?.status).toBe('complete');
  });

  it('keeps asking while the order is busy, stops on any other error, and gives up after the time limit', async () => {
    const g = gateway();
    const updates: PayPollState[] = [];
    pollPaymentStatus({ ask: g.ask, onUpdate: (s) => updates.push(s) });
    await g.reply(new ApiError(409, { order: ['busy'] }));
    await vi.advanceTimersByTimeAsync(payPollDelay(1));
    expect(g.calls).toHaveLength(2);
    await g.reply(new ApiError(404, { base: ['unusual'] }));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(g.calls).toHaveLength(2);

    const slow = gateway();
    const last: PayPollState[] = [];
    pollPaymentStatus({ ask: slow.ask, onUpdate: (s) => last.push(s) });
    while (!last.at(-1)?.gaveUp) {
      await slow.reply(answer('pending'));
      await vi.advanceTimersByTimeAsync(PAY_POLL_MAX_DELAY_MS);
    }
    expect(slow.calls.at(-1)! - slow.calls[0]!).toBeLessThanOrEqual(PAY_POLL_GIVE_UP_MS);
    expect(slow.calls.length).toBeLessThan(20);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(slow.pending).toHaveLength(0);
  });

  it('drops an answer that arrives after the page stopped listening, and asks no more', async () => {
    const g = gateway();
    const updates: PayPollState[] = [];
    const poll = pollPaymentStatus({ ask: g.ask, onUpdate: (s) => updates.push(s) });
    poll.stop();
    await g.reply(answer('pending'));
    await vi.advanceTimersByTimeAsync(60_000);
    expect(updates).toEqual([]);
    expect(g.calls).toHaveLength(1);
  });

  it('shares one request between two pollers of the same payment (a remount)', async () => {
    const g = gateway();
    const first = askOnce('7:1', g.ask);
    const second = askOnce('7:1', g.ask);
    expect(g.calls).toHaveLength(1);
    await g.reply(answer('pending'));
    await expect(first).resolves.toEqual(answer('pending'));
    await expect(second).resolves.toEqual(answer('pending'));
    void askOnce('7:1', g.ask);
    expect(g.calls).toHaveLength(2);
  });
});
