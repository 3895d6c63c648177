import { and, asc, eq, gt, inArray, lt, not, type SQL } from 'drizzle-orm';
import { seckillStatus, type Area } from '@lantern/domain';
import type { ExploringQueue } from '@lantern/contract';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { loadSkuRows, presentSkuMap } from '../catalog/index.ts';
import { couponTitles } from '../coupons/index.ts';
import { exploringQueueItems, exploringQueues, exploringRuns } from './tables.ts';

export type QueueRow = typeof exploringQueues.$inferSelect;
export type ItemRow = typeof exploringQueueItems.$inferSelect;
export type RunRow = typeof exploringRuns.$inferSelect;
export interface LoadedQueue {
  queue: QueueRow;
  items: ItemRow[];
}


export const statusOf = (queue: QueueRow, now: Date) => seckillStatus(now.getTime(), toTimestamp(queue.fromAt), toTimestamp(queue.toAt));
export const isLive = (queue: QueueRow, now: Date) => !queue.closed && statusOf(queue, now) === 'current';
export const liveSql = (now: Date): SQL => and(not(exploringQueues.closed), lt(exploringQueues.fromAt, now), gt(exploringQueues.toAt, now))!;

/** Queues of an area matching `where`, soonest ending first, each with its items in order. */
export async function loadQueues(db: DbOrTx, area: Area, where?: SQL): Promise<LoadedQueue[]> {
  const queues = await db.select().from(exploringQueues).where(and(eq(exploringQueues.area, area), where)).orderBy(asc(exploringQueues.toAt), asc(exploringQueues.id));
  if (queues.length === 0) return [];
  const items = await db.select().from(exploringQueueItems).where(inArray(exploringQueueItems.queueId, queues.map((q) => q.id)))
    .orderBy(asc(exploringQueueItems.position), asc(exploringQueueItems.id));
  return queues.map((queue) => ({ queue, items: items.filter((i) => i.queueId === queue.id) }));
}

/** The live queues of an area holding a SKU. */
export async function queueIdsHolding(db: DbOrTx, skuId: number): Promise<number[]> {
  const rows = await db.select({ queueId: exploringQueueItems.queueId }).from(exploringQueueItems).where(eq(exploringQueueItems.skuId, skuId));
  return rows.map((r) => r.queueId);
}

export async function runOf(db: DbOrTx, queueId: number, accountId: number): Promise<RunRow | undefined> {
  const [run] = await db.select().from(exploringRuns).where(and(eq(exploringRuns.queueId, queueId), eq(exploringRuns.accountId, accountId))).limit(1);
  return run;
}

/** Queues as the contract shows them, with the viewer's run of each when signed in. */
export async function presentQueues(db: DbOrTx, loaded: readonly LoadedQueue[], now: Date, accountId: number | null): Promise<ExploringQueue[]> {
  if (loaded.length === 0) return [];
  const rows = await loadSkuRows(db, loaded.flatMap((l) => l.items.map((i) => i.skuId)));
  const summaries = await presentSkuMap(db, rows.filter((r) => r.sku.status === 'sale' || r.sku.status === 'pre_sale'));
  const titles = await couponTitles(db, loaded.flatMap((l) => (l.queue.rewardCouponId === null ? [] : [l.queue.rewardCouponId])));
  const runs = accountId === null ? [] : await db.select().from(exploringRuns)
    .where(and(eq(exploringRuns.accountId, accountId), inArray(exploringRuns.queueId, loaded.map((l) => l.queue.id))));
  return loaded.map(({ queue, items }) => {
    const run = runs.find((r) => r.queueId === queue.id);
    const couponTitle = queue.rewardCouponId === null ? undefined : titles.get(queue.rewardCouponId);
    return {
      id: queue.id,
      area: queue.area,
      title: queue.title,
      from_timestamp: toTimestamp(queue.fromAt),
      to_timestamp: toTimestamp(queue.toAt),
      status: statusOf(queue, now),
      closed: queue.closed,
      reward: {
        kind: queue.rewardPoints !== null ? 'points' as const : 'coupon' as const,
        points: queue.rewardPoints,
        coupon: queue.rewardCouponId !== null && couponTitle ? { id: queue.rewardCouponId, title: couponTitle } : null,
      },
      items: items.map((i) => ({ id: i.id, queue_id: queue.id, position: i.position, sku_id: i.skuId, sku: summaries.get(i.skuId) ?? null })),
      progress: run ? {
        started_timestamp: toTimestamp(run.startedAt),
        viewed_item_ids: run.viewedItemIds,
        completed: run.completedAt !== null,
        completed_timestamp: run.completedAt === null ? null : toTimestamp(run.completedAt),
      } : null,
    };
  });
}
