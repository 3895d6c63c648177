import { eq } from 'drizzle-orm';
import type { TestApp } from './harness.ts';
import { makeProduct, makeSku, names } from './catalog-factories.ts';
import { clients } from './client.ts';
import { communityGroups, groupSkus } from '../../src/modules/community/tables.ts';
import { libraryGames } from '../../src/modules/library/tables.ts';

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

/**
 * A post published by `author` on the mainland site through the API (its draft, then publishing it), as a
 * member would: its id. `draft` adds or overrides the draft's fields; a refusal fails the test with its body.
 */
export async function publishPost(t: TestApp, author: { token: string }, groupId: number, draft: Record<string, unknown> = {}): Promise<number> {
  const api = clients(t).native;
  const created = await api.get(`/api/posts/new?group_id=${groupId}&type=Post`, { token: author.token });
  if (created.statusCode !== 200) throw new Error(`draft refused: ${created.statusCode} ${created.body}`);
  const published = await api.patch(`/api/drafts/${created.json().draft.id}`, { draft: { publish: true, content: '<p>a post</p>', ...draft } }, { token: author.token });
  if (published.statusCode !== 200) throw new Error(`publishing refused: ${published.statusCode} ${published.body}`);
  return published.json().post.id as number;
}
