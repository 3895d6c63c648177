import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Comment } from '@lantern/contract';
import type { Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import { AppError, fail } from '../../platform/errors.ts';
import { hiddenAuthors, reachRefused, reachRefusedSql } from './reach-guard.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { publicAccountJsonSql, publicAccountsByIds, type PublicAccount } from '../accounts/index.ts';
import { renderComment } from './content.ts';
import { fromJsonRow } from '../../platform/db/json-rows.ts';
import { targetView } from './likes.ts';
import { discussionComments } from './tables.ts';
import { flagForStaff, lockForDeleteSql, lockedForDelete, takeDownComment } from './comment-states.ts';
import { tellOfComment } from './notices.ts';
import { countedAndViewed, NO_CHANGE, viewOf, writersState, type TargetView, type ViewRow } from './write-statement.ts';
import { COUNTER_SHARDS } from './counters.ts';
import { PreparedSql, slot } from '../../platform/db/prepared.ts';
import { transactionOpenedBy } from '../../platform/db/client.ts';
import { guardWrite, loadTargets, screenComment, seenOn, visibleTarget, type DiscussionTarget, type DiscussionTargetFacts, type DiscussionTargetType } from './targets.ts';

type CommentRow = typeof discussionComments.$inferSelect;

/** Shown and counted: not deleted, neither pending approval nor hidden by staff (decisions/0020). */
export const live = and(isNull(discussionComments.deletedAt), eq(discussionComments.state, 'published'))!;

/**
 * The API shape of comment rows, with their authors and (for comments) their live reply counts. A comment just
 * written (`fresh`) has no replies yet, and its writer brings its author from the statement that wrote it.
 */
async function present(deps: Deps, rows: readonly CommentRow[], options: { fresh?: boolean; authors?: Map<number, PublicAccount>; hidden?: readonly number[] } = {}): Promise<Comment[]> {
  const commentIds = options.fresh ? [] : rows.filter((r) => r.parentId === null).map((r) => r.id);
  // Replies the reader does not see (their writers blocked) are not counted either.
  const seenReplies = options.hidden && options.hidden.length > 0 ? and(live, notInArray(discussionComments.accountId, [...options.hidden]))! : live;
  const [authors, replyCounts] = await Promise.all([
    options.authors ?? publicAccountsByIds(deps.db, rows.map((r) => r.accountId)),
    commentIds.length === 0
      ? Promise.resolve([])
      : deps.db
          .select({ id: discussionComments.parentId, n: count() })
          .from(discussionComments)
          .where(and(inArray(discussionComments.parentId, commentIds), seenReplies))
          .groupBy(discussionComments.parentId),
  ]);
  const replies = new Map(replyCounts.map((r) => [r.id!, r.n]));
  return rows.map((r) => {
    const author = authors.get(r.accountId);
    return {
      id: r.id,
      commentable_type: r.targetType as DiscussionTargetType,
      commentable_id: r.targetId,
      commentary_id: r.parentId,
      reply: r.parentId !== null,
      account: { id: r.accountId, nickname: author?.nickname ?? '', avatar_url: author?.avatarUrl ?? null },
      content: r.content,
      at_users: r.atUsers,
      target_reply_id: r.targetReplyId,
      target_reply_account_ids: r.targetReplyAccountIds,
      reply_count: replies.get(r.id) ?? 0,
      moderation_state: r.state,
      created_at_timestamp: toTimestamp(r.createdAt),
    };
  });
}

export interface NewComment {
  commentable_type: DiscussionTargetType;
  commentable_id: number;
  commentary_id?: number | null;
  target_reply_id?: number | null;
  content: string;
}

/**
 * Writes a comment, or a reply to a comment of the same target (docs/product/community.md#comments). A
 * locked target takes none (`commentable: locked`, the forum face's 302); a comment that is gone takes no
 * reply (`commentary_id: not_found`, the forum face's 303). The reply locks its comment FOR SHARE, so a
 * delete of that comment (FOR UPDATE) either counts it among the replies it takes away or comes first and
 * refuses it: the count stays exact.
 */
export async function createComment(deps: Deps, accountId: number, area: Area, input: NewComment): Promise<{ comment: Comment; commentable: TargetView }> {
  const type = input.commentable_type;
  const targetId = input.commentable_id;
  const facts = await visibleTarget(deps, type, targetId, area, 'commentable_id');
  if (facts.locked) throw fail.unprocessable('commentable', 'locked');
  const isReply = input.commentary_id != null;
  if (!isReply && input.target_reply_id != null) throw fail.unprocessable('target_reply_id', 'invalid');
  await guardWrite(deps, accountId, isReply ? 'reply' : 'comment');
  const rendered = await renderComment(deps.db, input.content);
  const screened = await screenComment(deps, area, rendered.html);
  const state = screened.hold ? 'pending' : 'published';
  const now = deps.clock.now();
  const parentId = input.commentary_id ?? null;
  const answeredId = input.target_reply_id ?? null;
  // Whom the comment reaches besides the comment and reply it answers (read in the statement): the target's
  // author and everyone it @mentions. One of them having blocked the writer refuses it (docs/product/people.md).
  const reachedIds = [facts.authorId, ...rendered.atUsers.map((u) => u.id)].filter((id): id is number => id !== null);
  // One statement (atomic on its own) and one round trip: for a reply, its comment read FOR SHARE — a delete of
  // that comment holds it FOR UPDATE, so the reply waits and then finds it gone, or goes first and is among the
  // replies the delete takes; then the row; if published, the same change added to a counter shard and the
  // target marked dirty; the target's counts after it, and the author as it is shown. No row answered: the
  // comment (or the reply answered) is gone.
  const [json] = await commentStatement.rows<{ row: Record<string, unknown>; view: ViewRow; author: PublicAccount | null }>(deps.db, {
    type, target: targetId, account: accountId, parent: parentId, answered: answeredId, reached: reachedIds, area,
    atUsers: JSON.stringify(rendered.atUsers), html: screened.html, state, now, shard: randomInt(COUNTER_SHARDS),
  });
  if (!json) {
    if (await reachRefused(deps, accountId, [...reachedIds, ...(await answeredAuthors(deps, parentId, answeredId))])) throw blockListed();
    if (answeredId !== null && (await parentIsLive(deps, parentId!, type, targetId))) throw fail.notFound('target_reply_id');
    throw fail.notFound('commentary_id');
  }
  const row = fromJsonRow(discussionComments, json.row);
  if (screened.flagged.length > 0) await flagForStaff(deps, row, screened.flagged);
  await tellOfComment(deps, row, facts.authorId);
  const authors = new Map(json.author ? [[accountId, json.author]] : []);
  const [comment] = await present(deps, [row], { fresh: true, authors });
  return { comment: comment!, commentable: viewOf(json.view) };
}

/**
 * The statement that writes a comment or a reply (createComment), prepared once (platform/db/prepared.ts): its
 * values are slots, so every comment runs the same text, built once and planned once per connection.
 */
function commentSql(): SQL {
  const [type, targetId, accountId] = [slot('type'), slot('target'), slot('account')];
  const [parentId, answeredId] = [slot('parent'), slot('answered')];
  return sql`
    WITH parent AS (
      SELECT id, account_id FROM discussion_comments
       WHERE ${parentId}::bigint IS NOT NULL AND id = ${parentId}::bigint AND parent_id IS NULL AND deleted_at IS NULL AND state = 'published'
         AND target_type = ${type}::text AND target_id = ${targetId}::bigint
       FOR SHARE
    ), answered AS (
      SELECT account_id FROM discussion_comments
       WHERE ${answeredId}::bigint IS NOT NULL AND id = ${answeredId}::bigint AND parent_id = ${parentId}::bigint AND deleted_at IS NULL AND state = 'published'
    ), source AS (
      SELECT NULL::bigint AS parent_id, '[]'::jsonb AS reply_accounts, ARRAY[]::bigint[] AS reached WHERE ${parentId}::bigint IS NULL
      UNION ALL
      SELECT p.id, jsonb_build_array(coalesce((SELECT account_id FROM answered), p.account_id)), ARRAY[p.account_id, (SELECT account_id FROM answered)]::bigint[] FROM parent p
       WHERE ${answeredId}::bigint IS NULL OR EXISTS (SELECT 1 FROM answered)
    ), allowed AS (
      SELECT * FROM source WHERE NOT ${reachRefusedSql(sql`${accountId}::bigint`, sql`(source.reached || ${slot('reached')}::bigint[])`)}
    ), inserted AS (
      INSERT INTO discussion_comments (area, target_type, target_id, account_id, parent_id, target_reply_id, target_reply_account_ids, at_users, content, state, created_at)
      SELECT ${slot('area')}::text, ${type}::text, ${targetId}::bigint, ${accountId}::bigint, allowed.parent_id, ${answeredId}::bigint, allowed.reply_accounts,
             ${slot('atUsers')}::jsonb, ${slot('html')}::text, ${slot('state')}::text, ${slot('now')}::timestamptz
        FROM allowed
      RETURNING *
    ), changed AS (SELECT state FROM inserted)
    ${countedAndViewed(type, targetId, { likes: NO_CHANGE, dislikes: NO_CHANGE, comments: sql`(state = 'published')::int` }, writersState(type, targetId, accountId), slot('shard'))}
    SELECT row_to_json(inserted) AS row, to_json(view) AS view, ${publicAccountJsonSql(sql`${accountId}::bigint`)} AS author FROM inserted, view`;
}
const commentStatement = new PreparedSql('discussion_comment_write', commentSql);

/** 403 `account_id: block_listed`: the comment reaches someone who blocked its writer. */
const blockListed = () => new AppError(403, { account_id: ['block_listed'] });

/** The authors of the comment and the reply a refused reply answered (to say whether a block refused it). */
async function answeredAuthors(deps: Deps, parentId: number | null, answeredId: number | null): Promise<number[]> {
  const ids = [parentId, answeredId].filter((id): id is number => id !== null);
  if (ids.length === 0) return [];
  const rows = await deps.db.select({ accountId: discussionComments.accountId }).from(discussionComments).where(inArray(discussionComments.id, ids));
  return rows.map((r) => r.accountId);
}

async function parentIsLive(deps: Deps, id: number, type: DiscussionTargetType, targetId: number): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: discussionComments.id })
    .from(discussionComments)
    .where(and(eq(discussionComments.id, id), isNull(discussionComments.parentId), live, eq(discussionComments.targetType, type), eq(discussionComments.targetId, targetId)));
  return row !== undefined;
}

