import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  CART_MAX_LINES, SITES, checkCartQuantityChange, couponCoversSku, effectiveSalePrice, isCartFull, isCartRemoval, lacksBaseGame, type ReasonCode,
} from '@lantern/domain';
import type { CartResponse, CartSku } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { AppError, type FieldErrors } from '../../platform/errors.ts';
import { type SkuRow, keepListed, loadSkuRows, presentSkuMap } from '../catalog/index.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { usableCouponScopes } from '../coupons/index.ts';
import { ownedOf } from './base-games.ts';
import { cartItems } from './tables.ts';

type Cate = SkuRow['cate'];

/** The cart lines of an account on one area, oldest first (the order things were added). */
export async function cartLines(db: DbOrTx, accountId: number, area: Buyer['area']) {
  return db
    .select({ skuId: cartItems.skuId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.accountId, accountId), eq(cartItems.area, area)))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
}

/** Takes ordered SKUs out of the cart (a cart order, inside the order's transaction). */
export async function removeFromCart(tx: DbOrTx, accountId: number, skuIds: readonly number[]) {
  if (skuIds.length === 0) return;
  await tx.delete(cartItems).where(and(eq(cartItems.accountId, accountId), inArray(cartItems.skuId, [...skuIds])));
}

/** GET /api/cart: the lines of this site, optionally of one cate (`q[sku_cate_eq]`), with prices and state. */
export async function readCart(deps: Deps, buyer: Buyer, cate?: Cate): Promise<CartResponse> {
  const lines = await cartLines(deps.db, buyer.accountId, buyer.area);
  const rows = await loadSkuRows(deps.db, lines.map((l) => l.skuId));
  const byId = new Map(rows.map((r) => [r.sku.id, r]));
  const orderable = new Set(keepListed(rows, buyer.area, buyer.region).map((r) => r.sku.id));
  const shown = lines.filter((l) => {
    const row = byId.get(l.skuId);
    return row !== undefined && row.sku.status !== 'unpublished' && (cate === undefined || row.cate === cate);
  });
  const summaries = await presentSkuMap(deps.db, shown.map((l) => byId.get(l.skuId)!));
  const scopes = await usableCouponScopes(deps, buyer.accountId, buyer.area);
  const cartSkus: CartSku[] = shown.map((l) => {
    const { sku } = byId.get(l.skuId)!;
    return {
      sku_id: sku.id,
      sku: summaries.get(sku.id)!,
      quantity: l.quantity,
      status: sku.status,
      display: orderable.has(sku.id),
      price: sku.listPrice,
      sale_price: effectiveSalePrice({ sale_price: sku.salePrice, list_price: sku.listPrice }),
      use_coupon: scopes.some((scope) => couponCoversSku(scope, { id: sku.id, product_id: sku.productId })),
      cross_promotion: null,
      area: sku.area,
    };
  });
  const counted = cartSkus.filter((c) => c.display);
  return {
    cart_skus: cartSkus,
    meta: {
      total_count: cartSkus.length,
      total_quantity: cartSkus.reduce((s, c) => s + c.quantity, 0),
      total_price: counted.reduce((s, c) => s + c.sale_price * c.quantity, 0),
      currency: SITES[buyer.area].currency,
      max_lines: CART_MAX_LINES,
    },
  };
}

/**
 * PATCH /api/cart: sets absolute quantities; 0 removes (docs/product/buying.md#cart). The whole change is one transaction
 * under a per-account advisory lock, so concurrent requests cannot both pass the line limit or both
 * step a key by one from the same starting quantity. Every problem is answered together (422); nothing
 * changes unless everything is valid.
 */
