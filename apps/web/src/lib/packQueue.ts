import { LAYOUT_PACK_BATCH_SIZE, LAYOUT_PACK_MERGE_MS } from '@lantern/domain';

/**
 * The layout-pack queue (docs/product/catalogue.md#layout-packs): pages ask for packs one id at a time; the queue collects the ids
 * for one merge window (1 s), then sends them in one request of at most 30 ids. While a request is in flight
 * the queue is `busy` and new ids wait for the next window; ids beyond 30 wait for the next window too.
 * Asking again for an id that is already waiting or in flight shares its promise. An id the answer leaves out
 * (an expired pack) resolves to null; a failed request rejects every id of its batch.
 */
export type QueueState = 'free' | 'busy';

export interface BatchQueueOptions<T> {
  fetchBatch: (ids: number[]) => Promise<T[]>;
  idOf: (item: T) => number;
  mergeMs?: number;
  batchSize?: number;
}

export interface BatchQueue<T> {
  load(id: number): Promise<T | null>;
  readonly state: QueueState;
  /** Ids collected and not yet sent. */
  readonly pendingIds: number[];
  subscribe(listener: (state: QueueState) => void): () => void;
}

interface Waiter<T> {
  promise: Promise<T | null>;
  resolve: (v: T | null) => void;
  reject: (e: unknown) => void;
}

export function createBatchQueue<T>({ fetchBatch, idOf, mergeMs = LAYOUT_PACK_MERGE_MS, batchSize = LAYOUT_PACK_BATCH_SIZE }: BatchQueueOptions<T>): BatchQueue<T> {
  const pending = new Map<number, Waiter<T>>();
  const inFlight = new Map<number, Waiter<T>>();
  const listeners = new Set<(s: QueueState) => void>();
  let state: QueueState = 'free';
  let timer: ReturnType<typeof setTimeout> | null = null;

  const setState = (next: QueueState) => {
    if (state === next) return;
    state = next;
    for (const l of listeners) l(state);
  };

  const schedule = () => {
    if (timer !== null || state === 'busy' || pending.size === 0) return;
    timer = setTimeout(() => {
      timer = null;
      void flush();
    }, mergeMs);
  };

  const flush = async () => {
    const ids = [...pending.keys()].slice(0, batchSize);
    if (ids.length === 0) return;
    const batch = new Map<number, Waiter<T>>();
    for (const id of ids) {
      batch.set(id, pending.get(id)!);
      inFlight.set(id, pending.get(id)!);
      pending.delete(id);
    }
    setState('busy');
    try {
      const items = await fetchBatch(ids);
      const byId = new Map(items.map((item) => [idOf(item), item] as const));
      for (const [id, w] of batch) w.resolve(byId.get(id) ?? null);
    } catch (e) {
      for (const w of batch.values()) w.reject(e);
    } finally {
      for (const id of batch.keys()) inFlight.delete(id);
      setState('free');
      schedule();
    }
  };

  return {
    load(id) {
      const known = pending.get(id) ?? inFlight.get(id);
      if (known) return known.promise;
      let resolve!: (v: T | null) => void;
      let reject!: (e: unknown) => void;
      const promise = new Promise<T | null>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      pending.set(id, { promise, resolve, reject });
      schedule();
      return promise;
    },
    get state() {
      return state;
    },
    get pendingIds() {
      return [...pending.keys()];
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
