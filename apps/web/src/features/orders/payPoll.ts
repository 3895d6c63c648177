import type { PayQueryResponse } from '@lantern/contract';
import { outcomeOfError } from './payOutcome';

/**
 * Asking where a payment stands after the gateway sent the buyer back (docs/product/buying.md#payment-outcomes):
 * one request at a time — the next is scheduled only once the previous answered — with delays growing from
 * PAY_POLL_FIRST_MS by PAY_POLL_GROWTH up to PAY_POLL_MAX_DELAY_MS, until the payment settles or
 * PAY_POLL_GIVE_UP_MS have passed. A fixed-interval query could fire again while one was in flight and
 * restart on focus or remount; this loop cannot.
 */
export const PAY_POLL_FIRST_MS = 1000;
export const PAY_POLL_GROWTH = 1.5;
export const PAY_POLL_MAX_DELAY_MS = 8000;
export const PAY_POLL_GIVE_UP_MS = 90_000;
/** From this long after the first ask the waiting page also offers to pay again (the buyer may have canceled at the provider). */
export const PAY_SLOW_AFTER_MS = 10_000;

/** The wait before ask number `asked + 1`, `asked` answers in: 1 s, 1.5 s, 2.25 s … never more than 8 s. */
export function payPollDelay(asked: number): number {
  return Math.min(PAY_POLL_MAX_DELAY_MS, Math.round(PAY_POLL_FIRST_MS * PAY_POLL_GROWTH ** Math.max(0, asked - 1)));
}

export interface PayPollState {
  data: PayQueryResponse | null;
  error: unknown;
  /** Answers received so far. */
  tries: number;
  /** Milliseconds since the first ask, as of the last answer. */
  elapsedMs: number;
  /** The payment was still pending (or the order busy) when the time ran out. */
  gaveUp: boolean;
}

export interface PayPollOptions {
  ask: () => Promise<PayQueryResponse>;
  onUpdate: (state: PayPollState) => void;
}

/** Keep asking while the answer is pending, or the order is busy with another call (409 busy); stop on anything else. */
const keepsAsking = (state: PayPollState) => (state.data ? state.data.status === 'pending' : outcomeOfError(state.error).kind === 'busy');

/** Starts the loop at once; `stop()` ends it (an answer arriving after that is dropped). */
export function pollPaymentStatus({ ask, onUpdate }: PayPollOptions): { stop: () => void } {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const startedAt = Date.now();
  let tries = 0;

  const round = async () => {
    let state: PayPollState;
    try {
      const data = await ask();
      tries += 1;
      state = { data, error: null, tries, elapsedMs: Date.now() - startedAt, gaveUp: false };
    } catch (error) {
      tries += 1;
      state = { data: null, error, tries, elapsedMs: Date.now() - startedAt, gaveUp: false };
    }
    if (stopped) return;
    if (!keepsAsking(state)) return onUpdate(state);
    const delay = payPollDelay(tries);
    if (state.elapsedMs + delay > PAY_POLL_GIVE_UP_MS) return onUpdate({ ...state, gaveUp: true });
    onUpdate(state);
    timer = setTimeout(() => void round(), delay);
  };
  void round();
  return {
    stop() {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
    },
  };
}

const inFlight = new Map<string, Promise<PayQueryResponse>>();

/**
 * One pay_query of a payment in flight at a time across the whole page: a second caller while one is
 * running (a remount, React's double effects in development) shares its answer instead of sending another.
 */
export function askOnce(key: string, ask: () => Promise<PayQueryResponse>): Promise<PayQueryResponse> {
  const running = inFlight.get(key);
  if (running) return running;
  const next = ask().finally(() => inFlight.delete(key));
  inFlight.set(key, next);
  return next;
}
