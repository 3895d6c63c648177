import { CART_ITEM_MAX_QUANTITY, isGameKind } from '@lantern/domain';
import type { DbOrTx } from '../../../platform/db/client.ts';
import { keepListed, keepViewable, loadSkuRows } from '../../catalog/index.ts';
import { cartLines } from '../../cart/index.ts';
import type { CheckoutContext, CheckoutLine } from './context.ts';

/**
 * The SKUs asked for, each on sale on the buyer's site and region (else `status_invalid`, or
 * `region_invalid` when only the region keeps it away), none twice nor two editions of one product
 * (`duplicate`), all of the order's cate (`cate: invalid`), in an allowed quantity (`exceed_limit`: one
 * copy of a game, at most the cart's maximum of anything). A cart order takes the cart's quantities and
 * refuses SKUs not in it (`not_in_cart`). Problems are noted; the SKUs that passed are answered.
 */
export async function validateLines(db: DbOrTx, context: CheckoutContext): Promise<CheckoutLine[]> {
  const { buyer, input, problems } = context;
  const rows = await loadSkuRows(db, input.sku_ids);
  const viewable = new Set(keepViewable(rows, buyer.area, buyer.region).map((r) => r.sku.id));
  const listed = new Map(keepListed(rows, buyer.area, buyer.region).map((r) => [r.sku.id, r]));
  const onArea = new Set(rows.filter((r) => r.sku.area === buyer.area && r.sku.status !== 'unpublished').map((r) => r.sku.id));
  const quantities = await quantitiesOf(db, context);

  const seenSkus = new Set<number>();
  const seenProducts = new Set<number>();
  const chosen: CheckoutLine[] = [];
  for (const skuId of input.sku_ids) {
    if (seenSkus.has(skuId)) {
      problems.sku(skuId, 'duplicate');
      continue;
    }
    seenSkus.add(skuId);
    const row = listed.get(skuId);
    if (!row) {
      // Region-locked away from the buyer is said as such; anything else is status_invalid.
      problems.sku(skuId, onArea.has(skuId) && !viewable.has(skuId) ? 'region_invalid' : 'status_invalid');
      continue;
    }
    if (row.cate !== input.cate) problems.add('cate', 'invalid');
    if (seenProducts.has(row.sku.productId)) problems.sku(skuId, 'duplicate');
    seenProducts.add(row.sku.productId);
    const quantity = quantities.get(skuId) ?? 1;
    if ((isGameKind(row.kind) && quantity > 1) || quantity > CART_ITEM_MAX_QUANTITY) problems.sku(skuId, 'exceed_limit');
    chosen.push({ row, quantity });
  }
  return chosen;
}

/** One of each for a one-click order; the cart's quantities for a cart order. */
async function quantitiesOf(db: DbOrTx, { buyer, input, problems }: CheckoutContext): Promise<Map<number, number>> {
  if (input.type !== 'cart') return new Map(input.sku_ids.map((id) => [id, 1]));
  const held = new Map((await cartLines(db, buyer.accountId, buyer.area)).map((l) => [l.skuId, l.quantity]));
  const quantities = new Map<number, number>();
  for (const skuId of input.sku_ids) {
    const q = held.get(skuId);
    if (q === undefined) problems.sku(skuId, 'not_in_cart');
    else quantities.set(skuId, q);
  }
  return quantities;
}
