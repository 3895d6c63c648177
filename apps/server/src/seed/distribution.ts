import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Area } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { products, skus } from '../modules/catalog/tables.ts';
import { distributionCodeOf } from '../modules/distribution/index.ts';
import { distributionAttributions, skuCommissionRates } from '../modules/distribution/tables.ts';
import { completePaidOrder, createOrder } from '../modules/orders/index.ts';

const HOUR = 3_600_000;
/** The demo's commission rates, in basis points, on each site's three best-ranked games. */
const DEMO_RATES = [1_000, 800, 500];

/**
 * Distribution on both sites (docs/product/distribution.md): commission rates on the three best-ranked games;
 * demo@ (mainland) and player@ (international) each have a distribution code, and their invited friend followed
 * its link an hour ago and bought the best-ranked game through it — one attributed order, paid, its commission
 * earned. Runs after the invites' seed (the friends) and the keys' seed (the games have keys).
 */
export async function seedDistribution(deps: Deps): Promise<{ rates: number; attributedOrders: number }> {
  const now = deps.clock.now();
  const people = await deps.db.select({ id: accounts.id, email: accounts.email, homeArea: accounts.homeArea, region: accounts.region }).from(accounts)
    .where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test', 'friend.demo@lantern.test', 'friend.player@lantern.test']));
  const byEmail = new Map(people.map((p) => [p.email, p]));
  let rates = 0;
  let attributedOrders = 0;
  for (const [area, sharerEmail, buyerEmail] of [['native', 'demo@lantern.test', 'friend.demo@lantern.test'], ['abroad', 'player@lantern.test', 'friend.player@lantern.test']] as [Area, string, string][]) {
    const top = await deps.db.select({ id: skus.id }).from(skus).innerJoin(products, eq(products.id, skus.productId))
      .where(and(eq(skus.area, area), eq(skus.status, 'sale'), eq(products.cate, 'game'), eq(products.kind, 'game'), isNotNull(skus.keyType)))
      .orderBy(desc(skus.rank), skus.id).limit(DEMO_RATES.length);
    for (const [i, sku] of top.entries()) {
      await deps.db.insert(skuCommissionRates).values({ skuId: sku.id, rateBp: DEMO_RATES[i]!, updatedAt: now }).onConflictDoNothing();
      rates += 1;
    }
    const sharer = byEmail.get(sharerEmail);
    const buyer = byEmail.get(buyerEmail);
    if (!sharer || !buyer || top.length === 0) continue;
    const code = await distributionCodeOf(deps.db, sharer.id, now);
    await deps.db.insert(distributionAttributions).values({ accountId: buyer.id, area, sharerId: sharer.id, code, attributedAt: new Date(now.getTime() - HOUR) }).onConflictDoNothing();
    // Placed through the checkout, so the attribution is recorded as any order's is; then paid as a payment would.
    const order = await createOrder(deps, { accountId: buyer.id, area, region: buyer.region, ip: null }, { sku_ids: [top[0]!.id], cate: 'game', type: 'one_click' });
    await deps.db.transaction((tx) => completePaidOrder(tx, deps, order.id, now));
    attributedOrders += 1;
  }
  return { rates, attributedOrders };
}
