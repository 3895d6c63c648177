import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ExploringQueue, createQueueRequest, updateQueueRequest } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { loadSkuRows } from '../catalog/index.ts';
import { couponAreaOf } from '../coupons/index.ts';
import { loadQueues, presentQueues } from './queues.ts';
import { exploringQueueItems, exploringQueues } from './tables.ts';

type CreateInput = z.infer<typeof createQueueRequest>['queue'];
type UpdateInput = z.infer<typeof updateQueueRequest>['queue'];

const atSec = (sec: number) => new Date(sec * 1000);

async function presentOne(deps: Deps, area: Area, id: number): Promise<ExploringQueue> {
  const [queue] = await presentQueues(deps.db, await loadQueues(deps.db, area, eq(exploringQueues.id, id)), deps.clock.now(), null);
  return queue!;
}

/** POST /api/admin/exploring_queues: SKUs of the queue's site, each once, and one reward (points or a coupon of the site). */
export async function createQueue(deps: Deps, input: CreateInput): Promise<ExploringQueue> {
  if (input.to_timestamp <= input.from_timestamp) throw fail.unprocessable('to_timestamp', 'invalid');
  if ((input.reward_points === undefined) === (input.reward_coupon_id === undefined)) throw fail.unprocessable('reward', 'invalid');
  if (input.reward_coupon_id !== undefined && (await couponAreaOf(deps.db, input.reward_coupon_id)) !== input.area) throw fail.unprocessable('reward_coupon_id', 'invalid');
  if (new Set(input.sku_ids).size !== input.sku_ids.length) throw fail.unprocessable('sku_ids', 'duplicate');
  const rows = await loadSkuRows(deps.db, input.sku_ids);
  if (rows.length !== input.sku_ids.length || rows.some((r) => r.sku.area !== input.area)) throw fail.unprocessable('sku_ids', 'status_invalid');
  const now = deps.clock.now();
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx.insert(exploringQueues).values({
      area: input.area, title: input.title, fromAt: atSec(input.from_timestamp), toAt: atSec(input.to_timestamp),
      rewardPoints: input.reward_points ?? null, rewardCouponId: input.reward_coupon_id ?? null, createdAt: now, updatedAt: now,
    }).returning({ id: exploringQueues.id });
    await tx.insert(exploringQueueItems).values(input.sku_ids.map((skuId, position) => ({ queueId: row!.id, skuId, position })));
    return row!.id;
  });
  return presentOne(deps, input.area, id);
}

/** PATCH /api/admin/exploring_queues/{id}: its title and window; `closed: true` ends it now. */
export async function updateQueue(deps: Deps, id: number, input: UpdateInput): Promise<ExploringQueue> {
  const [row] = await deps.db.select().from(exploringQueues).where(eq(exploringQueues.id, id)).limit(1);
  if (!row) throw fail.notFound();
  const fromAt = input.from_timestamp === undefined ? row.fromAt : atSec(input.from_timestamp);
  const toAt = input.to_timestamp === undefined ? row.toAt : atSec(input.to_timestamp);
  if (toAt.getTime() <= fromAt.getTime()) throw fail.unprocessable('to_timestamp', 'invalid');
  await deps.db.update(exploringQueues).set({ title: input.title, fromAt, toAt, closed: input.closed, updatedAt: deps.clock.now() }).where(eq(exploringQueues.id, id));
  return presentOne(deps, row.area, id);
}
