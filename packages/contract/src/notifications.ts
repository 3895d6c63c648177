import { z } from 'zod';
import { isSameOriginPath, NOTIFICATION_KINDS, NOTIFICATIONS_PER_PAGE } from '@lantern/domain';
import { pagingQuery } from './common.ts';

export { NOTIFICATIONS_API } from './paths/notifications.ts';

export const notificationKind = z.enum(NOTIFICATION_KINDS);

const actor = z.object({ id: z.number().int(), nickname: z.string(), avatar_url: z.string().nullable() });

/** One notification: who did what to which of the reader's things; likes on one target collapse into one while unread. */
export const notification = z.object({
  id: z.number().int(),
  kind: notificationKind,
  actor: actor.nullable(),
  /** How many people did it (collapsed likes: "12 people liked your review"); 1 otherwise. */
  actor_count: z.number().int(),
  target_type: z.string().nullable(),
  target_id: z.number().int().nullable(),
  /** What happened when the kind alone does not say: operate `hidden`/`deleted`/`muted`/`approved`/`restored`, headline_auth `published`/`rejected`. */
  detail: z.string().nullable(),
  excerpt: z.string(),
  href: z.string(),
  read: z.boolean(),
  created_at_timestamp: z.number().int(),
  updated_at_timestamp: z.number().int(),
});
export type Notification = z.infer<typeof notification>;

/** GET /api/messages: 10 a page, newest first; `q[where][kind]` one kind or several. */
export const notificationsQuery = pagingQuery(NOTIFICATIONS_PER_PAGE, 50).extend({
  q: z.object({
    where: z.object({ kind: z.union([notificationKind, z.array(notificationKind).max(NOTIFICATION_KINDS.length)]).optional() }).optional(),
  }).optional(),
});
export const notificationsResponse = z.object({
  messages: z.array(notification),
  meta: z.object({ total_count: z.number().int(), page: z.number().int(), per: z.number().int() }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** The unread counters (docs/product/messaging.md#notification-counts), and the unread broadcasts of this site. */
export const notificationCounters = z.object({
  total: z.number().int(),
  comment_num: z.number().int(),
  at_num: z.number().int(),
  notice_num: z.number().int(),
  system_num: z.number().int(),
  broadcast_num: z.number().int(),
  by_kind: z.record(z.string(), z.number().int()),
});
export type NotificationCounters = z.infer<typeof notificationCounters>;

export const broadcastSite = z.enum(['native', 'abroad', 'both']);
export const broadcast = z.object({
  id: z.number().int(),
  area: broadcastSite,
  title: z.string(),
  content: z.string(),
  href: z.string().nullable(),
  read: z.boolean(),
  created_at_timestamp: z.number().int(),
});
export type Broadcast = z.infer<typeof broadcast>;

export const notificationSettingsView = z.object({
  kinds: z.record(notificationKind, z.boolean()),
  email_digest: z.boolean(),
});
export type NotificationSettingsView = z.infer<typeof notificationSettingsView>;

/** GET /api/messages/service: the kinds, the site's broadcasts (newest first), which are read, the counters, the settings. */
export const notificationServiceResponse = z.object({
  kinds: z.array(notificationKind),
  broadcasts: z.array(broadcast),
  read_broadcasts: z.array(z.number().int()),
  counters: notificationCounters,
  settings: notificationSettingsView,
});
export type NotificationServiceResponse = z.infer<typeof notificationServiceResponse>;

/**
 * PATCH /api/messages/service: marks read the notifications named (`ids`), those of some kinds (`kinds`), or
 * all (`all`); and broadcasts (`broadcast_ids`). Answers the counters after.
 */
export const markReadRequest = z.object({
  ids: z.array(z.number().int().positive()).max(100).optional(),
  kinds: z.array(notificationKind).max(NOTIFICATION_KINDS.length).optional(),
  all: z.boolean().optional(),
  broadcast_ids: z.array(z.number().int().positive()).max(100).optional(),
});
export type MarkReadRequest = z.infer<typeof markReadRequest>;
export const markReadResponse = z.object({ counters: notificationCounters, read_broadcasts: z.array(z.number().int()) });

/** POST /api/accounts_notifications: kinds on or off (those left out keep their setting) and the e-mail digest. */
export const notificationSettingsRequest = z.object({
  accounts_notification: z.object({
    kinds: z.partialRecord(notificationKind, z.boolean()).optional(),
    email_digest: z.boolean().optional(),
  }),
});
export type NotificationSettingsRequest = z.infer<typeof notificationSettingsRequest>;
export const notificationSettingsResponse = z.object({ accounts_notification: notificationSettingsView });

/** Staff: POST /api/admin/broadcasts — one announcement for a site or both, stored once. */
export const createBroadcastRequest = z.object({
  broadcast: z.object({
    area: broadcastSite,
    title: z.string().trim().min(1).max(80),
    content: z.string().trim().min(1).max(2000),
    href: z.string().max(300).refine(isSameOriginPath).nullable().optional(),
  }),
});
export const createBroadcastResponse = z.object({ broadcast: broadcast.omit({ read: true }) });
