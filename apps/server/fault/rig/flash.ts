import type { Answer, Journal } from './http.ts';
import type { Instance } from './instance.ts';
import type { Buyer } from './world.ts';

/**
 * One buyer's flash-sale purchase (POST /api/sec_kill) carried through faults as a client behind a balancer
 * would: a connection refused or cut is tried on the other instance; `exceed_limit` after a lost call means
 * the lost call holds the buyer's unit — placed (the order is in their list) or only reserved (tried again
 * until the reservation is given back).
 */
export interface FlashOutcome {
  orderId: number | null;
  refusal: string | null;
  lostConnection: boolean;
  fiveHundredForCommitted: Answer[];
  unexpected: Answer[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function flashBuy(journal: Journal, buyer: Buyer, eventId: number, home: Instance, fallback: Instance, deadlineMs = 20_000): Promise<FlashOutcome> {
  const outcome: FlashOutcome = { orderId: null, refusal: null, lostConnection: false, fiveHundredForCommitted: [], unexpected: [] };
  const deadline = performance.now() + deadlineMs;
  let server = home;
  let failedBefore: Answer | null = null;
  while (performance.now() < deadline) {
    const res = await journal.call(server, 'native', 'POST', '/api/sec_kill', { token: buyer.token, body: { sec_kill: { id: eventId } } });
    const reason = (res.body as { errors?: { sec_kill?: string[] } } | null)?.errors?.sec_kill?.[0];
    if (res.status === 201) {
      outcome.orderId = (res.body as { id: number }).id;
      return outcome;
    }
    if (res.status === null) {
      outcome.lostConnection = true;
      failedBefore = res;
      server = fallback;
    } else if (res.status === 503) {
      failedBefore = res;
      await pause(100);
    } else if (res.status === 422 && reason === 'exceed_limit' && failedBefore) {
      const list = await journal.call(server, 'native', 'GET', '/api/me/orders', { token: buyer.token });
      const placed = list.status === 200
        ? (list.body as { orders: { id: number; type: string; state: string }[] }).orders.find((o) => o.type === 'seckill' && o.state !== 'canceled')
        : undefined;
      if (placed) {
        if (failedBefore.status !== null) outcome.fiveHundredForCommitted.push(failedBefore);
        outcome.orderId = placed.id;
        return outcome;
      }
      // Only reserved by the lost call: the unit comes back once its lease runs out.
      await pause(250);
    } else if (res.status === 422 && reason) {
      outcome.refusal = reason;
      return outcome;
    } else {
      outcome.unexpected.push(res);
      return outcome;
    }
  }
  throw new Error(`buyer ${buyer.id}: flash purchase undecided after ${deadlineMs} ms`);
}
