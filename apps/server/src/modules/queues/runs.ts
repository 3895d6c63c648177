import { and, eq, isNull, sql } from 'drizzle-orm';
import { queueComplete } from '@lantern/domain';
import type { ExploringQueue } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fail } from '../../platform/errors.ts';
import type { Buyer } from '../../platform/viewer.ts';
import { awardScore } from '../accounts/index.ts';
import { grantCoupon } from '../coupons/index.ts';
import { withNotifications, type NotifyInput } from '../notifications/index.ts';
import { isLive, loadQueues, presentQueues, type LoadedQueue } from './queues.ts';
import { exploringQueues, exploringRuns } from './tables.ts';

/** The queue of the buyer's site, open now; 404 when there is none, `inactive` when it is not open. */
async function liveQueue(deps: Deps, buyer: Buyer, queueId: number): Promise<LoadedQueue> {
  const [loaded] = await loadQueues(deps.db, buyer.area, eq(exploringQueues.id, queueId));
  if (!loaded) throw fail.notFound();
  if (!isLive(loaded.queue, deps.clock.now())) throw fail.unprocessable('queue', 'inactive');
  return loaded;
}

async function present(deps: Deps, buyer: Buyer, loaded: LoadedQueue): Promise<ExploringQueue> {
  const [queue] = await presentQueues(deps.db, [loaded], deps.clock.now(), buyer.accountId);
  return queue!;
}

/** POST /api/promotion/queues/{id}/start: the buyer's run, once (starting again keeps the run as it is). */
export async function startRun(deps: Deps, buyer: Buyer, queueId: number): Promise<ExploringQueue> {
  const loaded = await liveQueue(deps, buyer, queueId);
  await deps.db.insert(exploringRuns).values({ queueId, accountId: buyer.accountId, startedAt: deps.clock.now() }).onConflictDoNothing();
  return present(deps, buyer, loaded);
}

/**
 * Gives the queue's reward to the account, in the transaction that completed its run, and tells them (an
 * `activity` notification, docs/product/messaging.md#activity), so the centre keeps a record of the reward.
 */
async function giveReward(tx: Tx, loaded: LoadedQueue, buyer: Buyer, now: Date, tell: (input: NotifyInput) => void): Promise<void> {
  const { queue } = loaded;
  const notice: NotifyInput = {
    recipientId: buyer.accountId, kind: 'activity', actorId: null, target: { type: 'ExploringQueue', id: queue.id }, detail: 'queue_reward',
    excerpt: queue.area === 'native' ? queue.title.chs || queue.title.en : queue.title.en || queue.title.chs, href: `/queues/${queue.id}`,
  };
  if (queue.rewardPoints !== null) {
    await awardScore(tx, buyer.accountId, queue.rewardPoints, 'exploring_queue', { type: 'exploring_queue', id: queue.id });
    tell(notice);
    return;
  }
  const granted = await grantCoupon(tx, buyer.accountId, queue.area, queue.rewardCouponId!, now);
  // Already holding the coupon is still a reward received; a coupon gone or ended refuses the completion (nothing is written).
  if ('problem' in granted && granted.problem !== 'held') throw fail.unprocessable('reward', 'exhausted');
  tell(notice);
}

/**
 * Records that the server showed a signed-in account one item of a live queue (GET /api/promotion/queue_skus/{id},
 * docs/product/deals.md#queue-run): the item joins the account's run, which it starts if needed. A run already
 * completed, or a queue not open, records nothing. These views, and only these, are what completing rests on.
 */
export async function recordView(deps: Deps, accountId: number, loaded: LoadedQueue, itemId: number): Promise<void> {
  const now = deps.clock.now();
  if (!isLive(loaded.queue, now)) return;
  const item = JSON.stringify([itemId]);
  // One statement: the run started with this item, or the item added to an open run that does not hold it yet.
  await deps.db.execute(sql`
    INSERT INTO exploring_runs AS r (queue_id, account_id, viewed_item_ids, started_at)
    VALUES (${loaded.queue.id}, ${accountId}, ${item}::jsonb, ${now.toISOString()}::timestamptz)
    ON CONFLICT (queue_id, account_id) DO UPDATE SET viewed_item_ids = r.viewed_item_ids || ${item}::jsonb
     WHERE r.completed_at IS NULL AND NOT (r.viewed_item_ids @> ${item}::jsonb)`);
}

/**
 * PATCH /api/promotion/queues/{id} (docs/product/deals.md#exploring-queues): confirms items viewed (each must
 * be one the server recorded showing this account, `recordView`; the client's word alone is `viewed_item_ids:
 * invalid`); `complete: true` finishes the run. A run whose reward was given answers
 * `completed`; finishing with items unseen answers `not_completed`. Finishing sets `completed_at` with a
 * conditional UPDATE (still null) and gives the reward in that same transaction: one reward per account and
 * queue, however many requests race. The reward's notification is written last in that transaction and pushed
 * after it commits.
 */
export async function updateRun(deps: Deps, buyer: Buyer, queueId: number, input: { viewed_item_ids?: number[]; complete?: boolean }): Promise<ExploringQueue> {
  const loaded = await liveQueue(deps, buyer, queueId);
  const itemIds = loaded.items.map((i) => i.id);
  const asked = input.viewed_item_ids ?? [];
  if (asked.some((id) => !itemIds.includes(id))) throw fail.unprocessable('viewed_item_ids', 'invalid');
  await withNotifications(deps, async (tx, tell) => {
    const now = deps.clock.now();
    await tx.insert(exploringRuns).values({ queueId, accountId: buyer.accountId, startedAt: now }).onConflictDoNothing();
    // The row lock serializes this account's updates of the run, so no viewed item is lost between two tabs.
    const [run] = await tx.select().from(exploringRuns).where(and(eq(exploringRuns.queueId, queueId), eq(exploringRuns.accountId, buyer.accountId))).for('update');
    if (run!.completedAt !== null) throw fail.unprocessable('queue', 'completed');
    // What the server saw is the run; a client claiming an item it was never shown gets nothing for it.
    if (asked.some((id) => !run!.viewedItemIds.includes(id))) throw fail.unprocessable('viewed_item_ids', 'invalid');
    const viewed = run!.viewedItemIds.filter((id) => itemIds.includes(id));
    if (input.complete === true && !queueComplete(itemIds, viewed)) throw fail.unprocessable('queue', 'not_completed');
    const finished = await tx.update(exploringRuns)
      .set({ viewedItemIds: sql`${JSON.stringify(viewed)}::jsonb`, completedAt: input.complete === true ? now : null })
      .where(and(eq(exploringRuns.id, run!.id), isNull(exploringRuns.completedAt))).returning({ completedAt: exploringRuns.completedAt });
    if (finished.length === 0) throw fail.unprocessable('queue', 'completed');
    if (input.complete === true) await giveReward(tx as Tx, loaded, buyer, now, tell);
  });
  return present(deps, buyer, loaded);
}
