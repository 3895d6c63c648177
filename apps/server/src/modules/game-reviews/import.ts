import { asc, eq, sql } from 'drizzle-orm';
import { reviewArea } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { PeriodicJob } from '../../platform/jobs.ts';
import type { SourceReview } from '../../platform/review-sources.ts';
import { platformReviews, reviewApps } from './tables.ts';

/** The languages imported: each site's own (docs/product/community.md#steam-and-epic-reviews). */
export const IMPORTED_LANGUAGES = ['schinese', 'english'] as const;
/** Pages read per app and language on each refresh (Steam's pages hold 100): the newest reviews, bounded. */
export const PAGES_PER_REFRESH = 5;
/** Apps refreshed per run, least recently synced first, so one run stays bounded however many games link. */
export const APPS_PER_RUN = 200;
const MAX_CONTENT = 8000;

type ReviewAppRow = typeof reviewApps.$inferSelect;

/** Text PostgreSQL can store and a page can show: no NUL, no lone surrogate halves, bounded. */
function storable(text: string, max: number): string {
  return text.replace(/\u0000/g, '').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD').slice(0, max);
}

const nonNegative = (n: number) => (Number.isFinite(n) && n > 0 ? Math.min(Math.floor(n), 2_147_483_647) : 0);

/**
 * Refreshes one app's imported reviews and summary from its source. Everything is read first and written in
 * one transaction: a source that fails or answers nonsense part-way leaves the copies and the summary as
 * they were, and records why in `last_error`. Answers how many reviews were written.
 */
export async function importReviewApp(deps: Deps, app: ReviewAppRow): Promise<{ ok: boolean; written: number; error?: string }> {
  const source = deps.reviewSources[app.platform];
  const now = deps.clock.now();
  let summary;
  const collected = new Map<string, SourceReview>();
  try {
    summary = await source.fetchSummary(app.externalId);
    for (const language of IMPORTED_LANGUAGES) {
      let cursor: string | null = null;
      for (let page = 0; page < PAGES_PER_REFRESH; page++) {
        const answer = await source.fetchReviews(app.externalId, cursor, language);
        for (const review of answer.reviews) collected.set(review.sourceId, review);
        if (answer.cursor === null || answer.cursor === cursor) break;
        cursor = answer.cursor;
      }
    }
  } catch (err) {
    const error = storable((err as Error).message || 'failed', 500);
    deps.log.warn({ err, app: app.id, platform: app.platform }, 'platform reviews could not be imported; the old copies are kept');
    await deps.db.update(reviewApps).set({ lastError: error }).where(eq(reviewApps.id, app.id));
    return { ok: false, written: 0, error };
  }
  const rows = [...collected.values()].filter((r) => r.sourceId.length > 0 && r.sourceId.length <= 100).map((r) => ({
    appId: app.id,
    platform: app.platform,
    sourceId: r.sourceId,
    area: reviewArea(r.language),
    language: storable(r.language, 40),
    content: storable(r.content, MAX_CONTENT),
    recommended: r.recommended,
    helpfulCount: nonNegative(r.helpfulCount),
    funnyCount: nonNegative(r.funnyCount),
    playtimeSeconds: nonNegative(r.playtimeSeconds),
    authorName: storable(r.authorName, 100),
    postedAt: new Date(nonNegative(r.postedAt) * 1000),
    importedAt: now,
  }));
  const positive = nonNegative(summary.positive);
  const total = Math.max(nonNegative(summary.total), positive + nonNegative(summary.negative));
  await deps.db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += 200) {
      await tx.insert(platformReviews).values(rows.slice(i, i + 200)).onConflictDoUpdate({
        target: [platformReviews.platform, platformReviews.sourceId],
        set: {
          content: sql`excluded.content`,
          recommended: sql`excluded.recommended`,
          helpfulCount: sql`excluded.helpful_count`,
          funnyCount: sql`excluded.funny_count`,
          playtimeSeconds: sql`excluded.playtime_seconds`,
          authorName: sql`excluded.author_name`,
          importedAt: sql`excluded.imported_at`,
        },
      });
    }
    await tx.update(reviewApps).set({ totalCount: total, positiveCount: Math.min(positive, total), syncedAt: now, lastError: null }).where(eq(reviewApps.id, app.id));
  });
  return { ok: true, written: rows.length };
}

/** One refresh: the least recently synced apps first (never synced before all). */
export async function importPlatformReviews(deps: Deps): Promise<{ apps: number; failed: number; written: number }> {
  const apps = await deps.db.select().from(reviewApps).orderBy(sql`${reviewApps.syncedAt} asc nulls first`, asc(reviewApps.id)).limit(APPS_PER_RUN);
  let failed = 0;
  let written = 0;
  for (const app of apps) {
    const result = await importReviewApp(deps, app);
    if (!result.ok) failed += 1;
    written += result.written;
  }
  return { apps: apps.length, failed, written };
}

/** Every six hours, once across instances (platform/jobs.ts): reads never call the outside. */
export const reviewImportJob: PeriodicJob = { name: 'game-reviews.import', everyMs: 6 * 60 * 60 * 1000, run: importPlatformReviews };
