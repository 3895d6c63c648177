import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * A stream's position: the last sequence number given on one account's stream, or on the everyone stream
 * (account 0, broadcasts). The appending transaction holds the row's lock until it commits, so a stream's
 * events commit in the order of their numbers and a reader resuming after number N misses nothing
 * (docs/product/messaging.md#live-push).
 */
export const liveStreams = pgTable('live_streams', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
});

/** An event of a stream, kept for resuming (`Last-Event-ID`) until it is old enough to be pruned. */
export const liveEvents = pgTable('live_events', {
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  type: text('type').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [primaryKey({ columns: [t.accountId, t.seq] }), index('live_events_created_idx').on(t.createdAt)]);
