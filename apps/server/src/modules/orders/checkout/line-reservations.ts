import type { Tx } from '../../../platform/db/client.ts';
import type { SkuRow } from '../../catalog/index.ts';
import type { LockedCheckout } from './context.ts';

/** One line of an order being written, as a reservation sees it. */
export interface ReservedLine {
  row: SkuRow;
  quantity: number;
}

/**
 * Something a module above orders keeps a count of and an order takes (a peripheral's stock). It runs in
 * the order's transaction, under the buyer's lock, right after the order row is written, and answers the
 * SKUs it could not supply: the checkout then refuses them (`no_inventory`) and the whole order, with
 * whatever was taken, is rolled back. What is taken comes back through a release step
 * (`registerOrderReleaseStep`) when the order ends unpaid.
 */
export interface LineReservation {
  name: string;
  reserve(tx: Tx, orderId: number, lines: readonly ReservedLine[], now: Date): Promise<readonly number[]>;
}

const reservations: LineReservation[] = [];

/** Adds a reservation, or replaces the one of the same name (setting up twice changes nothing). */
export function registerLineReservation(reservation: LineReservation): void {
  const at = reservations.findIndex((r) => r.name === reservation.name);
  if (at === -1) reservations.push(reservation);
  else reservations[at] = reservation;
}

/** Runs every registered reservation for the order's lines; a SKU one could not supply is a problem of the checkout. */
export async function reserveLines({ tx, now, problems }: LockedCheckout, orderId: number, lines: readonly ReservedLine[]): Promise<void> {
  for (const reservation of reservations) {
    for (const skuId of await reservation.reserve(tx, orderId, lines, now)) problems.sku(skuId, 'no_inventory');
  }
}
