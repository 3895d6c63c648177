import type { Order } from '@lantern/contract';
import type { Deps } from '../../../platform/deps.ts';
import { lockedTransaction } from '../../../platform/db/client.ts';
import { coverUrls } from '../../catalog/index.ts';
import { removeFromCart } from '../../cart/index.ts';
import { presentOrder } from '../presenter.ts';
import { applyCoupon, chosenCoupon } from './apply-coupon.ts';
import { runAfterCommit } from '../completion.ts';
import type { CheckoutBuyer, CheckoutContext, CheckoutHooks, CheckoutLine, CreateOrderInput, LockedCheckout } from './context.ts';
import { completeIfFree } from './complete-free.ts';
import { reserveLines } from './line-reservations.ts';
import { runOrderPlacedSteps } from '../placed.ts';
import { buyerLockKey } from './lock-buyer.ts';
import { priceLines } from './pricing.ts';
import { CheckoutProblems } from './problems.ts';
import { shippingAddress } from './shipping-address.ts';
import { purchaseBan, refuseBlockedMarket, validateBuyer } from './validate-buyer.ts';
import { validateLines } from './validate-lines.ts';
import { heldFromRows, noteOwnershipProblems, ownershipProductIds, validateOwnership } from './validate-ownership.ts';
import { insertOrder, placeOrder, writeLines, type OrderLineRow, type OrderRow } from './write-order.ts';
import type { PricedLine } from './pricing.ts';
import type { AddressSnapshot } from '../tables.ts';

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
    const locked = { ...context, tx };
    // Nothing found wrong so far and no coupon (the common order): the rules' reads and the write are one statement.
    const placed = couponId === null && !context.problems.any() ? await placeAtOnce(locked, priced, address, hooks) : await placeStepByStep(locked, lines, priced, address, couponId, hooks);
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
 * The checkout step by step, for an order with a coupon or a problem already found: the account-wide rules,
 * ownership, the order row, the hooks and reservations, the coupon, then the lines.
 */
async function placeStepByStep(locked: LockedCheckout, lines: readonly CheckoutLine[], priced: readonly PricedLine[], address: AddressSnapshot | null, couponId: number | null, hooks: CheckoutHooks): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { tx, deps, buyer, now, problems } = locked;
  await validateBuyer(tx, deps, buyer);
  await validateOwnership(locked, lines);
  problems.throwIfAny();
  const order = await insertOrder(locked, priced, address);
  // A module above orders holds what it sells in the same transaction (a flash sale's unit); throwing undoes the order.
  await hooks.onOrderWritten?.(tx, order.id, now);
  await reserveLines(locked, order.id, priced);
  const coupon = await applyCoupon(locked, order.id, couponId, priced);
  problems.throwIfAny();
  const result = await writeLines(locked, order, priced, coupon);
  await runOrderPlacedSteps(tx, result.order, result.lines, now);
  await hooks.beforeCommit?.(tx, order.id, now);
  return result;
}

/**
 * The order and its lines written in one statement that also reads the account-wide rules (the purchase
 * ban, what the account holds: write-order.ts placeOrder), then the same refusals in the same order as
 * the step-by-step way — the market (403), the ban (403), the ownership rules (422) — each rolling the
 * write back. Then the hooks of the modules above (a flash sale's unit), the lines' reservations (a
 * peripheral's stock), a cart order's lines leave the cart, the placed-order steps (distribution), and the last
 * hook before the commit.
 */
async function placeAtOnce(locked: LockedCheckout, priced: readonly PricedLine[], address: AddressSnapshot | null, hooks: CheckoutHooks): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { tx, deps, buyer, input, now, problems } = locked;
  refuseBlockedMarket(deps, buyer);
  const placed = await placeOrder(locked, priced, address, ownershipProductIds(priced));
  if (placed.banned) throw purchaseBan();
  noteOwnershipProblems(priced, heldFromRows(placed.held), problems);
  problems.throwIfAny();
  await hooks.onOrderWritten?.(tx, placed.order.id, now);
  await reserveLines(locked, placed.order.id, priced);
  problems.throwIfAny();
  if (input.type === 'cart') await removeFromCart(tx, buyer.accountId, priced.map((l) => l.row.sku.id));
  const lines = placed.lines.sort((a, b) => a.id - b.id);
  await runOrderPlacedSteps(tx, placed.order, lines, now);
  await hooks.beforeCommit?.(tx, placed.order.id, now);
  return { order: placed.order, lines };
}
