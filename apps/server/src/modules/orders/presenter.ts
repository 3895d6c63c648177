import { displayOrderState } from '@lantern/domain';
import type { Order } from '@lantern/contract';
import { toTimestamp } from '../../platform/clock.ts';
import type { OrderExtras } from './extras.ts';
import type { orderGames, orders } from './tables.ts';

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export function presentOrder(row: typeof orders.$inferSelect, games: readonly (typeof orderGames.$inferSelect)[], now: Date, extras: OrderExtras): Order {
  const createdAtSec = seconds(row.createdAt);
  const shipment = extras.shipments?.get(row.id) ?? null;
  return {
    id: row.id,
    type: row.type,
    state: row.state,
    display_state: displayOrderState({ type: row.type, state: row.state, createdAtSec }, seconds(now), shipment?.state ?? null),
    cate: row.cate,
    area: row.area,
    currency: row.currency,
    list_amount: row.listAmount,
    subtotal_amount: row.subtotalAmount,
    coupon_amount: row.couponAmount,
    total_amount: row.totalAmount,
    account_coupon_id: row.accountCouponId,
    address: row.address,
    cancel_reason: row.cancelReason,
    version: row.version,
    created_at_timestamp: createdAtSec,
    expires_at_timestamp: seconds(row.expiresAt),
    canceled_at_timestamp: toTimestamp(row.canceledAt),
    completed_at_timestamp: toTimestamp(row.completedAt),
    order_games: games.map((g) => ({
      id: g.id,
      sku_id: g.skuId,
      product_id: g.productId,
      sku_names: g.skuName,
      // Every line's SKU exists (foreign key), so its cover was loaded with the others.
      sku_covers: extras.covers.get(g.skuId)!,
      quantity: g.quantity,
      list_price: g.listPrice,
      sale_price: g.salePrice,
      coupon_amount: g.couponAmount,
      amount: g.amount,
      game_keys: extras.keys?.get(g.id)?.keys ?? [],
      delivery: extras.keys?.get(g.id)?.delivery ?? null,
    })),
    payments: [...(extras.payments?.get(row.id) ?? [])],
    shipment,
  };
}
