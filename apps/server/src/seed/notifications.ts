import { inArray, like } from 'drizzle-orm';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { createBroadcast, notifyNow, type NotifyInput } from '../modules/notifications/index.ts';

/**
 * The notification centre's demo (docs/product/messaging.md#notifications): for demo@ (mainland) and player@
 * (international), one notification of each kind the other seeds do not produce on their own — a key, a wished
 * game on sale, a welcome reward, a promotion, a staff approval, likes collapsed from three members — written
 * through `notifyNow` so the counters hold; and one announcement per site, stored once.
 */
export async function seedNotifications(deps: Deps): Promise<{ notifications: number; broadcasts: number }> {
  const demos = await deps.db.select({ id: accounts.id, email: accounts.email }).from(accounts).where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
  const members = await deps.db.select({ id: accounts.id, area: accounts.homeArea }).from(accounts).where(like(accounts.email, '%member%@lantern.test')).orderBy(accounts.id);
  let written = 0;
  for (const demo of demos) {
    const native = demo.email === 'demo@lantern.test';
    const likers = members.filter((m) => m.area === (native ? 'native' : 'abroad')).slice(0, 3);
    const inputs: NotifyInput[] = [
      { recipientId: demo.id, kind: 'key', actorId: null, excerpt: native ? '星际拓荒 · Steam 激活码' : 'Outer Wilds · Steam key', href: '/user_center/keys' },
      { recipientId: demo.id, kind: 'wish', actorId: null, excerpt: native ? '愿望单游戏降价 40%' : 'A wished game is 40% off', href: '/user_center/wishes' },
      { recipientId: demo.id, kind: 'register_reward', actorId: null, excerpt: native ? '100 积分已到账' : '100 points added', href: '/user_center/points' },
      { recipientId: demo.id, kind: 'activity', actorId: null, excerpt: native ? '你参加的捆绑包活动即将结束' : 'The bundle you joined ends soon', href: '/bundles' },
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
