import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from '../accounts/tables.ts';
import type { LocalizedName } from '../catalog/tables.ts';

/**
 * A red-packet event (docs/product/deals.md#red-packets) on one site: each account may take one packet of
 * `amount` cents in `parts`, while packets are left; the store funds `packet_count` packets.
 */
export const redPacketEvents = pgTable('red_packet_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  area: text('area', { enum: ['native', 'abroad'] }).notNull(),
  title: jsonb('title').$type<LocalizedName>().notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  parts: integer('parts').notNull(),
  packetCount: integer('packet_count').notNull(),
  packetsLeft: integer('packets_left').notNull(),
  fromAt: timestamp('from_at', { withTimezone: true }).notNull(),
  toAt: timestamp('to_at', { withTimezone: true }).notNull(),
  /** Only accounts registered at or after this may open parts (an event for new accounts), or null. */
  openersRegisteredAfter: timestamp('openers_registered_after', { withTimezone: true }),
  closed: boolean('closed').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('red_packet_events_area_idx').on(t.area, t.fromAt),
  check('red_packet_events_window_valid', sql`${t.toAt} > ${t.fromAt}`),
  check('red_packet_events_terms_valid', sql`${t.parts} >= 1 AND ${t.amount} >= ${t.parts}`),
  check('red_packet_events_left_valid', sql`${t.packetsLeft} >= 0 AND ${t.packetsLeft} <= ${t.packetCount}`),
]);

/**
 * A packet an account (its sharer) took: once per account and event (the unique key is `own_limit` under
 * concurrent takes). `share_token` is the secret part of the share link: the sequential id alone opens nothing.
 */
export const redPackets = pgTable('red_packets', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  eventId: bigint('event_id', { mode: 'number' }).notNull().references(() => redPacketEvents.id),
  accountId: bigint('account_id', { mode: 'number' }).notNull().references(() => accounts.id),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  currency: text('currency', { enum: ['CNY', 'USD'] }).notNull(),
  parts: integer('parts').notNull(),
  shareToken: text('share_token').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  uniqueIndex('red_packets_event_account_key').on(t.eventId, t.accountId),
  uniqueIndex('red_packets_share_token_key').on(t.shareToken),
]);

/**
 * The parts of a packet, split when it is taken (domain `splitRedPacket`): an opening claims the next
 * unopened part (FOR UPDATE SKIP LOCKED), so openings never exceed the parts; the unique (packet, opener)
 * key means no account opens one packet twice, whatever arrives at once.
 */
export const redPacketParts = pgTable('red_packet_parts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  packetId: bigint('packet_id', { mode: 'number' }).notNull().references(() => redPackets.id),
  position: integer('position').notNull(),
  amount: bigint('amount', { mode: 'number' }).notNull(),
  openerId: bigint('opener_id', { mode: 'number' }).references(() => accounts.id),
  openedAt: timestamp('opened_at', { withTimezone: true }),
}, (t) => [
  uniqueIndex('red_packet_parts_packet_position_key').on(t.packetId, t.position),
  uniqueIndex('red_packet_parts_packet_opener_key').on(t.packetId, t.openerId),
  index('red_packet_parts_unopened_idx').on(t.packetId, t.position).where(sql`${t.openerId} IS NULL`),
  index('red_packet_parts_opener_idx').on(t.openerId),
  check('red_packet_parts_amount_valid', sql`${t.amount} >= 1`),
]);
