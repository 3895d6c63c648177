import type { Answer, Journal } from './http.ts';
import type { Instance } from './instance.ts';
import type { Buyer } from './world.ts';

/**
 * One buyer's flash-sale purchase (POST /api/sec_kill) carried through faults as a client behind a balancer
 * would: a connection refused or cut is tried on the other instance; a refusal after a lost call is checked
 * against the buyer's order list (the lost call may have placed the order), and `exceed_limit` with no order
 * there means the lost call only reserved the unit (tried again until the reservation is given back).
 */
export interface FlashOutcome {
  orderId: number | null;
  refusal: string | null;
  lostConnection: boolean;
  fiveHundredForCommitted: Answer[];
  unexpected: Answer[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The buyer's flash-sale order not canceled, as their order list shows it. */
async function placedOrder(journal: Journal, server: Instance, buyer: Buyer): Promise<number | null> {
  const list = await journal.call(server, 'native', 'GET', '/api/me/orders', { token: buyer.token });
  if (list.status !== 200) return null;
  const orders = (list.body as { orders: { id: number; type: string; state: string }[] }).orders;
  return orders.find((o) => o.type === 'seckill' && o.state !== 'canceled')?.id ?? null;
}

export async function flashBuy(journal: Journal, buyer: Buyer, eventId: number, home: Instance, fallback: Instance, deadlineMs = 60_000): Promise<FlashOutcome> {
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
    } else if (res.status === 422 && reason && failedBefore) {
      // After a lost call any refusal may hide the lost call's own order: sold out is answered before the
      // limit, so a buyer whose order took the last unit is told `no_inventory` too. The order list says.
      const placed = await placedOrder(journal, server, buyer);
      if (placed !== null) {
        if (failedBefore.status !== null) outcome.fiveHundredForCommitted.push(failedBefore);
        outcome.orderId = placed;
        return outcome;
      }
      if (reason !== 'exceed_limit') {
        outcome.refusal = reason;
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
