import type { z } from 'zod';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { createVoteActivityRequest, reviewApp, reviewAppRequest, updateVoteActivityRequest, VoteActivity } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { fail } from '../../platform/errors.ts';
import { loadProductSkuRows, loadSkuRows } from '../catalog/index.ts';
import { platformReviews, reviewApps, voteActivities, voteOptions, votes } from './tables.ts';

type CreateBody = z.infer<typeof createVoteActivityRequest>['vote_activity'];
type UpdateBody = z.infer<typeof updateVoteActivityRequest>['vote_activity'];
type ActivityRow = typeof voteActivities.$inferSelect;

const fromSec = (s: number) => new Date(s * 1000);

async function presentForStaff(db: DbOrTx, rows: readonly ActivityRow[]): Promise<VoteActivity[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [options, counts] = await Promise.all([
    db.select().from(voteOptions).where(inArray(voteOptions.activityId, ids)).orderBy(asc(voteOptions.position)),
    db.select({ optionId: votes.optionId, n: count() }).from(votes).where(inArray(votes.activityId, ids)).groupBy(votes.optionId),
  ]);
  const byOption = new Map(counts.map((c) => [c.optionId, c.n]));
  return rows.map((r) => ({
    id: r.id,
    sku_id: r.skuId,
    area: r.area,
    region: r.region,
    title: r.title,
    from_timestamp: toTimestamp(r.fromAt),
    to_timestamp: toTimestamp(r.toAt),
    closed: r.closed,
    options: options.filter((o) => o.activityId === r.id).map((o) => ({ id: o.id, label: o.label, votes_count: byOption.get(o.id) ?? 0 })),
  }));
}

/** POST /api/admin/vote_activities: on the SKU's own site; the window must end after it starts. */
export async function createVoteActivity(deps: Deps, body: CreateBody): Promise<VoteActivity> {
  const [sku] = await loadSkuRows(deps.db, [body.sku_id]);
  if (!sku) throw fail.unprocessable('sku_id', 'invalid');
  if (body.to_timestamp != null && body.to_timestamp <= body.from_timestamp) throw fail.unprocessable('to_timestamp', 'invalid');
  const now = deps.clock.now();
  const row = await deps.db.transaction(async (tx) => {
    const [created] = await tx.insert(voteActivities).values({
      skuId: sku.sku.id, area: sku.sku.area, region: body.region?.toLowerCase() ?? null, title: body.title,
      fromAt: fromSec(body.from_timestamp), toAt: body.to_timestamp == null ? null : fromSec(body.to_timestamp), createdAt: now, updatedAt: now,
    }).returning();
    await tx.insert(voteOptions).values(body.options.map((label, position) => ({ activityId: created!.id, label, position })));
    return created!;
  });
  return (await presentForStaff(deps.db, [row]))[0]!;
}

/**
 * PATCH /api/admin/vote_activities/{id}: title, window, region, closing. Options may be relabelled by
 * position; their number changes only while nobody has voted (a vote names its option).
 */
export async function updateVoteActivity(deps: Deps, id: number, body: UpdateBody): Promise<VoteActivity> {
  const row = await deps.db.transaction(async (tx) => {
    const [current] = await tx.select().from(voteActivities).where(eq(voteActivities.id, id)).for('update').limit(1);
    if (!current) throw fail.notFound();
    const from = body.from_timestamp ?? toTimestamp(current.fromAt);
    const to = body.to_timestamp === undefined ? toTimestamp(current.toAt) : body.to_timestamp;
    if (to !== null && to <= from) throw fail.unprocessable('to_timestamp', 'invalid');
    if (body.options) {
      const existing = await tx.select().from(voteOptions).where(eq(voteOptions.activityId, id)).orderBy(asc(voteOptions.position));
      if (body.options.length !== existing.length) {
        const [cast] = await tx.select({ n: count() }).from(votes).where(eq(votes.activityId, id));
        if (cast!.n > 0) throw fail.unprocessable('options', 'invalid');
        await tx.delete(voteOptions).where(eq(voteOptions.activityId, id));
        await tx.insert(voteOptions).values(body.options.map((label, position) => ({ activityId: id, label, position })));
      } else {
        for (const [i, option] of existing.entries()) await tx.update(voteOptions).set({ label: body.options[i]! }).where(eq(voteOptions.id, option.id));
      }
    }
    const [updated] = await tx.update(voteActivities).set({
      title: body.title ?? current.title,
      region: body.region === undefined ? current.region : body.region?.toLowerCase() ?? null,
      fromAt: fromSec(from),
      toAt: to === null ? null : fromSec(to),
      closed: body.closed ?? current.closed,
      updatedAt: deps.clock.now(),
    }).where(eq(voteActivities.id, id)).returning();
    return updated!;
  });
  return (await presentForStaff(deps.db, [row]))[0]!;
}

/** GET /api/admin/vote_activities: newest first, optionally of one SKU. */
export async function listVoteActivities(deps: Deps, query: { sku_id?: number; page: number; per: number }) {
  const where = query.sku_id === undefined ? undefined : eq(voteActivities.skuId, query.sku_id);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(voteActivities).where(where).orderBy(desc(voteActivities.id)).limit(query.per).offset((query.page - 1) * query.per),
    deps.db.select({ n: count() }).from(voteActivities).where(where),
  ]);
  return { vote_activities: await presentForStaff(deps.db, rows), meta: { total_count: total!.n, page: query.page, per: query.per } };
}

/**
 * POST /api/admin/review_apps: which Steam app (or Epic product) a game's reviews come from. Linking again
 * replaces the game's app for that platform; its reviews arrive with the next import run.
 */
export async function linkReviewApp(deps: Deps, body: z.infer<typeof reviewAppRequest>['review_app']): Promise<z.infer<typeof reviewApp>> {
  const [product] = await loadProductSkuRows(deps.db, [body.product_id]);
  if (!product) throw fail.unprocessable('product_id', 'invalid');
  if (body.platform === 'steam' && !/^\d{1,10}$/.test(body.external_id)) throw fail.unprocessable('external_id', 'invalid');
  const [taken] = await deps.db.select({ productId: reviewApps.productId }).from(reviewApps)
    .where(and(eq(reviewApps.platform, body.platform), eq(reviewApps.externalId, body.external_id))).limit(1);
  if (taken && taken.productId !== body.product_id) throw fail.unprocessable('external_id', 'taken');
  const [row] = await deps.db.transaction(async (tx) => {
    // A game moved to another app keeps none of the old app's reviews.
    const [previous] = await tx.select().from(reviewApps).where(and(eq(reviewApps.productId, body.product_id), eq(reviewApps.platform, body.platform))).for('update').limit(1);
    if (previous && previous.externalId !== body.external_id) {
      await tx.delete(platformReviews).where(eq(platformReviews.appId, previous.id));
      await tx.update(reviewApps).set({ totalCount: 0, positiveCount: 0 }).where(eq(reviewApps.id, previous.id));
    }
    return tx.insert(reviewApps).values({ productId: body.product_id, platform: body.platform, externalId: body.external_id, createdAt: deps.clock.now() })
    .onConflictDoUpdate({ target: [reviewApps.productId, reviewApps.platform], set: { externalId: body.external_id, syncedAt: null, lastError: null } })
    .returning();
  });
  return {
    id: row!.id, product_id: row!.productId, platform: row!.platform, external_id: row!.externalId,
    total_count: row!.totalCount, positive_count: row!.positiveCount, synced_at_timestamp: toTimestamp(row!.syncedAt), last_error: row!.lastError,
  };
}
