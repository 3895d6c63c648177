import { sql } from 'drizzle-orm';
import {
  conversationPair, privateMessageExcerpt, privateMessageRefusal, type PrivateMessageKind,
} from '@lantern/domain';
import type { SkuSummary } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { Db } from '../../platform/db/client.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { publicAccountsByIds } from '../accounts/index.ts';
import { appendLiveEvents, pushLiveEvents } from '../live/index.ts';
import { assertMayWrite, screenFor } from '../moderation/index.ts';
import { blockBetween, blockListed } from '../people/index.ts';
import { accountOf, liveMessage, presentMessage, sharedGames } from './presenter.ts';
import { conversationInboxes, conversationMembers, conversations, privateMessages } from './tables.ts';

export interface SendInput {
  targetId: number | null | undefined;
  kind: PrivateMessageKind;
  content: string;
  skuId: number | null | undefined;
}

/** 403 `user_muted` (the spec's words for a muted sender) instead of the community's `is_mute`. */
async function assertMaySend(deps: Deps, senderId: number): Promise<void> {
  try {
    await assertMayWrite(deps, senderId, 'private_message');
  } catch (error) {
    if (error instanceof AppError && error.errors.base?.[0] === 'is_mute') throw new AppError(403, { base: ['user_muted'] }, error.meta);
    throw error;
  }
}

/** The game a message shares, as the sender's site sells it (404 `sku_id` for one it does not show). */
async function sharedGame(deps: Deps, viewer: Viewer, skuId: number | null | undefined): Promise<SkuSummary> {
  if (skuId == null) throw fail.unprocessable('sku_id', 'blank');
  const game = (await sharedGames(deps.db, viewer, [skuId])).get(skuId);
  if (!game) throw fail.notFound('sku_id');
  return game;
}

/**
 * POST /api/private_messages (docs/product/messaging.md#private-messages). Refuses, in this order: no target
 * (422 `target_id: closed`), oneself (422 `target_id: invalid`), words blank or too long (422 `content`), a
 * muted sender (403 `user_muted`) or one writing too fast (429, the `private_message` pace), a watched word
 * that blocks or would hold the words (422 `censor_words: banned`; the web says the send failed), a closed or
 * unknown target (422 `target_id: closed`), a block either way (403 `target_id: block_listed`), a game not
 * shown on this site (404 `sku_id`).
 *
 * One transaction writes the message, moves the recipient's unread counts (its side of the conversation and
 * its total, the badge) and appends the live events — the recipient's with the new badge and the bar's item,
 * the sender's own so its other tabs show the message. They are pushed only after it commits (decisions/0028).
 */
export async function sendPrivateMessage(deps: Deps, viewer: Viewer & { accountId: number }, input: SendInput) {
  const senderId = viewer.accountId;
  const targetId = input.targetId;
  if (targetId == null) throw fail.unprocessable('target_id', 'closed');
  if (targetId === senderId) throw fail.unprocessable('target_id', 'invalid');
  const typed = input.content.trim();
  const refusal = privateMessageRefusal(input.kind, typed);
  if (refusal) throw fail.unprocessable('content', refusal);
  await assertMaySend(deps, senderId);
  // The words as the recipient will read them, against the site's watched words: a private message has no
  // approval queue, so what would be held is refused as a block word is (decisions/0031); censor words masked.
  const content = typed === '' ? typed : (await screenFor(deps, 'private_message', [typed], viewer.area)).texts[0]!;
  const people = await publicAccountsByIds(deps.db, [senderId, targetId]);
  if (!people.has(targetId)) throw fail.unprocessable('target_id', 'closed');
  const blocks = await blockBetween(deps.db, senderId, targetId);
  if (blocks.actorBlockedTarget || blocks.blockedByTarget) throw blockListed('target_id');
  const game = input.kind === 'game' ? await sharedGame(deps, viewer, input.skuId) : null;

  const now = deps.clock.now();
  const [low, high] = conversationPair(senderId, targetId);
  const { row, events } = await (deps.db as Db).transaction(async (tx) => {
    // The pair's row, locked until commit: sends in one conversation take their ids in commit order.
    const [conversation] = await tx.insert(conversations).values({ lowAccountId: low, highAccountId: high, createdAt: now })
      .onConflictDoUpdate({ target: [conversations.lowAccountId, conversations.highAccountId], set: { lowAccountId: sql`excluded.low_account_id` } })
      .returning({ id: conversations.id });
    const conversationId = conversation!.id;
    const [message] = await tx.insert(privateMessages).values({
      conversationId, senderId, kind: input.kind, content, skuId: game?.id ?? null, createdAt: now,
    }).returning();
    const moved = { lastMessageId: message!.id, lastMessageAt: now };
    await tx.insert(conversationMembers).values({ conversationId, accountId: senderId, otherAccountId: targetId, ...moved })
      .onConflictDoUpdate({ target: [conversationMembers.conversationId, conversationMembers.accountId], set: moved });
    await tx.insert(conversationMembers).values({ conversationId, accountId: targetId, otherAccountId: senderId, unreadCount: 1, ...moved })
      .onConflictDoUpdate({
        target: [conversationMembers.conversationId, conversationMembers.accountId],
        set: { ...moved, unreadCount: sql`${conversationMembers.unreadCount} + 1` },
      });
    const [inbox] = await tx.insert(conversationInboxes).values({ accountId: targetId, unreadTotal: 1 })
      .onConflictDoUpdate({ target: conversationInboxes.accountId, set: { unreadTotal: sql`${conversationInboxes.unreadTotal} + 1` } })
      .returning({ total: conversationInboxes.unreadTotal });
    const told = liveMessage(message!);
    const sender = people.get(senderId);
    const excerpt = privateMessageExcerpt(content !== '' ? content : (game ? (viewer.area === 'native' ? game.sku_names.chs : game.sku_names.en) : ''));
    const appended = await appendLiveEvents(tx, [
      {
        accountId: targetId,
        type: 'private_message',
        data: {
          action: 'sent', conversation_id: conversationId, private_message: told,
          badges: { private_messages: inbox!.total },
          bar: { kind: 'private_message', actor: sender ? { id: sender.id, nickname: sender.nickname, avatar: sender.avatarUrl } : null, excerpt, href: `/messages/conversations/${conversationId}` },
        },
      },
      { accountId: senderId, type: 'private_message', data: { action: 'sent', conversation_id: conversationId, private_message: told } },
    ], now);
    return { row: message!, events: appended };
  });
  await pushLiveEvents(deps, events);
  const games = new Map(game ? [[game.id, game]] : []);
  return { private_message: presentMessage(row, senderId, games), conversation_id: row.conversationId, target: accountOf(people.get(targetId)) };
}
