import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * One notification of one account (docs/product/messaging.md#notifications). What it tells of is snapshotted
 * (excerpt, href) so the centre reads no other module's tables. Likes of one target collapse into one row
 * while it is unread (`collapse_key`, unique among unread rows): `actor_ids` are those who did it, newest last.
 */
export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  recipientId: bigint('recipient_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  actorId: bigint('actor_id', { mode: 'number' }),
  actorIds: bigint('actor_ids', { mode: 'number' }).array().notNull().default(sql`'{}'::bigint[]`),
  actorCount: integer('actor_count').notNull().default(1),
  targetType: text('target_type'),
  targetId: bigint('target_id', { mode: 'number' }),
  collapseKey: text('collapse_key'),
  /** What happened, a word the web translates (`hidden`, `published`, `rejected`…) when the kind alone does not say. */
  detail: text('detail'),
  excerpt: text('excerpt').notNull(),
  href: text('href').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }),
}, (t) => [
  index('notifications_recipient_idx').on(t.recipientId, t.updatedAt, t.id),
  index('notifications_recipient_kind_idx').on(t.recipientId, t.kind, t.updatedAt, t.id),
  index('notifications_unread_idx').on(t.recipientId, t.id).where(sql`read_at IS NULL`),
  // The daily pruning (prune.ts) finds read rows past the kept days without reading the whole table.
  index('notifications_read_at_idx').on(t.readAt).where(sql`read_at IS NOT NULL`),
  uniqueIndex('notifications_collapse_idx').on(t.recipientId, t.collapseKey).where(sql`read_at IS NULL AND collapse_key IS NOT NULL`),
]);

/**
 * Unread notifications per account and kind, moved in the same transaction as the rows they count, so a
 * counter always equals a recount (docs/product/messaging.md#notification-counts).
 */
export const notificationUnreadCounts = pgTable('notification_unread_counts', {
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  kind: text('kind').notNull(),
  unread: integer('unread').notNull(),
}, (t) => [primaryKey({ columns: [t.accountId, t.kind] })]);

/**
 * The account's unread total: the row every change of the account's counters locks first, so they happen one
 * after the other and each live event carries the exact total as its change left it (decisions/0027).
 */
export const notificationUnreadTotals = pgTable('notification_unread_totals', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  unread: integer('unread').notNull(),
});

/** An account's settings: only the kinds turned off are kept (every kind is on by default), and the digest. */
export const notificationSettings = pgTable('notification_settings', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  disabledKinds: text('disabled_kinds').array().notNull().default(sql`'{}'::text[]`),
  emailDigest: boolean('email_digest').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

/** An announcement to everyone on a site (or both), stored once (decisions/0027). */
export const notificationBroadcasts = pgTable('notification_broadcasts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area').notNull(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  href: text('href'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [index('notification_broadcasts_created_idx').on(t.createdAt)]);

/** An account has read a broadcast: the only row a broadcast costs per reader, written when they read it. */
export const notificationBroadcastReads = pgTable('notification_broadcast_reads', {
  broadcastId: bigint('broadcast_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  readAt: timestamp('read_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.accountId, t.broadcastId] })]);

/** When an account's daily e-mail digest was last sent (docs/product/messaging.md#email-digest): one a day at most. */
export const notificationDigests = pgTable('notification_digests', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
});
