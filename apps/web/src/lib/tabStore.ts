import { useSyncExternalStore } from 'react';

/**
 * A value this tab holds in memory for components to read: `set` replaces it and re-renders every component
 * that reads it with `use`. The sign-in popup, the guide, the live connection's state and the toasts keep
 * theirs so.
 */
export function tabStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const get = () => value;
  return {
    get,
    set(next: T) {
      value = next;
      for (const listener of listeners) listener();
    },
    use: () => useSyncExternalStore(subscribe, get, get),
  };
}
