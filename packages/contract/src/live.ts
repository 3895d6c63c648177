import { z } from 'zod';

export { LIVE_API, LIVE_STREAM_EVENTS } from './live-paths.ts';

/**
 * What the live stream (GET /api/live, Server-Sent Events) carries, whatever module wrote it
 * (docs/product/messaging.md#live-push). Every event has its stream's id (`Last-Event-ID`), a type the web
 * knows, and data of that type. An event that moves a badge carries the badge's new value, so the header
 * changes without another request.
 */
export const liveBadges = z.object({
  private_messages: z.number().int().optional(),
  notifications: z.number().int().optional(),
});
export type LiveBadges = z.infer<typeof liveBadges>;

/**
 * What the notification bar shows for an event (at most 3 at once, docs/product/messaging.md#notification-bar):
 * who did it, the kind (a notification kind, or `private_message`), a short excerpt, and where a click goes.
 * The web words the sentence by kind in the site's language.
 */
export const liveBarItem = z.object({
  kind: z.string(),
  actor: z.object({ id: z.number().int(), nickname: z.string(), avatar: z.string().nullable() }).nullable(),
  excerpt: z.string(),
  href: z.string(),
  /** Collapsed likes: how many people did it ("12 people liked your review"). */
  count: z.number().int().optional(),
});
export type LiveBarItem = z.infer<typeof liveBarItem>;

/** The data of any live event: its own fields, and optionally the badges it moved and what the bar shows. */
export const liveEventData = z.object({ badges: liveBadges.optional(), bar: liveBarItem.optional() }).passthrough();
export type LiveEventData = z.infer<typeof liveEventData>;

/** The data of every message on the stream. */
export const liveMessage = z.object({ type: z.string(), data: liveEventData });
export type LiveMessage = z.infer<typeof liveMessage>;
