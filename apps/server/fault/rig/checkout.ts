import type { Answer, Journal } from './http.ts';
import type { Instance } from './instance.ts';
import type { Buyer } from './world.ts';

/**
 * One buyer's checkout as the web makes it — place a one-click order, pay it from the wallet — carried through
 * faults the way a client behind a balancer carries it: a connection refused or cut sends it to the other
 * instance (`fallback`), and the buyer first looks in their orders for what the lost call may have placed;
 * 503 and 409 `busy` are tried again; a stale version is read again. It ends once the order is paid, and says
 * what it met on the way.
 */
export interface CheckoutOutcome {
  orderId: number;
  /** A call of this checkout lost its connection (its instance was killed). */
  lostConnection: boolean;
  /** When the order was known paid (performance.now()). */
  paidAt: number;
  /** A 5xx or lost call that had in fact committed (the retry found the order placed or paid): the thing that must never be answered 5xx. */
  fiveHundredForCommitted: Answer[];
  /** Answers this checkout did not expect at all (a 500, a refusal). */
  unexpected: Answer[];
}

type Site = () => Instance;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The buyer's pending or completed order of this SKU, as their order list shows it. */
async function findOrder(journal: Journal, server: Instance, buyer: Buyer, type: 'one_click' | 'seckill'): Promise<{ id: number; version: number; state: string } | null> {
  const res = await journal.call(server, 'native', 'GET', '/api/me/orders', { token: buyer.token });
  if (res.status !== 200) return null;
  const orders = (res.body as { orders: { id: number; version: number; state: string; type: string }[] }).orders;
  return orders.find((o) => o.type === type && (o.state === 'pending' || o.state === 'completed')) ?? null;
}

export async function checkout(journal: Journal, buyer: Buyer, skuId: number, home: Instance, fallback: Instance, deadlineMs = 30_000): Promise<CheckoutOutcome> {
  const outcome: CheckoutOutcome = { orderId: 0, lostConnection: false, paidAt: 0, fiveHundredForCommitted: [], unexpected: [] };
  const deadline = performance.now() + deadlineMs;
  let server: Site = () => home;
  let order: { id: number; version: number; state?: string } | null = null;
  let failedBefore: Answer | null = null;
  while (!order) {
    if (performance.now() > deadline) throw new Error(`buyer ${buyer.id}: no order placed within ${deadlineMs} ms`);
    const res = await journal.call(server(), 'native', 'POST', '/api/orders', { token: buyer.token, body: { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } } });
    if (res.status === 201) {
      order = res.body as { id: number; version: number };
    } else if (res.status === null) {
      outcome.lostConnection = true;
      server = () => fallback;
      failedBefore = res;
      order = await findOrder(journal, fallback, buyer, 'one_click');
    } else if (res.status === 503) {
      failedBefore = res;
      await pause(100);
    } else if (res.status === 422 && failedBefore) {
      // Refused because the order is already there (the game locked by an unpaid order): the failed call placed it.
      if (failedBefore.status !== null) outcome.fiveHundredForCommitted.push(failedBefore);
      order = await findOrder(journal, server(), buyer, 'one_click');
      if (!order) outcome.unexpected.push(res);
    } else {
      outcome.unexpected.push(res);
      await pause(100);
    }
  }
  outcome.orderId = order.id;
  if (order.state === 'completed') {
    outcome.paidAt = performance.now();
    return outcome;
  }
  return pay(journal, buyer, order, server, fallback, outcome, deadline);
}

/** Pays an order from the wallet, through the same faults; `outcome` is filled in. */
export async function pay(journal: Journal, buyer: Buyer, order: { id: number; version: number }, server: Site, fallback: Instance, outcome: CheckoutOutcome, deadline: number): Promise<CheckoutOutcome> {
  let version = order.version;
  let failedBefore: Answer | null = null;
  outcome.orderId = order.id;
  for (;;) {
    if (performance.now() > deadline) throw new Error(`buyer ${buyer.id}: order ${order.id} not paid in time`);
    const res = await journal.call(server(), 'native', 'PATCH', `/api/orders/${order.id}/pay`, { token: buyer.token, body: { payment_method: 'wallet', payment_from: 'web', version } });
    const errors = (res.body as { errors?: Record<string, string[]> } | null)?.errors;
    if (res.status === 200) break;
    if (res.status === 422 && errors?.state?.[0] === 'completed') {
      // Paid already: by a call that lost its connection (fine), or by one answered 5xx (the failure this tier hunts).
      if (failedBefore && failedBefore.status !== null) outcome.fiveHundredForCommitted.push(failedBefore);
      if (!failedBefore) outcome.unexpected.push(res);
      break;
    }
    if (res.status === null) {
      outcome.lostConnection = true;
      failedBefore = res;
      server = () => fallback;
    } else if (res.status === 503) {
      failedBefore = res;
      await pause(100);
    } else if (res.status === 409) {
      // Busy: another call holds the order's pay lock (the lost one, until its instance's lock dies).
      await pause(50);
    } else if (res.status === 422 && errors?.version) {
      const seen = await journal.call(server(), 'native', 'GET', `/api/me/orders/${order.id}`, { token: buyer.token });
      if (seen.status === 200) version = (seen.body as { version: number }).version;
    } else {
      outcome.unexpected.push(res);
      await pause(100);
    }
  }
  outcome.paidAt = performance.now();
  return outcome;
}
