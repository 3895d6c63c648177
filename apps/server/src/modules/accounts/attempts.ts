import type { KeyValueStore } from '../../platform/kv.ts';

/**
 * Counters of guesses (passwords, codes) per account, login or address, in a fixed window.
 *
 * A guess is counted BEFORE it is compared: `reserve` adds one atomically and answers this attempt's
 * place in the window. Reading the count first and writing it after the comparison would let a burst of
 * parallel guesses all read the same stale count and all be compared. An attempt that turns out not to be
 * a failure (the right password, or one turned away before anything was compared) gives its place back
 * with `release`, so the counters hold exactly the failures.
 */
export interface Reservation {
  /** 1 for the first attempt in the window, 2 for the second… counting this one. */
  readonly place: number;
  release(): Promise<void>;
}

const keyOf = (key: string) => `attempts:${key}`;

export async function reserveAttempt(kv: KeyValueStore, key: string, windowSeconds: number): Promise<Reservation> {
  const place = await kv.incr(keyOf(key), windowSeconds);
  let released = false;
  return {
    place,
    async release() {
      if (released) return;
      released = true;
      await kv.decr(keyOf(key));
    },
  };
}

/** Failures counted in the window now (for a page that shows how many tries are left). */
export async function countAttempts(kv: KeyValueStore, key: string): Promise<number> {
  return Number((await kv.get(keyOf(key))) ?? 0);
}

/** Forgets the failures: after a success, an unlock or a password reset. */
export async function clearAttempts(kv: KeyValueStore, key: string): Promise<void> {
  await kv.del(keyOf(key));
}
