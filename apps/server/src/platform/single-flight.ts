/** Runs `load` for a key at most once at a time; callers of that moment share it. */
export function singleFlight<K>() {
  const pending = new Map<K, Promise<void>>();
  return (key: K, load: () => Promise<void>) => {
    let running = pending.get(key);
    if (!running) {
      running = load().finally(() => pending.delete(key));
      pending.set(key, running);
    }
    return running;
  };
}
