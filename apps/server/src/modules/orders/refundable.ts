import { sql, type SQL } from 'drizzle-orm';
import { shipments } from './tables.ts';

/**
 * SQL true while the order (its id as SQL of the caller's statement) can still be refunded: the only way back
 * for a paid order is its buyer canceling a physical order whose shipment is still `preparing`
 * (docs/product/buying.md#cancel-physical, `buyerMayCancelPaidOrder`). Once shipped it never is again, so a
 * caller that read false may act on it without a lock (distribution's payout waits for it: decisions/0053).
 */
export function refundableOrderSql(orderId: SQL): SQL {
  return sql`exists (select 1 from ${shipments} where ${shipments.orderId} = ${orderId} and ${shipments.state} = 'preparing')`;
}