/**
 * One page of live comments or replies as a reader sees it: without what the accounts the reader blocked wrote
 * (docs/product/people.md#what-a-block-does), left out in the query so the pages and `total_count` hold exactly
 * what the reader sees.
 */
async function pageSeenBy(deps: Deps, viewerId: number | null, where: SQL, order: SQL, page: number, per: number) {
  const hidden = [...(await hiddenAuthors(deps, viewerId))];
  const seen = hidden.length > 0 ? and(where, notInArray(discussionComments.accountId, hidden))! : where;
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(discussionComments).where(seen).orderBy(order).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(discussionComments).where(seen),
  ]);
  return { rows, total: total!.n };
}

/**
 * How many of each target's live comments and replies a reader hiding `hidden` does not see, by target id (absent:
 * none): what those accounts wrote, and the replies under their comments (which go with them). For counts shown
 * beside the target elsewhere (a post in a list) to agree with its comment list.
 */
export async function unseenCommentCounts(deps: Deps, type: DiscussionTargetType, targetIds: readonly number[], hidden: readonly number[]): Promise<Map<number, number>> {
  if (hidden.length === 0 || targetIds.length === 0) return new Map();
  const onTargets = and(eq(discussionComments.targetType, type), inArray(discussionComments.targetId, [...targetIds]), live)!;
  const hiddenComments = deps.db.select({ id: discussionComments.id }).from(discussionComments)
    .where(and(onTargets, isNull(discussionComments.parentId), inArray(discussionComments.accountId, [...hidden])));
  const rows = await deps.db.select({ id: discussionComments.targetId, n: count() }).from(discussionComments)
    .where(and(onTargets, or(inArray(discussionComments.accountId, [...hidden]), inArray(discussionComments.parentId, hiddenComments))))
    .groupBy(discussionComments.targetId);
  return new Map(rows.map((r) => [r.id, r.n]));
}

