import { and, desc, eq, gt, inArray, lt } from 'drizzle-orm';
import type { Conversation } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { publicAccountsByIds } from '../accounts/index.ts';
import { accountOf, presentMessages } from './presenter.ts';
import { conversationMembers, privateMessages } from './tables.ts';
import { markConversation, visibleMember } from './unread.ts';

type Reader = Viewer & { accountId: number };

/**
 * GET /api/conversations: the reader's conversations with something left to see, the latest message first,
 * `per` a page; the list is finished when a page brings fewer (docs/product/messaging.md#private-messages).
 */
export async function listConversations(deps: Deps, reader: Reader, page: number, per: number) {
  const members = await deps.db.select().from(conversationMembers)
    .where(and(eq(conversationMembers.accountId, reader.accountId), gt(conversationMembers.lastMessageId, conversationMembers.deletedUpTo)))
    .orderBy(desc(conversationMembers.lastMessageAt), desc(conversationMembers.conversationId))
    .limit(per).offset((page - 1) * per);
  const lastIds = members.map((m) => m.lastMessageId);
  const [lastRows, others] = await Promise.all([
    lastIds.length === 0 ? Promise.resolve([]) : deps.db.select().from(privateMessages).where(inArray(privateMessages.id, lastIds)),
    publicAccountsByIds(deps.db, members.map((m) => m.otherAccountId)),
  ]);
  const lastById = new Map((await presentMessages(deps, reader, lastRows)).map((m) => [m.id, m]));
  const list: Conversation[] = members.map((m) => ({
    id: m.conversationId,
    target: accountOf(others.get(m.otherAccountId)),
    unread_count: m.unreadCount,
    message: lastById.get(m.lastMessageId) ?? null,
    updated_at_timestamp: toTimestamp(m.lastMessageAt),
  }));
  return { conversations: list, meta: { page, per } };
}

/**
 * GET /api/conversations/{id}: the newest `per` messages after the reader's delete mark (older ones by
 * `before_id`), oldest first on the page. Reading the newest page marks the conversation read.
 */
export async function getConversation(deps: Deps, reader: Reader, conversationId: number, beforeId: number | undefined, per: number) {
  const member = await visibleMember(deps.db, reader.accountId, conversationId);
  // Marked before the page is read, so the page shows at least every message the mark covers.
  if (beforeId === undefined && member.unreadCount > 0) await markConversation(deps, reader.accountId, conversationId, 'read');
  const rows = await deps.db.select().from(privateMessages)
    .where(and(
      eq(privateMessages.conversationId, conversationId),
      gt(privateMessages.id, member.deletedUpTo),
      beforeId === undefined ? undefined : lt(privateMessages.id, beforeId),
    ))
    .orderBy(desc(privateMessages.id)).limit(per + 1);
  const page = rows.slice(0, per).reverse();
  const [messages, others] = await Promise.all([presentMessages(deps, reader, page), publicAccountsByIds(deps.db, [member.otherAccountId])]);
  return {
    conversation: {
      id: conversationId,
      target: accountOf(others.get(member.otherAccountId)),
      unread_count: beforeId === undefined ? 0 : member.unreadCount,
      updated_at_timestamp: toTimestamp(member.lastMessageAt),
    },
    private_messages: messages,
    meta: { per, next_before_id: rows.length > per ? page[0]!.id : null },
  };
}
