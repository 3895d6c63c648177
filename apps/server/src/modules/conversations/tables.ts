import { bigint, bigserial, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { PRIVATE_MESSAGE_KINDS } from '@lantern/domain';

/**
 * One conversation per pair of accounts (lower id first, conversationPair). Its row is the lock every send in
 * it takes first, so a conversation's messages commit in the order of their ids (decisions/0028).
 */
export const conversations = pgTable('conversations', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  lowAccountId: bigint('low_account_id', { mode: 'number' }).notNull(),
  highAccountId: bigint('high_account_id', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [uniqueIndex('conversations_pair_idx').on(t.lowAccountId, t.highAccountId)]);

/**
 * Each member's side of a conversation (docs/product/messaging.md#unread-counts): the messages it has not read
 * (kept exact in the sending and reading transactions), how far it read, and how far it deleted — the history up
 * to `deleted_up_to` is gone for this member only, and a newer message opens the conversation again.
 */
export const conversationMembers = pgTable('conversation_members', {
  conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
  accountId: bigint('account_id', { mode: 'number' }).notNull(),
  otherAccountId: bigint('other_account_id', { mode: 'number' }).notNull(),
  unreadCount: integer('unread_count').notNull().default(0),
  lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
  deletedUpTo: bigint('deleted_up_to', { mode: 'number' }).notNull().default(0),
  lastMessageId: bigint('last_message_id', { mode: 'number' }).notNull().default(0),
  lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
}, (t) => [
  primaryKey({ columns: [t.conversationId, t.accountId] }),
  index('conversation_members_list_idx').on(t.accountId, t.lastMessageAt, t.conversationId),
]);

/**
 * An account's unread total over all its conversations: the private-messages badge. Moved by the same
 * statements as the members' counts, and its row lock orders the badge values the live events carry.
 */
export const conversationInboxes = pgTable('conversation_inboxes', {
  accountId: bigint('account_id', { mode: 'number' }).primaryKey(),
  unreadTotal: integer('unread_total').notNull().default(0),
});

/** A message: words, or a shared game (its SKU; the price shown is the game's live one when read). */
export const privateMessages = pgTable('private_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  conversationId: bigint('conversation_id', { mode: 'number' }).notNull(),
  senderId: bigint('sender_id', { mode: 'number' }).notNull(),
  kind: text('kind', { enum: PRIVATE_MESSAGE_KINDS }).notNull(),
  content: text('content').notNull(),
  skuId: bigint('sku_id', { mode: 'number' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [index('private_messages_conversation_idx').on(t.conversationId, t.id)]);