const unseenOn = async (deps: Deps, type: DiscussionTargetType, targetId: number, hidden: readonly number[]) =>
  (await unseenCommentCounts(deps, type, [targetId], hidden)).get(targetId) ?? 0;

/**
 * A target's live comments, oldest first (newest first when asked: a headline's `q[s]`), with its counts and the
 * viewer's like state. The counts are the reader's: a reader who blocked someone is not counted what those
 * accounts wrote (docs/product/people.md#what-a-block-does), in the target's `comments_count` and in each
 * comment's `reply_count` alike.
 */
export async function listComments(deps: Deps, area: Area, viewerId: number | null, type: DiscussionTargetType, targetId: number, page: number, per: number, order: 'oldest' | 'newest' = 'oldest') {
  await visibleTarget(deps, type, targetId, area, 'commentable_id');
  const where = and(eq(discussionComments.targetType, type), eq(discussionComments.targetId, targetId), isNull(discussionComments.parentId), live)!;
  const hidden = [...(await hiddenAuthors(deps, viewerId))];
  const [{ rows, total }, commentable, unseen] = await Promise.all([
    pageSeenBy(deps, viewerId, where, order === 'newest' ? desc(discussionComments.id) : asc(discussionComments.id), page, per),
    targetView(deps.db, type, targetId, viewerId),
    unseenOn(deps, type, targetId, hidden),
  ]);
  const seen = { ...commentable, comments_count: Math.max(0, commentable.comments_count - unseen) };
  return { comments: await present(deps, rows, { hidden }), commentable: seen, meta: { total_count: total, page, per } };
}

