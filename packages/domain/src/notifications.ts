/**
 * Notification counters and the visible notification bar (docs/product/messaging.md#notifications).
 */
import { VISIBLE_NOTIFICATIONS_MAX } from './constants.ts';

export const NOTIFICATION_KINDS = [
  'comment',
  'reply',
  'at',
  'follow',
  'like',
  'operate',
  'headline_auth',
  'key',
  'wish',
  'register_reward',
  'activity',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Which counter of the notification centre each kind belongs to. */
export const NOTIFICATION_GROUPS = {
  comment_num: ['comment', 'reply'],
  notice_num: ['follow', 'like'],
  system_num: ['operate', 'headline_auth', 'key', 'wish', 'register_reward', 'activity'],
  at_num: ['at'],
} as const satisfies Record<string, readonly NotificationKind[]>;

export interface NotificationCounts {
  readonly total: number;
  readonly comment_num: number;
  readonly notice_num: number;
  readonly system_num: number;
  readonly at_num: number;
}

export function notificationCounts(byKind: Partial<Record<NotificationKind, number>>): NotificationCounts {
  const sum = (kinds: readonly NotificationKind[]) => kinds.reduce((acc, kind) => acc + (byKind[kind] ?? 0), 0);
  return {
    total: sum(NOTIFICATION_KINDS),
    comment_num: sum(NOTIFICATION_GROUPS.comment_num),
    notice_num: sum(NOTIFICATION_GROUPS.notice_num),
    system_num: sum(NOTIFICATION_GROUPS.system_num),
    at_num: sum(NOTIFICATION_GROUPS.at_num),
  };
}

/** Adds a notification to the bar (oldest first); beyond 3, the oldest are dropped. */
export function pushVisibleNotification<T>(list: readonly T[], item: T): T[] {
  return [...list, item].slice(-VISIBLE_NOTIFICATIONS_MAX);
}
