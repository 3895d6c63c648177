import { inArray } from 'drizzle-orm';
import type { Talk } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { publicAccountsByIds, type PublicAccount } from '../accounts/index.ts';
import { discussionCounts, viewerReactions } from '../discussion/index.ts';
import { talks } from './tables.ts';

export type TalkRow = typeof talks.$inferSelect;

const accountOf = (a: PublicAccount | undefined) => (a ? { id: a.id, nickname: a.nickname, avatar_url: a.avatarUrl } : null);

/**
 * Talks as every list and page shows them: author, counts (likes and comments are the discussion module's),
 * the original a forward carries, and the viewer's own state (`own`, their like).
 *
 * `hidden` is whom the viewer blocked (`hiddenAuthorsFor`), as the caller already read it to filter its rows. An
 * original by one of them is forwarded without its words — id and author kept, `author_blocked` set — unlike a
 * direct link, whose answer carries the content beside `author_blocked`: there the reader asked for that talk, here
 * someone else put it in front of them. The forward box links to the original's page, where "Show anyway" applies
 * (docs/product/people.md#direct-links, decisions/0023).
 */
export async function presentTalks(deps: Deps, rows: readonly TalkRow[], viewerId: number | null, hidden: ReadonlySet<number>): Promise<Talk[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const originalIds = [...new Set(rows.flatMap((r) => (r.forwardOfId === null ? [] : [r.forwardOfId])))];
  const originals = originalIds.length === 0 ? [] : await deps.db.select().from(talks).where(inArray(talks.id, originalIds));
  const [authors, counts, reactions] = await Promise.all([
    publicAccountsByIds(deps.db, [...rows, ...originals].map((r) => r.accountId)),
    discussionCounts(deps, 'Talk', ids),
    viewerId === null ? Promise.resolve(new Map<number, 1 | 2>()) : viewerReactions(deps, viewerId, 'Talk', ids),
  ]);
  const originalById = new Map(originals.map((o) => [o.id, o]));
  return rows.map((r) => {
    const original = r.forwardOfId === null ? undefined : originalById.get(r.forwardOfId);
    const gone = original === undefined || original.deletedAt !== null;
    const authorBlocked = !gone && hidden.has(original.accountId);
    return {
      id: r.id,
      content: r.content,
      account: accountOf(authors.get(r.accountId)),
      group_id: r.groupId,
      like_count: counts.get(r.id)?.likes ?? 0,
      comment_count: counts.get(r.id)?.comments ?? 0,
      recommend_count: r.forwardCount,
      forward_count: r.forwardCount,
      target_action: r.forwardOfId === null ? null : 'share' as const,
      forward: r.forwardOfId === null ? null : {
        id: r.forwardOfId,
        deleted: gone,
        // A deleted original shows nothing of itself; one whose author the viewer blocked, only who wrote it.
        content: gone || authorBlocked ? '' : original.content,
        account: gone ? null : accountOf(authors.get(original.accountId)),
        author_blocked: authorBlocked,
        created_at_timestamp: original ? toTimestamp(original.createdAt) : 0,
      },
      own: viewerId !== null && r.accountId === viewerId,
      like_type: reactions.get(r.id) ?? null,
      created_at_timestamp: toTimestamp(r.createdAt),
    };
  });
}
