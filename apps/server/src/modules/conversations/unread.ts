import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Db, DbOrTx, Tx } from '../../platform/db/client.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { fail } from '../../platform/errors.ts';
import { appendLiveEvents, pushLiveEvents } from '../live/index.ts';
import { conversationInboxes, conversationMembers } from './tables.ts';

type MemberRow = typeof conversationMembers.$inferSelect;

/** The member's side of a conversation it can see (it is a member, and something is left after its delete), or 404. */
export async function visibleMember(db: DbOrTx, accountId: number, conversationId: number, lock = false): Promise<MemberRow> {
  const query = db.select().from(conversationMembers)
    .where(and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.accountId, accountId)));
  const [member] = lock ? await query.for('update') : await query;
  if (!member || member.lastMessageId <= member.deletedUpTo) throw fail.notFound('conversation');
  return member;
}

/**
 * Clears the member's unread count up to its last message, in the caller's transaction: its side first (the
 * row a send also moves), then its total (docs/product/messaging.md#unread-counts). `deleted` also hides the
 * history up to there. Returns the new total, or null when nothing moved.
 */
async function clearUnread(tx: Tx, member: MemberRow, deleted: boolean): Promise<number | null> {
  await tx.update(conversationMembers).set({
    unreadCount: 0,
    lastReadMessageId: member.lastMessageId,
    ...(deleted && { deletedUpTo: member.lastMessageId }),
  }).where(and(eq(conversationMembers.conversationId, member.conversationId), eq(conversationMembers.accountId, member.accountId)));
  if (member.unreadCount === 0) return null;
  const [inbox] = await tx.update(conversationInboxes).set({ unreadTotal: sql`${conversationInboxes.unreadTotal} - ${member.unreadCount}` })
    .where(eq(conversationInboxes.accountId, member.accountId)).returning({ total: conversationInboxes.unreadTotal });
  return inbox!.total;
}

/**
 * Reading marks the conversation read; deleting hides its history for the deleter only. Either tells the
 * member's other tabs (a `private_message` event with the new badge) once it commits.
 */
export async function markConversation(deps: Deps, accountId: number, conversationId: number, action: 'read' | 'deleted'): Promise<void> {
  const events = await (deps.db as Db).transaction(async (tx) => {
    const member = await visibleMember(tx, accountId, conversationId, true);
    if (action === 'read' && member.unreadCount === 0) return [];
    const total = await clearUnread(tx, member, action === 'deleted');
    const data = { action, conversation_id: conversationId, ...(total !== null && { badges: { private_messages: total } }) };
    return appendLiveEvents(tx, [{ accountId, type: 'private_message', data }], deps.clock.now());
  });
  await pushLiveEvents(deps, events);
}

/** The private-messages badge of many accounts (provided to accounts' basic info). */
export async function unreadTotals(db: DbOrTx, accountIds: readonly number[]): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db.select().from(conversationInboxes).where(inArray(conversationInboxes.accountId, [...accountIds]));
  return new Map(rows.map((r) => [r.accountId, r.unreadTotal]));
}

/**
 * The unread counts recounted from the messages themselves: per member, the other's messages after what it
 * read and what it deleted; per account, their sum. The kept counters must always equal this.
 */
export async function recountUnread(db: DbOrTx, accountIds: readonly number[]) {
  const members = await rowsOf<{ conversation_id: string; account_id: string; kept: number; counted: number }>(db, sql`
    select m.conversation_id, m.account_id, m.unread_count as kept,
      (select count(*)::int from private_messages p where p.conversation_id = m.conversation_id and p.sender_id <> m.account_id
        and p.id > greatest(m.last_read_message_id, m.deleted_up_to)) as counted
    from conversation_members m where m.account_id = any(${sql.param([...accountIds])}::bigint[])`);
  const totals = await unreadTotals(db, accountIds);
  return accountIds.map((accountId) => {
    const own = members.filter((m) => Number(m.account_id) === accountId);
    return {
      accountId,
      keptTotal: totals.get(accountId) ?? 0,
      countedTotal: own.reduce((sum, m) => sum + Number(m.counted), 0),
      members: own.map((m) => ({ conversationId: Number(m.conversation_id), kept: Number(m.kept), counted: Number(m.counted) })),
    };
  });
}
