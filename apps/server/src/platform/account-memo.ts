import type { Clock } from './clock.ts';
import type { KeyValueStore } from './kv.ts';

interface MemoState<V> {
  values: Map<number, { value: V; loadedAt: number }>;
  /** Bumped by every forgetting: a read that started before one does not keep what it read. */
  generation: number;
  subscribed: boolean;
}

interface MemoDeps {
  kv: KeyValueStore;
  clock: Clock;
}

/**
 * Something read per account that many requests ask for and that changes rarely (a writer's standing, the
 * accounts a reader blocked), kept by each application instance for `seconds`. Whatever changes it calls
 * `forget` after its change committed: the account is dropped on this instance and, through the key-value
 * store's pub/sub, on every other at once (without pub/sub, within `seconds`). A load that started before a
 * forgetting is answered but not kept, so a read racing the change cannot keep the old value alive.
 */
export class AccountMemo<V> {
  /** One state per application instance (tests build several apps in one process). */
  private readonly states = new WeakMap<MemoDeps, MemoState<V>>();

  constructor(private readonly channel: string, private readonly seconds: number, private readonly maxAccounts = 50_000) {}

  async get(deps: MemoDeps, accountId: number, load: () => Promise<V>): Promise<V> {
    const state = await this.stateOf(deps);
    // While the shared store is away another instance's forgetting cannot reach this one (a ban, a block):
    // every read loads (decision 0049).
    if (deps.kv.reachable?.() === false) return load();
    const now = deps.clock.now().getTime();
    const kept = state.values.get(accountId);
    if (kept && now - kept.loadedAt < this.seconds * 1000 && now >= kept.loadedAt) return kept.value;
    const generation = state.generation;
    const value = await load();
    if (state.generation === generation) {
      state.values.delete(accountId);
      state.values.set(accountId, { value, loadedAt: now });
      // The longest kept go first.
      if (state.values.size > this.maxAccounts) state.values.delete(state.values.keys().next().value as number);
    }
    return value;
  }

  /** Forgets the account here and on every other instance: call it after the change has committed. */
  async forget(deps: MemoDeps, accountId: number): Promise<void> {
    const state = await this.stateOf(deps);
    this.forgetLocally(state, accountId);
    await deps.kv.publish(this.channel, String(accountId)).catch(() => undefined);
  }

  private forgetLocally(state: MemoState<V>, accountId: number) {
    state.generation++;
    state.values.delete(accountId);
  }

  private async stateOf(deps: MemoDeps): Promise<MemoState<V>> {
    let state = this.states.get(deps);
    if (!state) this.states.set(deps, (state = { values: new Map(), generation: 0, subscribed: false }));
    if (!state.subscribed) {
      state.subscribed = true;
      const subscribed = state;
      // What was kept before or during an outage may have missed a forgetting: none of it counts afterwards.
      deps.kv.watchReachability?.(() => {
        subscribed.generation++;
        subscribed.values.clear();
      });
      await deps.kv.subscribe(this.channel, (message) => this.forgetLocally(subscribed, Number(message))).catch(() => {
        // Without pub/sub the other instances see a change within `seconds`.
      });
    }
    return state;
  }
}