export async function updateCart(deps: Deps, buyer: Buyer, changes: ReadonlyArray<{ sku_id: number; quantity: number }>): Promise<void> {
  // The last value for a SKU named twice wins, as it would if sent in two requests.
  const wanted = new Map(changes.map((c) => [c.sku_id, c.quantity]));
  const rows = await loadSkuRows(deps.db, [...wanted.keys()]);
  const orderable = new Map(keepListed(rows, buyer.area, buyer.region).map((r) => [r.sku.id, r]));
  const byId = new Map(rows.map((r) => [r.sku.id, r]));
  const now = deps.clock.now();

  await deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cart:${buyer.accountId}`}, 0))`);
    const current = await tx
      .select({ skuId: cartItems.skuId, quantity: cartItems.quantity })
      .from(cartItems)
      .where(and(eq(cartItems.accountId, buyer.accountId), inArray(cartItems.skuId, [...wanted.keys()])))
      .for('update');
    const held = new Map(current.map((c) => [c.skuId, c.quantity]));
    const [lineCount] = await tx.select({ n: count() }).from(cartItems).where(and(eq(cartItems.accountId, buyer.accountId), eq(cartItems.area, buyer.area)));
    let lines = lineCount?.n ?? 0;

    const errors: FieldErrors = {};
    const add = (field: string, reason: ReasonCode) => {
      const list = (errors[field] ??= []);
      if (!list.includes(reason)) list.push(reason);
    };
    const invalid: number[] = [];
    const baseless = await dlcWithoutBase(tx, buyer, wanted, byId, now);
    const writes: Array<{ skuId: number; quantity: number; isNew: boolean }> = [];
    const removals: number[] = [];
    for (const [skuId, quantity] of wanted) {
      const from = held.get(skuId) ?? 0;
      if (isCartRemoval(quantity)) {
        if (from > 0) removals.push(skuId);
        continue;
      }
      const row = orderable.get(skuId);
      if (!row) {
        // Another area's SKU, an unknown one, one region-locked away or not for sale: the same answer.
        if (!byId.has(skuId) || from === 0 || quantity > from) {
          invalid.push(skuId);
          add('sku_id', 'status_invalid');
          continue;
        }
      }
      if (from === 0 && baseless.has(skuId)) {
        invalid.push(skuId);
        add('sku_id', 'has_no_base');
        continue;
      }
      const physical = (row ?? byId.get(skuId)!).cate === 'physical';
      const problem = checkCartQuantityChange({ physical, from, to: quantity });
      if (problem) {
        add('quantity', problem);
        continue;
      }
      if (from === 0) {
        if (isCartFull(lines)) {
          add('total_count', 'out_limit');
          continue;
        }
        lines += 1;
      }
      if (from !== quantity) writes.push({ skuId, quantity, isNew: from === 0 });
    }
    if (Object.keys(errors).length > 0) {
      throw new AppError(422, errors, invalid.length > 0 ? { sku_ids: invalid, max_lines: CART_MAX_LINES } : { max_lines: CART_MAX_LINES });
    }
    if (removals.length > 0) await removeFromCart(tx, buyer.accountId, removals);
    for (const w of writes) {
      if (w.isNew) {
        await tx.insert(cartItems).values({ accountId: buyer.accountId, skuId: w.skuId, area: buyer.area, quantity: w.quantity, createdAt: now, updatedAt: now });
      } else {
        await tx.update(cartItems).set({ quantity: w.quantity, updatedAt: now }).where(and(eq(cartItems.accountId, buyer.accountId), eq(cartItems.skuId, w.skuId)));
      }
    }
  });
}

/**
 * The DLC this change would add to the cart whose base game the account neither owns nor has in the cart
 * (already, or added by the same change): refused when added, where the choice is made, rather than at
 * checkout (docs/product/buying.md#dlc-base). A DLC already in the cart is left alone: lowering or removing
 * it is always allowed, and checkout still refuses it if its base has gone meanwhile.
 */
async function dlcWithoutBase(
  tx: DbOrTx, buyer: Buyer, wanted: ReadonlyMap<number, number>, byId: ReadonlyMap<number, SkuRow>, now: Date,
): Promise<Set<number>> {
  const dlc = [...wanted].filter(([skuId, quantity]) => quantity > 0 && byId.get(skuId)?.kind === 'dlc' && byId.get(skuId)?.baseProductId != null)
    .map(([skuId]) => byId.get(skuId)!);
  if (dlc.length === 0) return new Set();
  const held = await tx.select({ skuId: cartItems.skuId }).from(cartItems).where(and(eq(cartItems.accountId, buyer.accountId), eq(cartItems.area, buyer.area)));
  const staying = held.map((h) => h.skuId).filter((id) => wanted.get(id) !== 0);
  const adding = [...wanted].filter(([, quantity]) => quantity > 0).map(([id]) => id);
  const inCartRows = await loadSkuRows(tx, [...new Set([...staying, ...adding])]);
  const alongside = new Set(inCartRows.map((r) => r.sku.productId));
  const owned = await ownedOf(tx, buyer.accountId, [...new Set(dlc.map((r) => r.baseProductId!))], now);
  return new Set(dlc.filter((row) => lacksBaseGame(row, owned, alongside)).map((row) => row.sku.id));
}
