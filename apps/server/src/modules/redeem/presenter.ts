import type { Redemption } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { couponTitles } from '../coupons/index.ts';
import type { redeemCodes } from './tables.ts';

export type RedeemCodeRow = typeof redeemCodes.$inferSelect;
type Goods = Redemption['goods'];

/** The goods of some codes, with the names of their SKUs and coupons (two queries whatever the count). */
export async function goodsOf(db: DbOrTx, rows: readonly RedeemCodeRow[]): Promise<Map<number, Goods>> {
  const [skus, titles] = await Promise.all([
    loadSkuRows(db, rows.flatMap((r) => (r.skuId === null ? [] : [r.skuId]))),
    couponTitles(db, rows.flatMap((r) => (r.couponId === null ? [] : [r.couponId]))),
  ]);
  const skuById = new Map(skus.map((s) => [s.sku.id, s.sku]));
  return new Map(rows.map((r) => {
    const sku = r.skuId === null ? undefined : skuById.get(r.skuId);
    const title = r.couponId === null ? undefined : titles.get(r.couponId);
    return [r.id, {
      kind: r.goodsKind,
      area: r.area,
      remote_id: r.remoteId,
      sku: sku ? { id: sku.id, product_id: sku.productId, sku_names: sku.skuName } : null,
      coupon: title && r.couponId !== null ? { id: r.couponId, title } : null,
      points: r.points,
    }];
  }));
}
