import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { COMMUNITY_ACTIONS, REPORT_REASONS, REPORT_RESOLUTIONS, WATCHED_WORD_ACTIONS } from '@lantern/domain';
import { accounts } from '../accounts/tables.ts';

/**
 * Reports (docs/product/community.md#moderation). What the report points at is kept as it was when reported
 * (author, site, summary), so the queue still reads when the target is gone. One open report per reporter and
 * target; every open report on a target is resolved together, by whom and when recorded on each.
 */
export const moderationReports = pgTable(
  'moderation_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** null: filed by the system (a flagged watched word), not by a user. */
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => accounts.id),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    targetAuthorId: bigint('target_author_id', { mode: 'number' }),
    area: text('area', { enum: ['native', 'abroad'] }).notNull(),
    summary: text('summary').notNull().default(''),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    /** The reason's weight when reported (REPORT_REASON_WEIGHTS). */
    severity: integer('severity').notNull(),
    text: text('text').notNull().default(''),
    status: text('status', { enum: ['open', 'upheld', 'dismissed'] }).notNull().default('open'),
    resolution: text('resolution', { enum: REPORT_RESOLUTIONS }),
    resolvedBy: bigint('resolved_by', { mode: 'number' }).references(() => accounts.id),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    note: text('note'),
    /** The staff member working on it (decisions/0035): others see it taken; whoever resolves it, resolves it. */
    claimedBy: bigint('claimed_by', { mode: 'number' }).references(() => accounts.id),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /**
     * Where the target was when reported (decisions/0043): its group (a post's, a comment's post's; null for what
     * belongs to none), which decides who besides staff may work the report, and the path it is read at.
     * The group is the community's, named without a foreign key: moderation sits below it.
     */
    groupId: bigint('group_id', { mode: 'number' }),
    path: text('path'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('moderation_reports_one_open').on(t.reporterId, t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('moderation_reports_queue').on(t.status, t.severity, t.createdAt),
    index('moderation_reports_group').on(t.groupId, t.status, t.severity).where(sql`${t.groupId} is not null`),
    index('moderation_reports_target').on(t.targetType, t.targetId).where(sql`${t.status} = 'open'`),
    index('moderation_reports_reporter').on(t.reporterId, t.status),
    index('moderation_reports_author').on(t.targetAuthorId, t.resolvedAt).where(sql`${t.status} = 'upheld'`),
    check('moderation_reports_resolved', sql`(${t.status} = 'open') = (${t.resolvedAt} is null) and (${t.status} = 'open') = (${t.resolution} is null)`),
    check('moderation_reports_severity', sql`${t.severity} > 0`),
    check('moderation_reports_status', sql`${t.status} in ('open', 'upheld', 'dismissed')`),
    check('moderation_reports_upheld', sql`(${t.status} = 'dismissed') = (${t.resolution} is not distinct from 'dismiss')`),
  ],
);

/** Staff-managed words with what they do (block, censor, require approval, flag), on one site or both (area null). */
export const moderationWatchedWords = pgTable(
  'moderation_watched_words',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** As staff typed it; compared normalized (moderation.ts normalizeWord). */
    word: text('word').notNull(),
    normalized: text('normalized').notNull(),
    action: text('action', { enum: WATCHED_WORD_ACTIONS }).notNull(),
    area: text('area', { enum: ['native', 'abroad'] }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => accounts.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('moderation_watched_words_key').on(t.normalized, sql`coalesce(${t.area}, 'both')`),
    check('moderation_watched_words_not_blank', sql`length(${t.normalized}) > 0`),
    check('moderation_watched_words_action', sql`${t.action} in ('block', 'require_approval', 'flag', 'censor')`),
  ],
);

/**
 * The rate-limit counters per account and action: when the last admitted one was, and how many the current
 * budget window holds. One conditional upsert reads and moves them (throttle.ts), so parallel attempts are
 * counted one after the other under the row's lock (decisions/0013).
 */
export const moderationThrottles = pgTable(
  'moderation_throttles',
  {
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    action: text('action', { enum: COMMUNITY_ACTIONS }).notNull(),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    windowCount: integer('window_count').notNull(),
    /** What the latest attempt met: ok, access_wait or rate_limit. */
    verdict: text('verdict', { enum: ['ok', 'access_wait', 'rate_limit'] }).notNull(),
    attempts: integer('attempts').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.action] }), check('moderation_throttles_count', sql`${t.windowCount} >= 0`), check('moderation_throttles_verdict', sql`${t.verdict} in ('ok', 'access_wait', 'rate_limit')`)],
);

/** Every mute and unmute staff made (the mute itself is the account's `muted_until`), with who, why and when. */
export const moderationMutes = pgTable(
  'moderation_mutes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
    /** null: an unmute. */
    until: timestamp('until', { withTimezone: true }),
    reason: text('reason').notNull(),
    staffId: bigint('staff_id', { mode: 'number' }).references(() => accounts.id),
    reportId: bigint('report_id', { mode: 'number' }).references(() => moderationReports.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('moderation_mutes_account').on(t.accountId, t.createdAt)],
);
