/**
 * Notifications (docs/product/messaging.md#notifications; decisions/0027): the notification centre, its exact
 * unread counters, settings and broadcasts. Above accounts (the badge it provides, actors' names) and live (the
 * events it writes); below every producer — discussion, people, moderation, headlines, and the commerce
 * modules — which call `notify` (in their transaction) or `notifyNow` (after their one-statement write).
 */
import type { ServerModule } from '../../platform/module.ts';
import { provideNotiBadges, provideRewardAnnouncer } from '../accounts/index.ts';
import { countersOfMany } from './counters.ts';
import { emailDigestJob } from './digest.ts';
import { pruneReadNotificationsJob } from './prune.ts';
import { notificationRoutes, notificationStaffRoutes } from './routes.ts';
import { announceRewardsInCentre } from './reward-notices.ts';
import * as tables from './tables.ts';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  routes: notificationRoutes,
  staffRoutes: notificationStaffRoutes,
  // The daily e-mail digest of unread notifications (docs/product/messaging.md#email-digest); read ones pruned
  // after half a year (docs/product/messaging.md#notification-pruning).
  jobs: [emailDigestJob, pruneReadNotificationsJob],
  tables,
  setup: () => {
    // `noti_badges` on the account, whose total is its `notifications` badge (docs/product/messaging.md#notification-counts).
    provideNotiBadges(countersOfMany);
    // `register_reward` when a new account earns its binding points (docs/product/messaging.md#welcome-rewards).
    provideRewardAnnouncer(announceRewardsInCentre);
  },
};

export { notify, notifyNow, withNotifications, registerRecipientFilter, type NotifyInput, type RecipientFilter } from './notify.ts';
export { countersOf, recount } from './counters.ts';
export { settingsOf } from './settings.ts';
export { createBroadcast } from './broadcasts.ts';
export { rewardNotices } from './reward-notices.ts';
export { sendDigests } from './digest.ts';
export { pruneReadNotifications } from './prune.ts';
