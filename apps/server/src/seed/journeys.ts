import { inArray } from 'drizzle-orm';
import type { Area, JourneyTaskKind } from '@lantern/domain';
import type { Deps } from '../platform/deps.ts';
import { accounts } from '../modules/accounts/tables.ts';
import { hashPassword } from '../modules/accounts/passwords.ts';
import { inviteCodeOf } from '../modules/invites/index.ts';
import { inviteRegisters } from '../modules/invites/tables.ts';
import { journeyCodeHash } from '../modules/journeys/index.ts';
import { journeyRewards, journeyTasks, journeys } from '../modules/journeys/tables.ts';
import type { LocalizedName } from '../modules/catalog/tables.ts';
import { DEMO_PASSWORD } from './accounts.ts';

const DAY = 24 * 3_600_000;
/** The code of each site's demo journey (docs/demo-data.md). */
export const DEMO_JOURNEY_CODE = 'LANTERN2026';

const TASKS: { kind: JourneyTaskKind; title: LocalizedName; reward: LocalizedName; points: number }[] = [
  { kind: 'share', title: { chs: '把旅程分享给好友', en: 'Share the journey with a friend' }, reward: { chs: '分享奖励', en: 'Sharing reward' }, points: 20 },
  { kind: 'redeem_code', title: { chs: `输入口令 ${DEMO_JOURNEY_CODE}`, en: `Enter the code ${DEMO_JOURNEY_CODE}` }, reward: { chs: '口令奖励', en: 'Code reward' }, points: 50 },
  { kind: 'bind_wechat', title: { chs: '绑定微信账号', en: 'Bind your WeChat account' }, reward: { chs: '绑定奖励', en: 'Binding reward' }, points: 30 },
  { kind: 'register', title: { chs: '在旅程期间注册', en: 'Sign up during the journey' }, reward: { chs: '新人奖励', en: 'Welcome reward' }, points: 10 },
];

/**
 * One journey a site with the four kinds of task (docs/product/engagement.md#tasks-and-journeys), running for
 * two months; demo@ and player@ each have an invite code and one invited friend (friend.demo@, friend.player@,
 * signed up, not yet rewarded: binding a phone as them rewards the inviter).
 */
export async function seedJourneysAndInvites(deps: Deps): Promise<{ journeys: number; invites: number }> {
  const now = deps.clock.now();
  for (const area of ['native', 'abroad'] as Area[]) {
    const [journey] = await deps.db.insert(journeys).values({
      area,
      title: { chs: '灯笼新春旅程', en: 'Lantern spring journey' },
      description: { chs: '完成四个任务，赢取积分奖励。', en: 'Finish four tasks and open your points rewards.' },
      startsAt: new Date(now.getTime() - DAY),
      endsAt: new Date(now.getTime() + 60 * DAY),
    }).returning();
    for (const [position, task] of TASKS.entries()) {
      const [row] = await deps.db.insert(journeyTasks).values({
        journeyId: journey!.id, kind: task.kind, title: task.title, position, codeHash: task.kind === 'redeem_code' ? journeyCodeHash(deps, DEMO_JOURNEY_CODE) : null,
      }).returning();
      await deps.db.insert(journeyRewards).values({ journeyId: journey!.id, taskId: row!.id, title: task.reward, points: task.points });
    }
  }
  const inviters = await deps.db.select({ id: accounts.id, email: accounts.email, homeArea: accounts.homeArea }).from(accounts)
    .where(inArray(accounts.email, ['demo@lantern.test', 'player@lantern.test']));
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  let invites = 0;
  for (const inviter of inviters) {
    await inviteCodeOf(deps.db, inviter.id, now);
    const native = inviter.homeArea === 'native';
    const friendEmail = native ? 'friend.demo@lantern.test' : 'friend.player@lantern.test';
    const [friend] = await deps.db.insert(accounts).values({
      nickname: native ? '灯笼新朋友' : 'NewFriend', email: friendEmail, passwordHash, homeArea: inviter.homeArea, region: native ? 'cn' : 'global',
    }).returning({ id: accounts.id });
    await deps.db.insert(inviteRegisters).values({ inviterId: inviter.id, inviteeId: friend!.id, area: inviter.homeArea, ip: native ? '198.51.100.7' : '198.51.100.8', state: 'registered', createdAt: now });
    invites += 1;
  }
  return { journeys: 2, invites };
}
