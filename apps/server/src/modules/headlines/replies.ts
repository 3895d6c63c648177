import { headlineCommentOrder, type Area } from '@lantern/domain';
import type { CreateReplyRequest } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { commentTargetOf, createComment, deleteComment, listComments, listReplies } from '../discussion/index.ts';

/**
 * The headlines' face of the community's comments (docs/product/headlines.md#comments, decisions/0022): an
 * article's comments and replies are discussion comments on target `Headline`, so counting, @mentions,
 * moderation, approval and deletion are the same code as a post's. This file only speaks the spec's words —
 * `replies`, `accessible_type` `Headline` (a comment on an article) or `Reply` (a reply to a comment) — and
 * names the client's fields in the errors.
 */

/** Discussion's field names for a gone target or comment, as the client named them here. */
function asAccessible<T>(work: Promise<T>): Promise<T> {
  return work.catch((err: unknown) => {
    if (err instanceof AppError && err.status === 404 && ('commentable_id' in err.errors || 'commentary_id' in err.errors || 'comment' in err.errors)) {
      throw fail.notFound('accessible_id');
    }
    throw err;
  });
}

/** The article a comment belongs to, or 404 on `accessible_id` (a comment on anything else is not a headline's). */
async function headlineOfComment(deps: Deps, commentId: number): Promise<number> {
  const target = await commentTargetOf(deps, commentId);
  if (!target || target.type !== 'Headline') throw fail.notFound('accessible_id');
  return target.id;
}

/** GET /api/headlines/{id}/replies (per 15, q[s]): the article's comments, with its counts and the reader's like. */
export async function headlineComments(deps: Deps, area: Area, viewerId: number | null, id: number, page: number, per: number, s: string | undefined) {
  const { comments, commentable, meta } = await listComments(deps, area, viewerId, 'Headline', id, page, per, headlineCommentOrder(s));
  return { replies: comments, commentable, meta };
}

/** GET /api/replies: an article's comments (`Headline`) or a comment's replies (`Reply`), 5 a page. */
export async function listRepliesOf(deps: Deps, area: Area, viewerId: number | null, type: 'Headline' | 'Reply', id: number, page: number, per: number, s: string | undefined) {
  if (type === 'Headline') {
    const { comments, meta } = await asAccessible(listComments(deps, area, viewerId, 'Headline', id, page, per, headlineCommentOrder(s)));
    return { replies: comments, meta };
  }
  const headlineId = await headlineOfComment(deps, id);
  return asAccessible(listReplies(deps, area, id, page, per, { type: 'Headline', id: headlineId }, viewerId));
}

/** POST /api/replies: a comment on an article, or a reply to one of its comments (answering one reply under it). */
export async function createReply(deps: Deps, accountId: number, area: Area, input: CreateReplyRequest['reply']) {
  const onComment = input.accessible_type === 'Reply';
  if (!onComment && input.target_reply_id != null) throw fail.unprocessable('target_reply_id', 'invalid');
  const headlineId = onComment ? await headlineOfComment(deps, input.accessible_id) : input.accessible_id;
  const created = await asAccessible(createComment(deps, accountId, area, {
    commentable_type: 'Headline',
    commentable_id: headlineId,
    commentary_id: onComment ? input.accessible_id : null,
    target_reply_id: input.target_reply_id ?? null,
    content: input.content,
  }));
  return { reply: created.comment, commentable: created.commentable };
}

/** DELETE /api/replies/{id}: one's own comment (its replies go with it) or reply; someone else's is 403. */
export function deleteReply(deps: Deps, accountId: number, area: Area, id: number) {
  return deleteComment(deps, accountId, area, id);
}
