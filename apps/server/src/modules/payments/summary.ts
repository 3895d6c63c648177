import { asc, inArray } from 'drizzle-orm';
import type { PaymentSummary } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { payments } from './tables.ts';

export type PaymentRow = typeof payments.$inferSelect;

export function presentPayment(row: PaymentRow): PaymentSummary {
  return {
    id: row.id,
    method: row.method,
    state: row.state,
    amount: row.amount,
    currency: row.currency,
    created_at_timestamp: toTimestamp(row.createdAt),
    paid_at_timestamp: toTimestamp(row.paidAt),
  };
}

/** The payment attempts of each order, oldest first (what an order shows as `payments`). */
export async function paymentsOfOrders(db: DbOrTx, orderIds: readonly number[]): Promise<Map<number, PaymentSummary[]>> {
  const byOrder = new Map<number, PaymentSummary[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(payments).where(inArray(payments.orderId, [...orderIds])).orderBy(asc(payments.createdAt), asc(payments.id));
  for (const row of rows) byOrder.set(row.orderId, [...(byOrder.get(row.orderId) ?? []), presentPayment(row)]);
  return byOrder;
}
