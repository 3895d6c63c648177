import { eq, inArray } from 'drizzle-orm';
import { SHIPMENT_NEXT } from '@lantern/domain';
import type { Shipment } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { FieldErrorList, fail } from '../../platform/errors.ts';
import type { FulfilmentStep } from './fulfilment.ts';
import { shipments } from './tables.ts';

type ShipmentRow = typeof shipments.$inferSelect;
type ShipmentState = ShipmentRow['state'];

export function presentShipment(row: ShipmentRow): Shipment {
  return {
    state: row.state,
    carrier: row.carrier,
    tracking_number: row.trackingNumber,
    shipped_at_timestamp: toTimestamp(row.shippedAt),
    delivered_at_timestamp: toTimestamp(row.deliveredAt),
    updated_at_timestamp: toTimestamp(row.updatedAt),
  };
}

/** The shipments of some orders (physical orders get one when paid). */
export async function shipmentsOf(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, Shipment>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(shipments).where(inArray(shipments.orderId, [...new Set(orderIds)]));
  return new Map(rows.map((r) => [r.orderId, presentShipment(r)]));
}

/** Fulfilment of a physical order: its shipment, preparing, made in the payment's transaction (one per order paid). */
export const shipmentStep: FulfilmentStep = {
  name: 'shipment',
  async run(tx, _deps, paid, now) {
    const orderIds = [...new Set(paid.filter(({ row }) => row.cate === 'physical').map(({ line }) => line.orderId))];
    if (orderIds.length > 0) await tx.insert(shipments).values(orderIds.map((orderId) => ({ orderId, state: 'preparing' as const, updatedAt: now })));
  },
};


export interface ShipmentUpdate {
  state: ShipmentState;
  carrier?: string;
  tracking_number?: string;
}

/**
 * PATCH /api/admin/orders/{id}/shipment (staff): moves a shipment one step forward. Shipping needs a
 * tracking number (422 `tracking_number: blank`); a step out of order is 422 `state: state_invalid`;
 * asking for the state it is already in only updates carrier and tracking (a typo fixed). An order
 * without a shipment (not physical, or unpaid) is a 404. The row is locked, so two staff cannot
 * both move it, and staff shipping and the buyer canceling (which locks it too) happen one after the
 * other: the later one sees the other's state (a canceled shipment moves no more).
 */
export async function updateShipment(deps: Deps, orderId: number, input: ShipmentUpdate): Promise<Shipment> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
    if (!row) throw fail.notFound();
    const same = input.state === row.state;
    const errors = new FieldErrorList();
    if ((!same && SHIPMENT_NEXT[row.state] !== input.state) || row.state === 'canceled') errors.add('state', 'state_invalid');
    const tracking = input.tracking_number ?? row.trackingNumber;
    if ((input.state === 'shipped' || input.state === 'delivered') && !tracking) errors.add('tracking_number', 'blank');
    errors.throwIfAny(422, { from: row.state });
    const [updated] = await tx
      .update(shipments)
      .set({
        state: input.state,
        carrier: input.carrier ?? row.carrier,
        trackingNumber: tracking,
        shippedAt: input.state === 'shipped' && !same ? now : row.shippedAt,
        deliveredAt: input.state === 'delivered' && !same ? now : row.deliveredAt,
        updatedAt: now,
      })
      .where(eq(shipments.orderId, orderId))
      .returning();
    return presentShipment(updated!);
  });
}

/** A shipment by its order, locked for the caller's transaction (the buyer's cancel). */
export async function lockShipment(tx: DbOrTx, orderId: number): Promise<ShipmentRow | null> {
  const [row] = await tx.select().from(shipments).where(eq(shipments.orderId, orderId)).for('update');
  return row ?? null;
}

/** Marks a shipment canceled (the buyer canceled the order before it shipped). */
export async function cancelShipment(tx: DbOrTx, orderId: number, now: Date): Promise<void> {
  await tx.update(shipments).set({ state: 'canceled', updatedAt: now }).where(eq(shipments.orderId, orderId));
}
