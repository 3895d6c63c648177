import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { BundleActivity, createBundleRequest, updateBundleRequest } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { loadActivities, presentActivities } from './activities.ts';
import { bundleActivities, bundleGames } from './tables.ts';

type CreateInput = z.infer<typeof createBundleRequest>['bundle'];
type UpdateInput = z.infer<typeof updateBundleRequest>['bundle'];

const atSec = (sec: number) => new Date(sec * 1000);

async function presentOne(deps: Deps, area: Area, id: number): Promise<BundleActivity> {
  const [activity] = await presentActivities(deps.db, await loadActivities(deps.db, area, eq(bundleActivities.id, id)), deps.clock.now());
  return activity!;
}

/** The pool's SKUs: each once, each a game-kind SKU of the activity's site; at least as many as one order picks. */
async function checkPool(deps: Deps, area: Area, skuIds: readonly number[], pickCount: number): Promise<void> {
  if (new Set(skuIds).size !== skuIds.length) throw fail.unprocessable('sku_ids', 'duplicate');
  const rows = await loadSkuRows(deps.db, skuIds);
  if (rows.length !== skuIds.length || rows.some((r) => r.sku.area !== area || r.cate !== 'game')) throw fail.unprocessable('sku_ids', 'status_invalid');
  if (skuIds.length < pickCount) throw fail.unprocessable('pick_count', 'pick_count');
}

async function writePool(tx: Tx, activityId: number, skuIds: readonly number[]) {
  await tx.delete(bundleGames).where(eq(bundleGames.activityId, activityId));
  await tx.insert(bundleGames).values(skuIds.map((skuId, position) => ({ activityId, skuId, position })));
}

/** POST /api/admin/bundle_promo_activities: an activity of one site with its pool. */
export async function createBundle(deps: Deps, input: CreateInput): Promise<BundleActivity> {
  if (input.to_timestamp <= input.from_timestamp) throw fail.unprocessable('to_timestamp', 'invalid');
  await checkPool(deps, input.area, input.sku_ids, input.pick_count);
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(bundleActivities).values({
      area: input.area, title: input.title, coverSeed: input.cover_seed ?? `bundle-${input.title.en}`, fromAt: atSec(input.from_timestamp),
      toAt: atSec(input.to_timestamp), pickCount: input.pick_count, price: input.price, createdAt: now, updatedAt: now,
    }).returning({ id: bundleActivities.id });
    await writePool(tx, row!.id, input.sku_ids);
    return row!.id;
  });
  return presentOne(deps, input.area, id);
}

/** PATCH /api/admin/bundle_promo_activities/{id}: edits what is given; a new `sku_ids` replaces the pool. */
export async function updateBundle(deps: Deps, id: number, input: UpdateInput): Promise<BundleActivity> {
  const [row] = await deps.db.select().from(bundleActivities).where(eq(bundleActivities.id, id)).limit(1);
  if (!row) throw fail.notFound();
  const fromAt = input.from_timestamp === undefined ? row.fromAt : atSec(input.from_timestamp);
  const toAt = input.to_timestamp === undefined ? row.toAt : atSec(input.to_timestamp);
  if (toAt.getTime() <= fromAt.getTime()) throw fail.unprocessable('to_timestamp', 'invalid');
  const pickCount = input.pick_count ?? row.pickCount;
  if (input.sku_ids) await checkPool(deps, row.area, input.sku_ids, pickCount);
  else if (input.pick_count !== undefined) {
    const pool = await deps.db.select({ id: bundleGames.id }).from(bundleGames).where(eq(bundleGames.activityId, id));
    if (pool.length < pickCount) throw fail.unprocessable('pick_count', 'pick_count');
  }
  await deps.db.transaction(async (tx) => {
    await tx.update(bundleActivities).set({ title: input.title, fromAt, toAt, pickCount, price: input.price, closed: input.closed, updatedAt: deps.clock.now() })
      .where(eq(bundleActivities.id, id));
    if (input.sku_ids) await writePool(tx, id, input.sku_ids);
  });
  return presentOne(deps, row.area, id);
}
