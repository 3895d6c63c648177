import { eq } from 'drizzle-orm';
import { SITES, orderExpiresAt, orderTotals } from '@lantern/domain';
import { removeFromCart } from '../../cart/index.ts';
import { orderGames, orders, type AddressSnapshot } from '../tables.ts';
import type { LockedCheckout } from './context.ts';
import type { CouponApplied } from './apply-coupon.ts';
import type { PricedLine } from './pricing.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderGames.$inferSelect;

const totalsOf = (lines: readonly PricedLine[], couponAmount: number) =>
  orderTotals(lines.map((l) => ({ list_price: l.listPrice, sale_price: l.salePrice, quantity: l.quantity })), couponAmount);

/**
 * Writes the pending order before its coupon is applied (a coupon's use names its order), with its
 * payment window from now: 30 minutes, 10 for a flash sale.
 */
export async function insertOrder({ tx, buyer, input, now }: LockedCheckout, lines: readonly PricedLine[], address: AddressSnapshot | null): Promise<OrderRow> {
  const totals = totalsOf(lines, 0);
  const createdAtSec = Math.floor(now.getTime() / 1000);
  const [order] = await tx.insert(orders).values({
    accountId: buyer.accountId, area: buyer.area, type: input.type, cate: input.cate, state: 'pending', currency: SITES[buyer.area].currency,
    listAmount: totals.list_amount, subtotalAmount: totals.subtotal_amount, couponAmount: 0, totalAmount: totals.total_amount, address,
    createdAt: now, expiresAt: new Date(orderExpiresAt({ type: input.type, createdAtSec }) * 1000 + (now.getTime() % 1000)),
  }).returning();
  return order!;
}

/**
 * Writes the lines with their prices snapshotted (money, points, whether cash is taken) and the coupon's
 * amounts, sets the order's totals when a coupon applied, and takes the ordered SKUs out of the cart.
 */
export async function writeLines(checkout: LockedCheckout, order: OrderRow, lines: readonly PricedLine[], coupon: CouponApplied): Promise<{ order: OrderRow; lines: OrderLineRow[] }> {
  const { tx, buyer, input } = checkout;
  let written = order;
  if (coupon.accountCouponId !== null) {
    const totals = totalsOf(lines, coupon.discount);
    const [updated] = await tx.update(orders).set({ couponAmount: totals.coupon_amount, totalAmount: totals.total_amount, accountCouponId: coupon.accountCouponId })
      .where(eq(orders.id, order.id)).returning();
    written = updated!;
  }
  const rows = await tx.insert(orderGames).values(lines.map((l, i) => ({
    orderId: order.id, accountId: buyer.accountId, skuId: l.row.sku.id, productId: l.row.sku.productId, skuName: l.row.sku.skuName, quantity: l.quantity,
    listPrice: l.listPrice, salePrice: l.salePrice, couponAmount: coupon.shares[i]!, amount: l.salePrice * l.quantity - coupon.shares[i]!,
    pointsPrice: l.pointsPrice, cashPayable: l.cashPayable,
  }))).returning();
  if (input.type === 'cart') await removeFromCart(tx, buyer.accountId, lines.map((l) => l.row.sku.id));
  return { order: written, lines: rows.sort((a, b) => a.id - b.id) };
}
