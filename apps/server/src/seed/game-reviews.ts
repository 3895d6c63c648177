import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { SandboxReviewSource } from '../platform/review-sources.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { products, skus } from '../modules/catalog/tables.ts';
import { importPlatformReviews } from '../modules/game-reviews/index.ts';
import { createVoteActivity } from '../modules/game-reviews/staff.ts';
import { reviewApps, votes } from '../modules/game-reviews/tables.ts';

const DAY = 86_400_000;
/** Games with imported Steam reviews (the best-ranked ones), and how many of them also have Epic reviews. */
const STEAM_GAMES = 24;
const EPIC_GAMES = 8;

/** The best-ranked base games sold on both sites, as product ids. */
async function topProducts(deps: Deps, limit: number): Promise<number[]> {
  const rows = await deps.db.selectDistinct({ productId: skus.productId, rank: skus.rank }).from(skus).innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.area, 'native'), eq(skus.status, 'sale'), isNull(skus.region), eq(products.kind, 'game'),
      sql`exists (select 1 from ${skus} abroad where abroad.product_id = ${skus.productId} and abroad.area = 'abroad' and abroad.status = 'sale' and abroad.region is null)`))
    .orderBy(desc(skus.rank), asc(skus.productId)).limit(limit);
  return rows.map((r) => r.productId);
}

/** The vote of each site: on its best-ranked game, open for a month, with a few votes cast by demo accounts. */
const VOTES = {
  native: {
    title: { chs: '下一个希望加入哪种语言的配音？', en: 'Which voice-over language should come next?' },
    options: [{ chs: '中文普通话', en: 'Mandarin Chinese' }, { chs: '粤语', en: 'Cantonese' }, { chs: '日语', en: 'Japanese' }, { chs: '韩语', en: 'Korean' }],
  },
  abroad: {
    title: { chs: '下一个希望加入哪种语言？', en: 'Which language should be added next?' },
    options: [{ chs: '日语', en: 'Japanese' }, { chs: '德语', en: 'German' }, { chs: '葡萄牙语（巴西）', en: 'Portuguese (Brazil)' }, { chs: '波兰语', en: 'Polish' }],
  },
} as const;

/**
 * Steam reviews (and Epic reviews for some) of the demo's best-ranked games, imported from the sandbox
 * sources whatever REVIEW_SOURCE says (the demo's app ids are made up), and one vote per site. The demo
 * shopper (demo@lantern.test, player@lantern.test) has not voted, so the vote can be tried.
 */
export async function seedGameReviews(deps: Deps): Promise<{ steam_games: number; epic_games: number; reviews: number; votes: number }> {
  const now = deps.clock.now();
  const productIds = await topProducts(deps, STEAM_GAMES);
  if (productIds.length === 0) return { steam_games: 0, epic_games: 0, reviews: 0, votes: 0 };
  await deps.db.insert(reviewApps).values([
    ...productIds.map((productId, i) => ({ productId, platform: 'steam' as const, externalId: String(1_145_360 + i * 7_919), createdAt: now })),
    ...productIds.slice(0, EPIC_GAMES).map((productId) => ({ productId, platform: 'epic' as const, externalId: `demo-epic-${productId}`, createdAt: now })),
  ]).onConflictDoNothing();
  const sandboxes = { ...deps, reviewSources: { steam: new SandboxReviewSource('steam'), epic: new SandboxReviewSource('epic') } };
  const imported = await importPlatformReviews(sandboxes);

  const voters = await deps.db.select({ id: accounts.id }).from(accounts)
    .where(inArray(accounts.email, ['editor@lantern.test', 'groups@lantern.test', 'staff@lantern.test', 'admin@lantern.test'])).orderBy(asc(accounts.id));
  let cast = 0;
  for (const area of ['native', 'abroad'] as const) {
    const [sku] = await deps.db.select({ id: skus.id }).from(skus)
      .where(and(eq(skus.area, area), eq(skus.productId, productIds[0]!))).orderBy(asc(skus.editionPosition), asc(skus.id)).limit(1);
    if (!sku) continue;
    const activity = await createVoteActivity(deps, {
      sku_id: sku.id, region: null, title: VOTES[area].title, options: [...VOTES[area].options],
      from_timestamp: Math.floor((now.getTime() - DAY) / 1000), to_timestamp: Math.floor((now.getTime() + 30 * DAY) / 1000),
    });
    const choices = [0, 0, 2, 1];
    const rows = voters.map((v, i) => ({ activityId: activity.id, optionId: activity.options[choices[i % choices.length]!]!.id, accountId: v.id, createdAt: now }));
    if (rows.length > 0) await deps.db.insert(votes).values(rows).onConflictDoNothing();
    cast += rows.length;
  }
  return { steam_games: productIds.length, epic_games: Math.min(EPIC_GAMES, productIds.length), reviews: imported.written, votes: cast };
}
