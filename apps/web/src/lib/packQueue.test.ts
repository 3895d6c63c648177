import { LAYOUT_PACK_BATCH_SIZE, LAYOUT_PACK_MERGE_MS } from '@lantern/domain';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createBatchQueue, type QueueState } from './packQueue';

interface Pack {
  id: number;
}

function setup(answer: (ids: number[]) => Promise<Pack[]> = async (ids) => ids.map((id) => ({ id }))) {
  const fetchBatch = vi.fn(answer);
  const queue = createBatchQueue<Pack>({ fetchBatch, idOf: (p) => p.id });
  const states: QueueState[] = [];
  queue.subscribe((s) => states.push(s));
  return { fetchBatch, queue, states };
}

describe('layout pack queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('uses the domain constants: merged every 1 s, at most 30 ids a batch', () => {
    expect(LAYOUT_PACK_MERGE_MS).toBe(1000);
    expect(LAYOUT_PACK_BATCH_SIZE).toBe(30);
  });

  it('collects ids for one merge window and sends them in one request', async () => {
    const { fetchBatch, queue } = setup();
    const a = queue.load(1);
    await vi.advanceTimersByTimeAsync(400);
    const b = queue.load(2);
    const c = queue.load(3);
    await vi.advanceTimersByTimeAsync(599);
    expect(fetchBatch).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
    expect(fetchBatch).toHaveBeenCalledWith([1, 2, 3]);
    await expect(Promise.all([a, b, c])).resolves.toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it('sends at most 30 ids a request; the rest go in the next window', async () => {
    const { fetchBatch, queue } = setup();
    const ids = Array.from({ length: 65 }, (_, i) => i + 1);
    const all = Promise.all(ids.map((id) => queue.load(id)));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
    expect(fetchBatch.mock.calls[0]![0]).toEqual(ids.slice(0, 30));
    expect(queue.pendingIds).toEqual(ids.slice(30));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchBatch).toHaveBeenCalledTimes(2);
    expect(fetchBatch.mock.calls[1]![0]).toEqual(ids.slice(30, 60));
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchBatch).toHaveBeenCalledTimes(3);
    expect(fetchBatch.mock.calls[2]![0]).toEqual(ids.slice(60));
    for (const call of fetchBatch.mock.calls) expect(call[0].length).toBeLessThanOrEqual(30);
    await expect(all).resolves.toHaveLength(65);
  });

  it('is busy while a request is in flight; ids asked for meanwhile wait for the next window', async () => {
    let release!: () => void;
    const { fetchBatch, queue, states } = setup(
      (ids) =>
        new Promise((resolve) => {
          release = () => resolve(ids.map((id) => ({ id })));
        }),
    );
    expect(queue.state).toBe('free');
    const first = queue.load(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(queue.state).toBe('busy');
    const second = queue.load(2);
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchBatch).toHaveBeenCalledTimes(1); // nothing is sent while busy
    release();
    await expect(first).resolves.toEqual({ id: 1 });
    expect(queue.state).toBe('free');
    await vi.advanceTimersByTimeAsync(999);
    expect(fetchBatch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchBatch).toHaveBeenLastCalledWith([2]);
    release();
    await expect(second).resolves.toEqual({ id: 2 });
    expect(states).toEqual(['busy', 'free', 'busy', 'free']);
  });

  it('shares one request for an id asked for twice, waiting or in flight', async () => {
    const { fetchBatch, queue } = setup();
    const a = queue.load(7);
    const b = queue.load(7);
    expect(b).toBe(a);
    await vi.advanceTimersByTimeAsync(1000);
    expect(fetchBatch).toHaveBeenCalledWith([7]);
    await expect(a).resolves.toEqual({ id: 7 });
  });

  it('resolves an id the answer leaves out (an expired pack) to null', async () => {
    const { queue } = setup(async () => [{ id: 1 }]);
    const a = queue.load(1);
    const b = queue.load(2);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(a).resolves.toEqual({ id: 1 });
    await expect(b).resolves.toBeNull();
  });

  it('rejects every id of a failed batch and is free again for the next', async () => {
    let fail = true;
    const { queue } = setup(async (ids) => {
      if (fail) throw new Error('boom');
      return ids.map((id) => ({ id }));
    });
    const a = queue.load(1);
    const b = queue.load(2);
    const settled = Promise.allSettled([a, b]);
    await vi.advanceTimersByTimeAsync(1000);
    expect((await settled).map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(queue.state).toBe('free');
    fail = false;
    const c = queue.load(1);
    await vi.advanceTimersByTimeAsync(1000);
    await expect(c).resolves.toEqual({ id: 1 });
  });

  it('makes no request and sets no timer when nothing is asked for', async () => {
    const { fetchBatch } = setup();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetchBatch).not.toHaveBeenCalled();
  });
});
