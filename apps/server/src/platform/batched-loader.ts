/**
 * Reads of one kind asked for by requests answered at the same time, made as one statement: every key
 * asked for before the event loop next turns (`setImmediate`) goes into one call of `loadMany`, and each
 * asker gets its own row. Under load, a database round trip — the socket write that wakes PostgreSQL and
 * the read of its answer — costs the server more than the rows it carries (profiled: the round trip of GET
 * /api/me was 30% of the process, docs/decisions/0010-checkout-at-speed.md); a batch pays it once for
 * every request that arrived together. A request alone waits one turn of the loop, no more.
 *
 * A batch's statement is sent after every one of its askers asked, so each sees everything committed
 * before it asked (read-your-writes holds). Askers in one batch share its failure: an error of the
 * statement rejects them all. Askers of the same key in one batch get the same value: treat it as
 * read-only, or copy it.
 */
export class BatchedLoader<K, V> {
  private pending: { keys: K[]; waiting: Map<K, { resolve: (value: V | undefined) => void; reject: (error: unknown) => void }[]> } | null = null;

  /**
   * `loadMany` answers the values of the keys it found (a key it did not find: undefined for its askers).
   * `maxBatch` bounds one statement's keys; more askers in the same turn start another batch.
   */
  constructor(private readonly loadMany: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>, private readonly maxBatch = 256) {}

  load(key: K): Promise<V | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.pending || this.pending.keys.length >= this.maxBatch) this.pending = this.schedule();
      const waiting = this.pending.waiting.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else {
        this.pending.keys.push(key);
        this.pending.waiting.set(key, [{ resolve, reject }]);
      }
    });
  }

  private schedule() {
    const batch: NonNullable<BatchedLoader<K, V>['pending']> = { keys: [], waiting: new Map() };
    setImmediate(() => {
      if (this.pending === batch) this.pending = null;
      // Through a promise, so a loader that throws at once rejects its askers like one that fails later.
      Promise.resolve().then(() => this.loadMany(batch.keys)).then(
        (found) => {
          for (const [key, askers] of batch.waiting) for (const asker of askers) asker.resolve(found.get(key));
        },
        (error: unknown) => {
          for (const askers of batch.waiting.values()) for (const asker of askers) asker.reject(error);
        },
      );
    });
    return batch;
  }
}

/**
 * A `BatchedLoader` for each owner — an application instance's deps, or a database — made on the owner's first
 * read and forgotten with it: requests of one instance batch together, never with another instance's (tests
 * build several apps in one process).
 */
export class BatchedLoaders<Owner extends object, K, V> {
  private readonly loaders = new WeakMap<Owner, BatchedLoader<K, V>>();

  constructor(private readonly loadMany: (owner: Owner, keys: readonly K[]) => Promise<ReadonlyMap<K, V>>) {}

  load(owner: Owner, key: K): Promise<V | undefined> {
    let loader = this.loaders.get(owner);
    if (!loader) this.loaders.set(owner, (loader = new BatchedLoader((keys) => this.loadMany(owner, keys))));
    return loader.load(key);
  }
}
