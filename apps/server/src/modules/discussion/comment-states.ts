import { randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { plainText } from './content.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fromJsonRow } from '../../platform/db/json-rows.ts';
import { fileSystemReport, type ModeratedContent } from '../moderation/index.ts';
import { addToCounters, COUNTER_SHARDS } from './counters.ts';
import { PreparedSql, slot } from '../../platform/db/prepared.ts';
import { discussionComments as c } from './tables.ts';
import { loadTargets, placeOfCommentOn, type DiscussionTargetType } from './targets.ts';
import { tellOfComment } from './notices.ts';
import { countedAndViewed, NO_CHANGE, writersState, type ViewRow } from './write-statement.ts';

type CommentRow = typeof c.$inferSelect;
type CommentState = CommentRow['state'];

/**
 * Comment states beyond "published" (decisions/0020): staff hide and unhide, approve and reject, and delete,
 * each moving the target's count by exactly what it shows or takes away. A reply counts while it and its
 * comment are published and not deleted; a comment counts with its counted replies.
 *
 * Locks go parent first (FOR SHARE for a reply's comment, FOR UPDATE for a comment), then the row: every
 * writer takes them in that order, so they queue instead of deadlocking, and a reply written meanwhile (which
 * reads its comment FOR SHARE) is either counted here or refused after.
 */
export async function lockComment(tx: Tx, id: number): Promise<{ row: CommentRow; parentShown: boolean } | null> {
  const [peek] = await tx.select({ parentId: c.parentId }).from(c).where(eq(c.id, id));
  if (!peek) return null;
  let parentShown = true;
  if (peek.parentId !== null) {
    const [parent] = await tx.select({ state: c.state, deletedAt: c.deletedAt }).from(c).where(eq(c.id, peek.parentId)).for('share');
    parentShown = parent !== undefined && parent.deletedAt === null && parent.state === 'published';
  }
  const [row] = await tx.select().from(c).where(and(eq(c.id, id), isNull(c.deletedAt))).for('update');
  return row ? { row, parentShown } : null;
}

/** How many comments the row stands for in its target's count when published: itself and its published replies. */
async function weightOf(tx: Tx, row: CommentRow, parentShown: boolean): Promise<number> {
  if (row.parentId !== null) return parentShown ? 1 : 0;
  const [replies] = await tx.select({ n: count() }).from(c).where(and(eq(c.parentId, row.id), isNull(c.deletedAt), eq(c.state, 'published')));
  return replies!.n + 1;
}

/**
 * The author's delete takes its lock in the statement its transaction opens with, sent with the BEGIN in one
 * round trip (platform/db/client.ts, `transactionOpenedBy`): for a reply, its comment FOR SHARE; for a comment,
 * the comment itself FOR UPDATE. A row has only one of the two, so lockComment's order (parent
 * first) holds: a reply's own row is locked after, by the UPDATE that deletes it, which also finds it gone if
 * staff or the author's other tab deleted it meanwhile. Answers the row as read — its author, site, target
 * and parent never change; its state may, so the delete counts from what its UPDATE answers — and whether its
 * comment is shown (`lockedForDelete`).
 */
export function lockForDeleteSql(id: number): string {
  // The simple protocol's text (it goes with the BEGIN): the id is checked to be an integer before it is written in.
  if (!Number.isSafeInteger(id)) throw new Error(`a comment id must be an integer: ${id}`);
  return `
    WITH me AS (
      SELECT * FROM discussion_comments WHERE id = ${id} AND deleted_at IS NULL
    ), parent AS (
      SELECT state = 'published' AND deleted_at IS NULL AS shown FROM discussion_comments WHERE id = (SELECT parent_id FROM me) FOR SHARE
    ), own AS (
      SELECT 1 FROM discussion_comments WHERE id = (SELECT id FROM me WHERE parent_id IS NULL) AND deleted_at IS NULL FOR UPDATE
    )
    SELECT row_to_json(me) AS row, (SELECT shown FROM parent) AS parent_shown, EXISTS (SELECT 1 FROM own) AS held FROM me`;
}

/** What `lockForDeleteSql` answered: the comment and whether its comment is shown, or null when it is gone. */
export function lockedForDelete(rows: readonly Record<string, unknown>[]): { row: CommentRow; parentShown: boolean } | null {
  const [found] = rows as { row: Record<string, unknown>; parent_shown: boolean | null; held: boolean }[];
  if (!found) return null;
  const row = fromJsonRow(c, found.row);
  // A comment deleted while its lock was awaited is gone; a reply's comment always exists (a foreign key).
  if (row.parentId === null ? !found.held : found.parent_shown === null) return null;
  return { row, parentShown: found.parent_shown ?? true };
}

/**
 * Deletes a comment (with its replies) or a reply for good, in the caller's transaction, after its lock
 * (lockComment or lockForDelete), so this statement's snapshot holds every reply that committed before it. One
 * statement: the row; a comment's replies, only if the row itself was still there to take; the count falling
 * by what was counted (a published reply of a shown comment, a published comment with its published
 * replies); the target marked dirty; the target's counts after it, with `viewerId`'s like state. Answers the
 * rows deleted (0: the row was already gone) and that view.
 */
export async function takeDownComment(tx: Tx, row: CommentRow, now: Date, parentShown: boolean, viewerId: number | null): Promise<{ deleted: number; view: ViewRow }> {
  const [view] = await takeDownStatement.rows<ViewRow>(tx, {
    type: row.targetType, target: row.targetId, comment: row.id, at: now, counted: row.parentId === null || parentShown, viewer: viewerId,
    shard: randomInt(COUNTER_SHARDS),
  });
  return { deleted: view!.done, view: view! };
}

/** takeDownComment's statement, prepared once (platform/db/prepared.ts): every delete runs the same text. */
const takeDownStatement = new PreparedSql('discussion_comment_take_down', () => {
  const [type, target, comment, at] = [slot('type'), slot('target'), slot('comment'), sql`${slot('at')}::timestamptz`];
  return sql`
    WITH gone AS (
      UPDATE discussion_comments SET deleted_at = ${at} WHERE id = ${comment}::bigint AND deleted_at IS NULL RETURNING state
    ), replies AS (
      UPDATE discussion_comments SET deleted_at = ${at}
       WHERE parent_id = ${comment}::bigint AND deleted_at IS NULL AND EXISTS (SELECT 1 FROM gone) RETURNING state
    ), changed AS (
      SELECT (g.state = 'published' AND ${slot('counted')}::boolean)::int AS counted FROM gone g
      UNION ALL
      SELECT (r.state = 'published' AND g.state = 'published')::int FROM replies r, gone g
    ) ${countedAndViewed(type, target, { likes: NO_CHANGE, dislikes: NO_CHANGE, comments: sql`-counted` }, writersState(type, target, slot('viewer')), slot('shard'))}
    SELECT * FROM view`;
});

/**
 * Moves a comment from one state to another (published → hidden, hidden → published, pending → published),
 * and its target's count with it, in one transaction. Answers false when it is not in `from` (gone, or moved
 * by someone else first): nothing is applied twice.
 */
async function moveState(deps: Deps, id: number, from: CommentState, to: CommentState, tx?: Tx): Promise<boolean> {
  const run = async (t: Tx) => {
    const locked = await lockComment(t, id);
    if (!locked || locked.row.state !== from) return false;
    const weight = await weightOf(t, locked.row, locked.parentShown);
    await t.update(c).set({ state: to }).where(eq(c.id, id));
    const sign = to === 'published' ? 1 : from === 'published' ? -1 : 0;
    await addToCounters(t, locked.row.targetType as DiscussionTargetType, locked.row.targetId, { comments: sign * weight });
    return true;
  };
  return tx ? run(tx) : deps.db.transaction(run);
}

/**
 * Deletes a comment (with its replies) or a reply for good, only when it is in `only` if given, in one
 * transaction under the same locks as every move: false when there was nothing to delete.
 */
async function takeDown(deps: Deps, id: number, only?: CommentState, tx?: Tx): Promise<boolean> {
  const run = async (t: Tx) => {
    const locked = await lockComment(t, id);
    if (!locked || (only !== undefined && locked.row.state !== only)) return false;
    await takeDownComment(t, locked.row, deps.clock.now(), locked.parentShown, null);
    return true;
  };
  return tx ? run(tx) : deps.db.transaction(run);
}

const summaryOf = (row: Pick<CommentRow, 'content'>) => plainText(row.content).slice(0, 120);

/**
 * Comments and replies as moderation acts on them (type `comment`): a published one is reported — with its
 * author, whose own content they cannot report — hidden (restorable) and unhidden, or deleted for good; a
 * pending one is approved (counted from then) or rejected (deleted).
 */
export const commentModeration: ModeratedContent = {
  async published(deps, id) {
    const [row] = await deps.db.select().from(c).where(and(eq(c.id, id), isNull(c.deletedAt), eq(c.state, 'published')));
    return row ? { authorId: row.accountId, area: row.area, summary: summaryOf(row) } : null;
  },
  async pending(deps, area, limit) {
    const rows = await deps.db.select().from(c).where(and(eq(c.area, area), eq(c.state, 'pending'), isNull(c.deletedAt))).orderBy(c.createdAt, c.id).limit(limit);
    return rows.map((r) => ({ id: r.id, authorId: r.accountId, area: r.area, summary: summaryOf(r), createdAt: r.createdAt, kind: r.parentId === null ? 'comment' : 'reply' }));
  },
  move: moveState,
  takeDown,
  async placeOf(deps, id) {
    const [row] = await deps.db.select({ targetType: c.targetType, targetId: c.targetId }).from(c).where(eq(c.id, id));
    return row ? placeOfCommentOn(deps, row.targetType, row.targetId, id) : null;
  },
  // Held back, it told nobody; approved, it tells whom it would have told when written (docs/product/messaging.md#who-is-told).
  async approved(deps, id) {
    const [row] = await deps.db.select().from(c).where(and(eq(c.id, id), isNull(c.deletedAt), eq(c.state, 'published')));
    if (!row) return;
    const facts = (await loadTargets(deps, row.targetType as DiscussionTargetType, [row.targetId])).get(row.targetId);
    await tellOfComment(deps, row, facts?.authorId ?? null);
  },
};

/** A flagged word published the comment; staff get a system report on it in their queue. */
export async function flagForStaff(deps: Deps, row: CommentRow, words: string[]): Promise<void> {
  await fileSystemReport(deps, { targetType: 'comment', targetId: row.id, authorId: row.accountId, area: row.area, summary: summaryOf(row), words });
}
