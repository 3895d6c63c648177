import { and, asc, count, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import { AREA_REVIEW_LANGUAGES, positivePercent, SITES, STEAM_SCORE_LABELS, steamScoreKey, type Area } from '@lantern/domain';
import type { ForumReview, PlatformReview, SteamEvaluation } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { ReviewPlatform } from '../../platform/review-sources.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { keepViewable, loadViewableSkuRows } from '../catalog/index.ts';
import { discussionCounts } from '../discussion/index.ts';
import { platformReviews, reviewApps } from './tables.ts';

/** A Steam review as another module's target (a like, a comment): who wrote it here (nobody), its site, not locked. */
export interface SteamReviewTargetFacts {
  authorId: null;
  area: Area;
  locked: false;
}

/**
 * The facts the discussion module needs to accept a like on a Steam review (spec: likes on `SteamReview`):
 * the reviews found among `ids`, each with its site (decisions/0017). Registered as the `SteamReview`
 * target in the module's setup.
 */
export async function steamReviewTargetFacts(deps: Pick<Deps, 'db'>, ids: readonly number[]): Promise<Map<number, SteamReviewTargetFacts>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await deps.db.select({ id: platformReviews.id, area: platformReviews.area }).from(platformReviews)
    .where(and(inArray(platformReviews.id, unique), eq(platformReviews.platform, 'steam')));
  return new Map(rows.map((r) => [r.id, { authorId: null, area: r.area, locked: false }]));
}

/** This store's likes on Steam reviews: the discussion module keeps them (the `SteamReview` target). */
export async function steamReviewLikeCounts(deps: Deps, ids: readonly number[]): Promise<Map<number, number>> {
  const counts = await discussionCounts(deps, 'SteamReview', ids);
  return new Map(ids.map((id) => [id, counts.get(id)?.likes ?? 0]));
}

type ReviewRow = typeof platformReviews.$inferSelect;

export interface ReviewListOptions {
  language?: string;
  minHelpful?: number;
  page: number;
  per: number;
}

export interface ReviewList {
  reviews: PlatformReview[];
  total: number;
  /** Whether any of the SKUs asked for may be seen on the site (a single-SKU call answers 404 otherwise). */
  found: boolean;
}

/** The SKUs among `skuIds` the viewer may see, as a map of product → the first such SKU asked for. */
async function viewableProducts(deps: Deps, viewer: Viewer, skuIds: readonly number[]): Promise<Map<number, number>> {
  const rows = keepViewable(await loadViewableSkuRows(deps.db, skuIds, viewer.area), viewer.area, viewer.region);
  const byId = new Map(rows.map((r) => [r.sku.id, r.sku.productId]));
  const products = new Map<number, number>();
  for (const id of skuIds) {
    const product = byId.get(id);
    if (product !== undefined && !products.has(product)) products.set(product, id);
  }
  return products;
}

/**
 * Imported reviews of the given SKUs' games on the viewer's site (docs/product/community.md#steam-and-epic-reviews):
 * the site's own languages (or one of them, `language`), most helpful first, then newest, then id.
 * Reads the imported copies only; `likes_count` comes from `steamReviewLikeCounts`.
 */
export async function listPlatformReviews(deps: Deps, viewer: Viewer, platform: ReviewPlatform, skuIds: readonly number[], options: ReviewListOptions): Promise<ReviewList> {
  const products = await viewableProducts(deps, viewer, skuIds);
  if (products.size === 0) return { reviews: [], total: 0, found: false };
  const apps = await deps.db.select({ id: reviewApps.id, productId: reviewApps.productId }).from(reviewApps)
    .where(and(eq(reviewApps.platform, platform), inArray(reviewApps.productId, [...products.keys()])));
  if (apps.length === 0) return { reviews: [], total: 0, found: true };
  const skuOfApp = new Map(apps.map((a) => [a.id, products.get(a.productId)!]));
  const languages = options.language && options.language !== 'all' ? [options.language] : [...AREA_REVIEW_LANGUAGES[viewer.area]];
  const where: SQL = and(
    inArray(platformReviews.appId, apps.map((a) => a.id)),
    eq(platformReviews.area, viewer.area),
    options.language && options.language !== 'all' ? inArray(platformReviews.language, languages) : undefined,
    options.minHelpful ? gte(platformReviews.helpfulCount, options.minHelpful) : undefined,
  )!;
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(platformReviews).where(where)
      .orderBy(desc(platformReviews.helpfulCount), desc(platformReviews.postedAt), asc(platformReviews.id))
      .limit(options.per).offset((options.page - 1) * options.per),
    deps.db.select({ n: count() }).from(platformReviews).where(where),
  ]);
  const likes = platform === 'steam' ? await steamReviewLikeCounts(deps, rows.map((r) => r.id)) : new Map<number, number>();
  return { reviews: rows.map((r) => present(r, skuOfApp.get(r.appId)!, likes.get(r.id) ?? 0)), total: total!.n, found: true };
}

function present(row: ReviewRow, skuId: number, likesCount: number): PlatformReview {
  return {
    id: row.id,
    platform: row.platform,
    sku_id: skuId,
    area: row.area,
    language: row.language,
    content: row.content,
    recommended: row.recommended,
    helpful_count: row.helpfulCount,
    funny_count: row.funnyCount,
    playtime_at_review: row.playtimeSeconds,
    author_name: row.authorName,
    posted_at_timestamp: toTimestamp(row.postedAt),
    likes_count: likesCount,
  };
}

/** The forum host's camelCase form of a review. */
export function forumReviewOf(r: PlatformReview): ForumReview {
  return {
    id: r.id,
    platform: r.platform,
    skuId: r.sku_id,
    area: r.area,
    language: r.language,
    content: r.content,
    recommended: r.recommended,
    helpfulCount: r.helpful_count,
    funnyCount: r.funny_count,
    playtimeAtReview: r.playtime_at_review,
    authorName: r.author_name,
    postedTimestamp: r.posted_at_timestamp,
    likesCount: r.likes_count,
  };
}

/**
 * GET /forum/gameScore/sku/steamEvaluation: Steam's summary of the SKU's game (every language), its
 * positive percent and Steam's label in the site's language (domain `steamScoreKey`). A game with no Steam
 * app, or not imported yet, has no reviews (`too_few_reviews`). The SKU must be viewable on `site`.
 */
export async function steamEvaluationOf(deps: Deps, viewer: Viewer, skuId: number, site: Area): Promise<SteamEvaluation> {
  const region = site === viewer.area ? viewer.region : SITES[site].regionDefault;
  const [row] = keepViewable(await loadViewableSkuRows(deps.db, [skuId], site), site, region);
  if (!row) throw fail.notFound('skuid');
  const [app] = await deps.db.select().from(reviewApps).where(and(eq(reviewApps.productId, row.sku.productId), eq(reviewApps.platform, 'steam'))).limit(1);
  const total = app?.totalCount ?? 0;
  const positive = app?.positiveCount ?? 0;
  const percent = positivePercent(positive, total);
  const key = steamScoreKey(total, percent);
  return {
    skuId,
    site,
    total,
    positive,
    negative: total - positive,
    positivePercent: percent,
    scoreKey: key,
    scoreLabel: site === 'native' ? STEAM_SCORE_LABELS[key].chs : STEAM_SCORE_LABELS[key].en,
    syncedTimestamp: toTimestamp(app?.syncedAt ?? null),
  };
}
