import type { AppError } from '../../../platform/errors.ts';
import { runOrderPlacedSteps } from '../placed.ts';
import type { LockedCheckout } from './context.ts';
import { reserveLines } from './line-reservations.ts';
import type { PricedLine } from './pricing.ts';
import type { AccountFacts } from './validate-buyer.ts';
import type { OrderLineRow, OrderRow } from './write-order.ts';

/**
 * The steps after an order and its lines are written, the same for one buyer and for each buyer of a group:
 * the lines' reservations (a peripheral's stock: `no_inventory` for a SKU one could not supply), then the
 * placed-order steps (distribution's attribution). Answers the checkout's refusal once they ran — the problems
 * noted so far with the reservations' (a coupon's included) — or null; the caller's throw rolls everything back.
 */
export async function afterOrderWritten(locked: LockedCheckout, written: { order: OrderRow; lines: OrderLineRow[] }, priced: readonly PricedLine[], facts: AccountFacts): Promise<AppError | null> {
  await reserveLines(locked, written.order.id, priced);
  const refused = locked.problems.asError();
  if (refused) return refused;
  // A step the buyer's facts say has nothing to do (no attribution on the site) sends no statement.
  await runOrderPlacedSteps(locked.tx, written.order, written.lines, locked.now, facts.placedStepsDue ?? null);
  return null;
}
