import type { GrantedReward, RewardAnnouncer } from '../accounts/index.ts';
import { pushLiveEvents } from '../live/index.ts';
import { notify, type NotifyInput } from './notify.ts';

/** What the reward was for, in the language of the site where it was earned (the centre shows it under the sentence). */
const EXCERPTS: Record<GrantedReward['area'], Record<GrantedReward['task'], (score: number) => string>> = {
  native: { bind_email: (score) => `绑定邮箱 +${score} 积分`, bind_phone: (score) => `绑定手机 +${score} 积分` },
  abroad: { bind_email: (score) => `+${score} points for binding your e-mail`, bind_phone: (score) => `+${score} points for binding your phone` },
};

/**
 * `register_reward` (docs/product/messaging.md#welcome-rewards): the points a new account earns for binding its
 * first e-mail or phone. The task's own key makes the reward once, so the notification is once too. It has no
 * target (a task is no row of its own; one call never grants two), and its link is the points record.
 */
export function rewardNotices(rewards: readonly GrantedReward[]): NotifyInput[] {
  return rewards.map((reward) => ({
    recipientId: reward.accountId,
    kind: 'register_reward',
    actorId: null,
    excerpt: EXCERPTS[reward.area][reward.task](reward.score),
    href: '/user_center/points',
  }));
}

/** Provided to accounts from this module's setup: written in the reward's transaction, pushed after it commits. */
export const announceRewardsInCentre: RewardAnnouncer = async (tx, deps, rewards) => {
  const events = await notify(tx, deps, rewardNotices(rewards));
  return () => pushLiveEvents(deps, events);
};
