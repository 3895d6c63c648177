import { z } from 'zod';
import {
  MUTE_DAYS_MAX, REPORT_REASONS, REPORT_RESOLUTIONS, REPORT_TEXT_MAX, WATCHED_WORD_ACTIONS, WATCHED_WORD_MAX,
} from '@lantern/domain';
import { area, listMeta, pagingQuery, someChange, timestamp } from './common.ts';

/** Moderation (docs/product/community.md#moderation): reports, the staff queue, watched words, mutes. */
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const reportReason = z.enum(REPORT_REASONS);
export const reportResolution = z.enum(REPORT_RESOLUTIONS);
export const watchedWordAction = z.enum(WATCHED_WORD_ACTIONS);
/** What a report points at: a type a community module registered (post, comment, talk, headline…). */
export const reportTargetType = z.string().trim().regex(/^[a-z][a-z_]{0,39}$/);

/** POST /api/reports */
export const createReportRequest = z.object({
  report: z.object({
    target_type: reportTargetType,
    target_id: id,
    reason: reportReason,
    text: z.string().trim().max(REPORT_TEXT_MAX).optional(),
  }),
});

export const report = z.object({
  id: z.number().int(),
  target_type: z.string(),
  target_id: z.number().int(),
  reason: reportReason,
  text: z.string(),
  status: z.enum(['open', 'upheld', 'dismissed']),
  created_at_timestamp: timestamp,
});
export type Report = z.infer<typeof report>;

/** One report as the staff queue shows it: who reported, how reliable they have been, what it points at. */
export const queuedReport = report.extend({
  area,
  /** null: a system report (a flagged watched word). */
  reporter_id: z.number().int().nullable(),
  reporter_accuracy: z.number(),
  severity: z.number().int(),
  target_author_id: z.number().int().nullable(),
  summary: z.string(),
  resolution: reportResolution.nullable(),
  resolved_by: z.number().int().nullable(),
  resolved_at_timestamp: timestamp.nullable(),
  /** Who is working on it (decisions/0035); null when nobody claimed it. */
  claimed_by: z.number().int().nullable(),
  claimed_at_timestamp: timestamp.nullable(),
  /** The group the reported item was in when reported (a post's, a comment's post's), or null: who besides staff may work it. */
  group_id: z.number().int().nullable(),
  /** Where the item is read, as it was when reported (a comment: its post's page at the comment), or null. */
  path: z.string().nullable(),
});
export type QueuedReport = z.infer<typeof queuedReport>;

/** `area`: only the reports of one site's content (the web's queue asks for its own site's); all when absent. */
export const reportQueueQuery = pagingQuery(20).extend({ status: z.enum(['open', 'upheld', 'dismissed']).default('open'), area: area.optional() });
export const reportQueueResponse = z.object({ reports: z.array(queuedReport), meta: listMeta });

/** POST /api/admin/reports/{id}/resolve: resolves every open report on the report's target. */
export const resolveReportRequest = z.object({
  resolution: z.object({
    action: reportResolution,
    mute_days: z.number().int().min(1).max(MUTE_DAYS_MAX).optional(),
    note: z.string().trim().max(500).optional(),
  }),
});
export const resolveReportResponse = z.object({
  target_type: z.string(),
  target_id: z.number().int(),
  action: reportResolution,
  resolved_report_ids: z.array(z.number().int()),
  unmute_at_timestamp: timestamp.nullable(),
});

export const watchedWord = z.object({
  id: z.number().int(),
  word: z.string(),
  action: watchedWordAction,
  /** null: both sites. */
  area: area.nullable(),
  created_at_timestamp: timestamp,
});
const wordText = z.string().trim().min(1).max(WATCHED_WORD_MAX);
export const createWatchedWordRequest = z.object({ watched_word: z.object({ word: wordText, action: watchedWordAction, area: area.nullable().default(null) }) });
export const updateWatchedWordRequest = z.object({ watched_word: someChange(z.object({ word: wordText.optional(), action: watchedWordAction.optional(), area: area.nullable().optional() })) });
export const watchedWordsQuery = pagingQuery(50, 200).extend({ area: area.optional() });
export const watchedWordsResponse = z.object({ watched_words: z.array(watchedWord), meta: listMeta });

/** POST /api/admin/accounts/{id}/mute */
export const muteRequest = z.object({ mute: z.object({ days: z.number().int().min(1).max(MUTE_DAYS_MAX), reason: z.string().trim().min(1).max(200) }) });
export const muteState = z.object({ account_id: z.number().int(), is_mute: z.boolean(), unmute_at_timestamp: timestamp.nullable() });

/** GET /api/admin/approvals: what watched words that require approval hold back, oldest first, per site. */
export const approvalsQuery = pagingQuery(20).extend({ area });
export const pendingItem = z.object({
  /** The registered type: `post` (posts and reviews) or `comment` (comments and replies). */
  type: z.string(),
  id: z.number().int(),
  kind: z.string(),
  author_id: z.number().int(),
  area,
  summary: z.string(),
  created_at_timestamp: timestamp,
});
export const approvalsResponse = z.object({ approvals: z.array(pendingItem), meta: z.object({ page: z.number().int(), per: z.number().int() }) });
export const moderationTargetParams = z.object({ type: reportTargetType, id: z.coerce.number().int().positive() });
/** The answer of approve, reject and unhide. */
export const moderationActionResponse = z.object({ type: z.string(), id: z.number().int(), state: z.enum(['published', 'deleted']) });

/** POST and DELETE /api/admin/reports/{id}/claim: the target's open reports taken or given back. */
export const claimReportResponse = z.object({
  claimed_report_ids: z.array(z.number().int()),
  claimed_by: z.number().int().nullable(),
  claimed_at_timestamp: timestamp.nullable(),
});

/** POST /api/admin/content/{type}/{id}/{hide|delete}: staff act on a published item from its page. */
export const CONTENT_ACTIONS = ['hide', 'delete'] as const;
export const contentActionResponse = z.object({
  type: z.string(),
  id: z.number().int(),
  action: z.enum(CONTENT_ACTIONS),
  /** The item's open reports, upheld with the action in the same transaction. */
  resolved_report_ids: z.array(z.number().int()),
});

export { MODERATION_API } from './paths/moderation.ts';
