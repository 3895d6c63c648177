import { eq } from 'drizzle-orm';
import type { TestApp } from './harness.ts';
import { makeProduct, makeSku, names } from './catalog-factories.ts';
import { communityGroups, groupSkus } from '../src/modules/community/tables.ts';
import { libraryGames } from '../src/modules/library/tables.ts';

let n = 0;

/** A game on both sites (one SKU each) and its group. */
export async function makeGroup(t: TestApp, options: { en?: string; chs?: string } = {}) {
  n += 1;
  const name = names(options.en ?? `Lantern Quest ${n}`, options.chs ?? `灯笼传奇${n}`);
  const product = await makeProduct(t, { name });
  const native = await makeSku(t, { productId: product.id, area: 'native', name });
  const abroad = await makeSku(t, { productId: product.id, area: 'abroad', name });
  const [group] = await t.deps.db.insert(communityGroups).values({ productId: product.id, name, summary: names(`About ${name.en}`, `关于${name.chs}`), createdAt: t.clock.now() }).returning();
  await t.deps.db.insert(groupSkus).values([{ groupId: group!.id, skuId: native.id, area: 'native' }, { groupId: group!.id, skuId: abroad.id, area: 'abroad' }]);
  return { group: group!, product, native, abroad };
}

/** Puts a game in an account's library, as a completed order (bought here) or a redeemed code would. */
export async function ownGame(t: TestApp, accountId: number, sku: { id: number; productId: number; area: 'native' | 'abroad' }, playtimeSeconds: number, source: 'order' | 'redeem' = 'order') {
  await t.deps.db.insert(libraryGames).values({ accountId, skuId: sku.id, productId: sku.productId, area: sku.area, source, sourceId: 1, playtimeSeconds, acquiredAt: t.clock.now() });
}

export async function groupRow(t: TestApp, id: number) {
  return (await t.deps.db.select().from(communityGroups).where(eq(communityGroups.id, id)))[0]!;
}
