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

/**
 * What an `activity` notification tells of (its `detail`, docs/product/messaging.md#activity): an exploring queue's
 * reward, a lottery prize won, a red-packet part opened, and someone opening the packet the reader shared (these
 * last collapse per packet while unread).
 */
export const ACTIVITY_NOTICE_DETAILS = ['queue_reward', 'lottery_prize', 'red_packet_opened', 'red_packet_shared'] as const;
export type ActivityNoticeDetail = (typeof ACTIVITY_NOTICE_DETAILS)[number];

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

/** The counter group a kind belongs to (docs/product/messaging.md#notification-counts). */
export type NotificationGroup = keyof typeof NOTIFICATION_GROUPS;
export const NOTIFICATION_GROUP_NAMES = Object.keys(NOTIFICATION_GROUPS) as NotificationGroup[];

export function groupOfKind(kind: NotificationKind): NotificationGroup {
  for (const group of NOTIFICATION_GROUP_NAMES) if ((NOTIFICATION_GROUPS[group] as readonly string[]).includes(kind)) return group;
  throw new Error(`notification kind ${kind} has no counter group`);
}

export const isNotificationKind = (value: string): value is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(value);

/** Notifications a page of the centre shows (docs/product/messaging.md#notification-centre). */
export const NOTIFICATIONS_PER_PAGE = 10;

/** The longest excerpt a notification keeps of what it tells about (a comment's text, a headline's title). */
export const NOTIFICATION_EXCERPT_MAX = 120;

/**
 * How long a notification is kept once read (docs/product/messaging.md#notification-pruning): the centre is
 * for what is new, and half a year of read history is more than anyone scrolls back; unread ones stay.
 */
export const READ_NOTIFICATION_KEPT_DAYS = 180;

/** The oldest read time a kept notification may have at `now`; read before it, the notification goes. */
export function readNotificationsKeptSince(now: Date): Date {
  return new Date(now.getTime() - READ_NOTIFICATION_KEPT_DAYS * 86_400_000);
}

/**
 * An account's notification settings (docs/product/messaging.md#notification-settings): every kind on and the
 * e-mail digest off until the account says otherwise.
 */
export interface NotificationSettings {
  readonly kinds: Readonly<Record<NotificationKind, boolean>>;
  readonly email_digest: boolean;
}

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, true])) as Record<NotificationKind, boolean>,
  email_digest: false,
};

/** Stored settings (only the kinds turned off are kept) laid over the defaults. */
export function notificationSettings(disabledKinds: readonly string[], emailDigest: boolean): NotificationSettings {
  const off = new Set(disabledKinds);
  return {
    kinds: Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, !off.has(kind)])) as Record<NotificationKind, boolean>,
    email_digest: emailDigest,
  };
}

/**
 * Whether a notification is sent (docs/product/messaging.md#who-is-told): never for one's own action, never a
 * kind the recipient turned off.
 */
export function shouldNotify(input: { recipientId: number; actorId: number | null; kind: NotificationKind; disabledKinds: readonly string[] }): boolean {
  if (input.actorId !== null && input.actorId === input.recipientId) return false;
  return !input.disabledKinds.includes(input.kind);
}

/** Cuts an excerpt to its most, on a character (not a UTF-16 unit) boundary, with an ellipsis. */
export function notificationExcerpt(text: string): string {
  const plain = text.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim();
  const chars = [...plain];
  return chars.length <= NOTIFICATION_EXCERPT_MAX ? plain : `${chars.slice(0, NOTIFICATION_EXCERPT_MAX - 1).join('')}…`;
}

/** The notification centre's tabs in their order: the four counter groups, then the site's announcements. */
export const NOTIFICATION_CENTRE_TABS = ['comment_num', 'at_num', 'notice_num', 'system_num', 'broadcast_num'] as const;
export type NotificationCentreTab = (typeof NOTIFICATION_CENTRE_TABS)[number];

/**
 * The tab /messages opens on when none is asked for (docs/product/messaging.md#notification-centre): the first,
 * in the tabs' order, with something unread, so the reader lands on what the badge told of; the first when
 * nothing is unread.
 */
export function openingNotificationTab(unread: Readonly<Record<NotificationCentreTab, number>>): NotificationCentreTab {
  return NOTIFICATION_CENTRE_TABS.find((tab) => unread[tab] > 0) ?? NOTIFICATION_CENTRE_TABS[0];
}