/**
 * The target of a live top-level comment, or null: what a reply to it is written on (the headlines' `POST
 * /api/replies` names the comment only). Whether the target is seen on the site is the write's own check.
 */
export async function commentTargetOf(deps: Deps, id: number): Promise<{ type: DiscussionTargetType; id: number } | null> {
  const [row] = await deps.db.select({ type: discussionComments.targetType, id: discussionComments.targetId }).from(discussionComments)
    .where(and(eq(discussionComments.id, id), isNull(discussionComments.parentId), live));
  return row ? { type: row.type as DiscussionTargetType, id: row.id } : null;
}

/** A live comment, or 404 on `comment` (whether its target is seen on this site is the caller's check). */
async function liveComment(deps: Deps, id: number): Promise<CommentRow> {
  const [row] = await deps.db.select().from(discussionComments).where(and(eq(discussionComments.id, id), live));
  if (!row) throw fail.notFound('comment');
  return row;
}

/**
 * A comment's live replies, oldest first (the web replaces on page 1 and appends after). With `of`, a comment
 * on another target is 404 `comment` too (the forum host names the post as well as the comment).
 */
export async function listReplies(deps: Deps, area: Area, commentId: number, page: number, per: number, of?: { type: DiscussionTargetType; id: number }, viewerId: number | null = null) {
  const parent = await liveComment(deps, commentId);
  if (parent.parentId !== null) throw fail.notFound('comment');
  if (of && (parent.targetType !== of.type || parent.targetId !== of.id)) throw fail.notFound('comment');
  const facts = (await loadTargets(deps, parent.targetType as DiscussionTargetType, [parent.targetId])).get(parent.targetId);
  if (!facts || !seenOn(facts, area)) throw fail.notFound('comment');
  const where = and(eq(discussionComments.parentId, commentId), live)!;
  const { rows, total } = await pageSeenBy(deps, viewerId, where, asc(discussionComments.id), page, per);
  return { replies: await present(deps, rows), meta: { total_count: total, page, per } };
}

/**
 * Deletes the author's own comment with its replies, or one reply (docs/product/community.md#comment-counts):
 * the count falls by the replies taken plus one, or by one — by what was counted (a hidden or pending one
 * was not). Someone else's comment is 403; one that is gone (or of the other site) 404 `comment: not_found`.
 * An author may delete their own pending or hidden comment.
 */
