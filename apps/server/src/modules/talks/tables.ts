import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import { communityGroups } from '../community/tables.ts';

/**
 * Talks: short posts, seen on both sites like the community's posts, optionally in a group, optionally a
 * forward of another talk (docs/product/people.md#talks). Deleting keeps the row (`deleted_at`), so a forward
 * can say its original is gone.
 */
export const talks = pgTable('talks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  /** The site it was written on (where its reports go); every site shows it. */
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  groupId: bigint('group_id', { mode: 'number' }).references(() => communityGroups.id),
  forwardOfId: bigint('forward_of_id', { mode: 'number' }).references((): AnyPgColumn => talks.id),
  /** Sanitised HTML (the community's sanitiser). */
  content: text('content').notNull(),
  /** How often this talk was forwarded: changed in the forward's own transaction. */
  forwardCount: integer('forward_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  /** Gone from every list and page: deleted by its author or staff, or hidden by staff (`hiddenByStaff`). */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  /** Staff hid it on a report: it is out of view like a deleted one, but staff may put it back. */
  hiddenByStaff: boolean('hidden_by_staff').notNull().default(false),
}, (t) => [
  // The feed (decisions/0023): one short backwards range scan per followed author (or group) below the cursor,
  // merged — an account following 500 people reads at most 500 × a page of index entries, however many
  // talks there are.
  index('talks_author_feed_idx').on(t.accountId, t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
  index('talks_group_feed_idx').on(t.groupId, t.id.desc()).where(sql`${t.deletedAt} IS NULL AND ${t.groupId} IS NOT NULL`),
  // Everyone's newest, and the recommended candidates (the last days' talks).
  index('talks_recent_idx').on(t.id.desc()).where(sql`${t.deletedAt} IS NULL`),
  index('talks_forward_of_idx').on(t.forwardOfId).where(sql`${t.forwardOfId} IS NOT NULL`),
]);
