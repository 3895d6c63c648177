import { and, count, eq, isNull } from 'drizzle-orm';
import { plainText } from './content.ts';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import { fileSystemReport, type ModeratedContent } from '../moderation/index.ts';
import { addToCounters } from './counters.ts';
import { discussionComments as c } from './tables.ts';
import type { DiscussionTargetType } from './targets.ts';

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
 * Deletes a comment (with its replies) or a reply for good, in the caller's transaction, the row already
 * locked by the caller (parent first): the count falls by what was counted. Answers the rows deleted.
 */
export async function takeDownComment(tx: Tx, row: CommentRow, now: Date, parentShown?: boolean): Promise<number> {
  const shown = parentShown ?? (row.parentId === null ? true : await parentIsShown(tx, row.parentId));
  const counted = row.state === 'published' ? await weightOf(tx, row, shown) : 0;
  let replies = 0;
  if (row.parentId === null) {
    const taken = await tx.update(c).set({ deletedAt: now }).where(and(eq(c.parentId, row.id), isNull(c.deletedAt))).returning({ id: c.id });
    replies = taken.length;
  }
  await tx.update(c).set({ deletedAt: now }).where(eq(c.id, row.id));
  await addToCounters(tx, row.targetType as DiscussionTargetType, row.targetId, { comments: -counted });
  return replies + 1;
}

async function parentIsShown(tx: Tx, parentId: number): Promise<boolean> {
  const [parent] = await tx.select({ state: c.state, deletedAt: c.deletedAt }).from(c).where(eq(c.id, parentId));
  return parent !== undefined && parent.deletedAt === null && parent.state === 'published';
}

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
    await takeDownComment(t, locked.row, deps.clock.now(), locked.parentShown);
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
};

/** A flagged word published the comment; staff get a system report on it in their queue. */
export async function flagForStaff(deps: Deps, row: CommentRow, words: string[]): Promise<void> {
  await fileSystemReport(deps, { targetType: 'comment', targetId: row.id, authorId: row.accountId, area: row.area, summary: summaryOf(row), words });
}
