import { camelCased, type Comment } from '@lantern/contract';
import { FORUM_LIMITS, withoutHiddenAuthors, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { discussionCounts, hiddenAuthors, listComments, listReplies, viewerReactions } from '../discussion/index.ts';
import type { Paged } from './sku.ts';

/** Each comment or reply with its own like counts and the viewer's state (replies are the `Comment` like target). */
async function withLikes(deps: Deps, viewerId: number | null, comments: readonly Comment[]) {
  const ids = comments.map((c) => c.id);
  const [counts, mine] = await Promise.all([
    discussionCounts(deps, 'Comment', ids),
    viewerId === null ? new Map<number, 1 | 2>() : viewerReactions(deps, viewerId, 'Comment', ids),
  ]);
  return comments.map((c) => camelCased({ ...c, likes_count: counts.get(c.id)?.likes ?? 0, dislikes_count: counts.get(c.id)?.dislikes ?? 0, like_type: mine.get(c.id) ?? null }));
}

/**
 * GET /post/{id}/reply: a page of the post's comments, oldest first, each with its first replies (the rest
 * page by `commentId`); with `commentId`, a page of that comment's replies. A comment that is gone, or not on
 * this post, answers 404 `comment` (reply code 303).
 */
export async function postThreads(deps: Deps, area: Area, viewerId: number | null, postId: number, paging: Paged, commentId?: number) {
  if (commentId !== undefined) {
    const { replies, meta } = await listReplies(deps, area, commentId, paging.page, paging.size, { type: 'Post', id: postId }, viewerId);
    return { list: await withLikes(deps, viewerId, replies), total: meta.total_count, page: paging.page, size: paging.size };
  }
  const { comments, meta } = await listComments(deps, area, viewerId, 'Post', postId, paging.page, paging.size);
  // What the accounts the viewer blocked wrote is left out (docs/product/people.md#what-a-block-does): read once.
  const [hidden, firstReplies] = await Promise.all([
    hiddenAuthors(deps, viewerId),
    Promise.all(comments.map((c) => (c.reply_count === 0 ? { replies: [] as Comment[] } : listReplies(deps, area, c.id, 1, FORUM_LIMITS.repliesPerComment)))),
  ]);
  for (const r of firstReplies) r.replies = withoutHiddenAuthors(r.replies, (x) => x.account.id, hidden);
  const rendered = await withLikes(deps, viewerId, [...comments, ...firstReplies.flatMap((r) => r.replies)]);
  const byId = new Map(rendered.map((c) => [c.id, c]));
  const list = comments.map((c, i) => ({ ...byId.get(c.id)!, replies: firstReplies[i]!.replies.map((r) => byId.get(r.id)!) }));
  return { list, total: meta.total_count, page: paging.page, size: paging.size };
}