export async function deleteComment(deps: Deps, accountId: number, area: Area, id: number) {
  // Three round trips: BEGIN with the lock, the one statement that deletes, counts and answers, COMMIT.
  const done = await transactionOpenedBy(deps.db, lockForDeleteSql(id), async (tx, rows) => {
    const locked = lockedForDelete(rows);
    if (!locked || locked.row.area !== area) throw fail.notFound('comment');
    const { row, parentShown } = locked;
    if (row.accountId !== accountId) throw fail.forbidden();
    const taken = await takeDownComment(tx, row, deps.clock.now(), parentShown, accountId);
    // A reply deleted between the lock of its comment and its own delete (by staff, or the author's other tab).
    if (taken.deleted === 0) throw fail.notFound('comment');
    return { row, ...taken };
  });
  return { deleted_count: done.deleted, commentary_id: done.row.parentId, commentable: viewOf(done.view) };
}

/**
 * An account's live comments and replies on this site, newest first, `reply` flagging replies. Those on
 * targets that are gone or hidden are left out of the page (the total still counts them; decisions/0015).
 */
export async function listAccountComments(deps: Deps, area: Area, accountId: number, page: number, per: number, viewerId: number | null = null, replies?: boolean) {
  // Their author sees their pending and hidden ones too, marked by `moderation_state`.
  const shown = viewerId === accountId ? isNull(discussionComments.deletedAt) : live;
  const kind = replies === undefined ? undefined : replies ? isNotNull(discussionComments.parentId) : isNull(discussionComments.parentId);
  const where = and(eq(discussionComments.accountId, accountId), eq(discussionComments.area, area), shown, kind);
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(discussionComments).where(where).orderBy(desc(discussionComments.id)).limit(per).offset((page - 1) * per),
    deps.db.select({ n: count() }).from(discussionComments).where(where),
  ]);
  const byType = new Map<DiscussionTargetType, number[]>();
  for (const r of rows) {
    const type = r.targetType as DiscussionTargetType;
    byType.set(type, [...(byType.get(type) ?? []), r.targetId]);
  }
  const visible = new Set<string>();
  for (const [type, ids] of byType) {
    for (const [id, facts] of await loadTargets(deps, type, ids)) if (seenOn(facts, area)) visible.add(`${type}:${id}`);
  }
  const onVisible = rows.filter((r) => visible.has(`${r.targetType}:${r.targetId}`));
  return { comments: await present(deps, onVisible), meta: { total_count: total!.n, page, per } };
}

/** A comment, or a reply whose comment is published and not deleted: a reply is seen only with its comment. */
const parentShown = sql`(${discussionComments.parentId} IS NULL OR EXISTS (
  SELECT 1 FROM discussion_comments parent
   WHERE parent.id = ${discussionComments.parentId} AND parent.deleted_at IS NULL AND parent.state = 'published'))`;

/**
 * The `Comment` like target (decisions/0018): a live comment or reply is likeable where its target is seen
 * (a reply on a post of both sites is liked from both); one that is deleted, pending or hidden, a reply whose
 * comment is, and one whose target is gone, are not (docs/product/community.md#who-sees-pending).
 */
export const commentLikeTarget: DiscussionTarget = {
  async load(deps, ids) {
    const rows = await deps.db
      .select({ id: discussionComments.id, accountId: discussionComments.accountId, targetType: discussionComments.targetType, targetId: discussionComments.targetId })
      .from(discussionComments)
      .where(and(inArray(discussionComments.id, [...ids]), live, parentShown));
    const byType = new Map<DiscussionTargetType, number[]>();
    for (const r of rows) byType.set(r.targetType as DiscussionTargetType, [...(byType.get(r.targetType as DiscussionTargetType) ?? []), r.targetId]);
    const facts = new Map<string, DiscussionTargetFacts>();
    await Promise.all([...byType].map(async ([type, targetIds]) => {
      for (const [id, f] of await loadTargets(deps, type, targetIds)) facts.set(`${type}:${id}`, f);
    }));
    return new Map(rows.flatMap((r) => {
      const target = facts.get(`${r.targetType}:${r.targetId}`);
      return target ? [[r.id, { authorId: r.accountId, area: target.area, locked: false }] as const] : [];
    }));
  },
};
