import { bigint, check, index, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accounts } from '../accounts/tables.ts';

/**
 * Who follows whom (docs/product/people.md#follows). The key answers "whom does A follow" (A's friends, the
 * talks feed's authors); the second index "who follows B" (B's followers) — each a range scan of one account.
 */
export const peopleFollows = pgTable('people_follows', {
  followerId: bigint('follower_id', { mode: 'number' }).notNull().references(() => accounts.id),
  followeeId: bigint('followee_id', { mode: 'number' }).notNull().references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.followerId, t.followeeId] }),
  index('people_follows_followee_idx').on(t.followeeId, t.followerId),
  check('people_follows_not_self', sql`${t.followerId} <> ${t.followeeId}`),
]);

/**
 * The block list (docs/product/people.md#block-list): the blocker's entries by its key, and "who blocked A" —
 * the check every write that reaches someone makes — by the second index.
 */
export const peopleBlocks = pgTable('people_blocks', {
  blockerId: bigint('blocker_id', { mode: 'number' }).notNull().references(() => accounts.id),
  blockedId: bigint('blocked_id', { mode: 'number' }).notNull().references(() => accounts.id),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.blockerId, t.blockedId] }),
  index('people_blocks_blocked_idx').on(t.blockedId, t.blockerId),
  check('people_blocks_not_self', sql`${t.blockerId} <> ${t.blockedId}`),
]);
