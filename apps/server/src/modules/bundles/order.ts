import { eq } from 'drizzle-orm';
import { bundlePickProblem, bundleRegularPrices, splitByLargestRemainder } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { createOrder, heldProducts } from '../orders/index.ts';
import { isLive, loadActivities } from './activities.ts';
import { bundleActivities, bundleOrders } from './tables.ts';

/**
 * POST /api/v7/bundle_promo_activities/{id}/order (docs/product/deals.md#bundle-promotions): exactly
 * `pick_count` distinct games of the live activity's pool, no two editions of one product, become one
 * order at the bundle price. The price is split over the lines in proportion to their regular prices
 * (`bundleRegularPrices`: what each costs alone today, also the lines' list prices)
 * (largest remainder, so the lines add up to the bundle price exactly) and given to checkout as fixed unit
 * prices; checkout then applies every rule of any order (status, region, owned, the order game lock,
 * purchase ban) under the buyer's lock. The order is a `one_click` order: unpaid for 30 minutes.
 */
export async function orderBundle(deps: Deps, buyer: Buyer, activityId: number, gameIds: readonly number[]): Promise<{ id: number }> {
  const [loaded] = await loadActivities(deps.db, buyer.area, eq(bundleActivities.id, activityId));
  if (!loaded) throw fail.notFound();
  const { activity, pool } = loaded;
  if (!isLive(activity, deps.clock.now())) throw fail.unprocessable('bundle', 'inactive');
  const poolRows = await loadSkuRows(deps.db, pool.map((g) => g.skuId));
  const problem = bundlePickProblem(gameIds, activity.pickCount, poolRows.map((r) => ({ id: r.sku.id, product_id: r.sku.productId })));
  if (problem) throw fail.unprocessable('game_ids', problem);

  const picked = gameIds.map((id) => poolRows.find((r) => r.sku.id === id)!);
  const regular = bundleRegularPrices(picked.map((r) => ({ sale_price: r.sku.salePrice, list_price: r.sku.listPrice })));
  const shares = splitByLargestRemainder(activity.price, regular);
  const unitPrices = new Map(picked.map((r, i) => [r.sku.id, shares[i]!]));
  // Each line's list price is the game's regular price, so the order's list amount is the bundle page's regular price.
  const listPrices = new Map(picked.map((r, i) => [r.sku.id, regular[i]!]));
  const order = await createOrder(deps, buyer, { sku_ids: [...gameIds], cate: picked[0]!.cate, type: 'one_click', unit_prices: unitPrices, list_prices: listPrices }, {
    async onOrderWritten(tx: Tx, orderId: number, now: Date) {
      await tx.insert(bundleOrders).values({ activityId: activity.id, accountId: buyer.accountId, orderId, createdAt: now });
    },
  });
  return { id: order.id };
}

/**
 * GET /api/v7/bundle_promo_activities/{id}/holdings: which of the pool's games the viewer already owns, or
 * holds in an unpaid order, so the pick page marks them unselectable with the reason before the order is
 * asked for (docs/product/deals.md#bundle-promotions). Per viewer, apart from the shared activity read.
 */
export async function bundleHoldings(deps: Deps, buyer: Buyer, activityId: number): Promise<{ owned_game_ids: number[]; locked_game_ids: number[] }> {
  const [loaded] = await loadActivities(deps.db, buyer.area, eq(bundleActivities.id, activityId));
  if (!loaded) throw fail.notFound();
  const poolRows = await loadSkuRows(deps.db, loaded.pool.map((g) => g.skuId));
  const held = await heldProducts(deps.db, buyer.accountId, [...new Set(poolRows.map((r) => r.sku.productId))], deps.clock.now());
  const idsHeld = (as: 'owned' | 'locked') => poolRows.filter((r) => held.get(r.sku.productId) === as).map((r) => r.sku.id);
  return { owned_game_ids: idsHeld('owned'), locked_game_ids: idsHeld('locked') };
}
