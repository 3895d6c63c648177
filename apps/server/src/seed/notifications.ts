import { and, eq, gt, inArray, like } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { exploringQueues } from '../modules/queues/tables.ts';
import { lotteryActivities } from '../modules/lottery/tables.ts';
import { BIND_TASK_SCORE } from '@lantern/domain';
import { createBroadcast, notifyNow, rewardNotices, type NotifyInput } from '../modules/notifications/index.ts';

/**
 * The notification centre's demo (docs/product/messaging.md#notifications): for demo@ (mainland) and player@
 * (international), one notification of each kind the other seeds do not produce on their own — a key, a wished
 * game on sale, a welcome reward, an exploring queue's reward, a lottery prize, a staff approval, likes collapsed from three members — written
 * through `notifyNow` so the counters hold; and one announcement per site, stored once.
 */
export async function seedNotifications(deps: Deps): Promise<{ notifications: number; broadcasts: number }> {
  const demos = await deps.db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
  const members = await deps.db.select({ id: accounts.id, area: accounts.homeArea }).from(accounts).where(like(accounts.email, '%member%@lantern.test')).orderBy(accounts.id);
  let written = 0;
  for (const demo of demos) {
    const native = demo.email === 'demo@lantern.test';
    const likers = members.filter((m) => m.area === (native ? 'native' : 'abroad')).slice(0, 3);
    const [queue] = await deps.db.select({ id: exploringQueues.id, title: exploringQueues.title }).from(exploringQueues)
      .where(eq(exploringQueues.area, native ? 'native' : 'abroad')).orderBy(exploringQueues.id).limit(1);
    const [lottery] = await deps.db.select({ id: lotteryActivities.id, title: lotteryActivities.title }).from(lotteryActivities)
      .where(and(eq(lotteryActivities.area, native ? 'native' : 'abroad'), gt(lotteryActivities.toAt, deps.clock.now()))).orderBy(lotteryActivities.id).limit(1);
    const inputs: NotifyInput[] = [
      { recipientId: demo.id, kind: 'key', actorId: null, excerpt: native ? '星际拓荒 · Steam 激活码' : 'Outer Wilds · Steam key', href: '/user_center/keys' },
      { recipientId: demo.id, kind: 'wish', actorId: null, excerpt: native ? '愿望单游戏降价 40%' : 'A wished game is 40% off', href: '/user_center/wishes' },
      // Worded as the store words them: the binding reward (accounts' announcer) and the demo exploring queue's reward.
      ...rewardNotices([{ accountId: demo.id, task: native ? 'bind_phone' : 'bind_email', score: BIND_TASK_SCORE, area: native ? 'native' : 'abroad' }]),
      ...(queue ? [{
        recipientId: demo.id, kind: 'activity' as const, actorId: null, target: { type: 'ExploringQueue', id: queue.id }, detail: 'queue_reward',
        excerpt: native ? queue.title.chs : queue.title.en, href: `/queues/${queue.id}`,
      }] : []),
      // A lottery prize, worded as a draw words it (docs/product/messaging.md#lottery-prize).
      ...(lottery ? [{
        recipientId: demo.id, kind: 'activity' as const, actorId: null, detail: 'lottery_prize',
        excerpt: native ? `${lottery.title.chs}: 200 积分` : `${lottery.title.en}: 200 points`, href: `/lottery/${lottery.id}`,
      }] : []),
      { recipientId: demo.id, kind: 'operate', actorId: null, detail: 'approved', excerpt: native ? '你的评测已通过审核' : 'Your review passed moderation', href: '/messages?tab=system' },
    ];
    for (const input of inputs) written += (await notifyNow(deps, input)).length;
    // Three members' likes of one of the demo's things collapse into one notification ("3 people liked").
    for (const liker of likers) await notifyNow(deps, { recipientId: demo.id, kind: 'like', actorId: liker.id, target: { type: 'Talk', id: 0 }, excerpt: '', href: '/talks' });
    if (likers.length > 0) written += 1;
  }
  await createBroadcast(deps, { area: 'native', title: '系统维护通知', content: '本周四凌晨 2:00–3:00 进行系统维护，期间暂停下单。', href: '/notices' });
  await createBroadcast(deps, { area: 'abroad', title: 'Scheduled maintenance', content: 'Checkout pauses on Thursday from 02:00 to 03:00 (UTC+8) for maintenance.', href: '/notices' });
  return { notifications: written, broadcasts: 2 };
}
