import type { Order } from '@lantern/contract';
import type { Deps } from '../../../platform/deps.ts';
import { skuCoversOf } from '../../catalog/index.ts';
import { presentOrder } from '../presenter.ts';
import { applyCoupon, chosenCoupon } from './apply-coupon.ts';
import type { CheckoutBuyer, CheckoutContext, CheckoutHooks, CreateOrderInput } from './context.ts';
import { reserveLines } from './line-reservations.ts';
import { lockBuyer } from './lock-buyer.ts';
import { priceLines } from './pricing.ts';
import { CheckoutProblems } from './problems.ts';
import { shippingAddress } from './shipping-address.ts';
import { validateBuyer } from './validate-buyer.ts';
import { validateLines } from './validate-lines.ts';
import { validateOwnership } from './validate-ownership.ts';
import { insertOrder, writeLines } from './write-order.ts';

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

  const written = await deps.db.transaction(async (tx) => {
    const locked = { ...context, tx };
    await lockBuyer(tx, buyer.accountId);
    await validateBuyer(tx, deps, buyer);
    await validateOwnership(locked, lines);
    context.problems.throwIfAny();
    const order = await insertOrder(locked, priced, address);
    // A module above orders holds what it sells in the same transaction (a flash sale's unit); throwing undoes the order.
    await hooks.onOrderWritten?.(tx, order.id, context.now);
    await reserveLines(locked, order.id, priced);
    const coupon = await applyCoupon(locked, order.id, couponId, priced);
    context.problems.throwIfAny();
    const result = await writeLines(locked, order, priced, coupon);
    await hooks.beforeCommit?.(tx, order.id, context.now);
    return result;
  });
  // Answered from what the transaction wrote: a new order has no payments, keys or shipment yet, and
  // reading it back (with the expiry sweep every read runs) would cost a checkout some ten round trips.
  const covers = await skuCoversOf(deps.db, written.lines.map((l) => l.skuId));
  return presentOrder(written.order, written.lines, context.now, { covers });
}
