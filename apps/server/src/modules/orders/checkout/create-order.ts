import type { Order } from '@lantern/contract';
import type { Deps } from '../../../platform/deps.ts';
import { lockedTransaction } from '../../../platform/db/client.ts';
import { coverUrls } from '../../catalog/index.ts';
import { removeFromCart } from '../../cart/index.ts';
import { presentOrder } from '../presenter.ts';
import { runAfterCommit } from '../completion.ts';
import type { AddressSnapshot } from '../tables.ts';
import { readAccountFacts } from './account-facts.ts';
import { applyCoupon, chosenCoupon } from './apply-coupon.ts';
import { completeIfFree } from './complete-free.ts';
import type { CheckoutBuyer, CheckoutContext, CheckoutHooks, CreateOrderInput, LockedCheckout } from './context.ts';
import { buyerLockKey } from './lock-buyer.ts';
import { afterOrderWritten } from './placed-steps.ts';
import { priceLines, type PricedLine } from './pricing.ts';
import { CheckoutProblems } from './problems.ts';
import { shippingAddress } from './shipping-address.ts';
import { placingRefusal } from './validate-buyer.ts';
import { validateLines } from './validate-lines.ts';
import { ownershipProductIdsOf } from './validate-ownership.ts';
import { insertOrder, placeOrder, writeLines, type OrderLineRow, type OrderRow } from './write-order.ts';

/**
 * POST /api/orders, and every other way an order is placed: the checkout as named steps. What depends
 * only on the request and the catalogue is checked first; then, in one transaction under the buyer's
 * lock, the account-wide rules (403), what the account already owns or is paying for, and the write
 * with the coupon's use. Problems are answered together as 422 (per-SKU reasons also in `meta.skus`),
 * and nothing is written unless there are none.
 */
export async function createOrder(deps: Deps, buyer: CheckoutBuyer, input: CreateOrderInput, hooks: CheckoutHooks = {}): Promise<Order> {
  const context: CheckoutContext = { deps, buyer, input, now: deps.clock.now(), problems: new CheckoutProblems() };
  const lines = await validateLines(deps.db, context);
  const address = await shippingAddress(context);
  const couponId = chosenCoupon(context);
  const priced = await priceLines(context, lines);

  // The transaction begins holding the buyer's lock (lock-buyer.ts), in the same round trip as its BEGIN.
  const written = await lockedTransaction(deps.db, buyerLockKey(buyer.accountId), async (tx) => {
    const placed = await placeOne({ ...context, tx }, priced, address, couponId, hooks);
    // Nothing to pay (a free game, a coupon covering it all): completed here, in the same transaction.
    return completeIfFree(tx, deps, placed, context.now);
  });
  // Not awaited: the answer does not wait for a supplier's key (runAfterCommit never throws).
  if (written.completion) void runAfterCommit(deps, written.completion);
  // Answered from what the transaction wrote: a new order has no payments, keys or shipment yet, and
  // reading it back (with the expiry sweep every read runs) would cost a checkout some ten round trips.
  // The covers come from the SKU rows the checkout read at its start.
  const covers = new Map(lines.map((l) => [l.row.sku.id, coverUrls(l.row.sku.coverSeed)]));
  return presentOrder(written.order, written.lines, context.now, { covers });
}

/**
 * The steps of placing one order under the buyer's lock, in the order docs/decisions/0021 lists them (a group's
 * are create-together.ts, through the same read, refusal and after-write steps):
 * - **read** the account's facts (ban, holdings) — for the common order (no coupon, nothing wrong so far) in the
 *   same statement that writes the order and its lines (write-order.ts placeOrder), else one statement of its own;
 * - **refuse** by the rules, in their one place (validate-buyer.ts placingRefusal), rolling any write back;
 * - **write** the order row (if the read did not), the module's hook (a flash sale's unit), the coupon's use and
 *   the lines with their shares of it;
 * - **after the write**: the lines' reservations (a peripheral's stock) and the placed-order steps
 *   (placed-steps.ts), a cart order's lines out of the cart, and the last hook before the commit.
 */
async function placeOne(locked: LockedCheckout, priced: readonly PricedLine[], address: AddressSnapshot | null, couponId: number | null, hooks: CheckoutHooks): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { tx, deps, buyer, input, now, problems } = locked;
  const productIds = ownershipProductIdsOf(priced);
  const atOnce = couponId === null && !problems.any() ? await placeOrder(locked, priced, address, productIds) : null;
  const facts = atOnce ?? (await readAccountFacts(tx, [buyer], productIds, now)).get(buyer.accountId)!;
  const refused = placingRefusal(deps, buyer, facts, priced, problems);
  if (refused) throw refused;
  const order = atOnce?.order ?? await insertOrder(locked, priced, address);
  // A module above orders holds what it sells in the same transaction (a flash sale's unit); throwing undoes the order.
  await hooks.onOrderWritten?.(tx, order.id, now);
  const written = atOnce
    ? { order, lines: atOnce.lines.sort((a, b) => a.id - b.id) }
    : await writeLines(locked, order, priced, await applyCoupon(locked, order.id, couponId, priced));
  const late = await afterOrderWritten(locked, written, priced, facts);
  if (late) throw late;
  if (input.type === 'cart') await removeFromCart(tx, buyer.accountId, priced.map((l) => l.row.sku.id));
  await hooks.beforeCommit?.(tx, order.id, now);
  return written;
}
