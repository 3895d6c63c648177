import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/deps.ts';
import type { Tx } from '../../platform/db/client.ts';
import type { DiscussionTarget } from '../discussion/index.ts';
import type { Collectable } from '../collections/index.ts';
import type { PreviewLoader } from '../share/index.ts';
import { fileSystemReport, type ContentPlace, type ModeratedContent } from '../moderation/index.ts';
import { countPost } from './counters.ts';
import { forgetPostReads } from './forget-reads.ts';
import type { PostRow } from './presenter.ts';
import { posts } from './tables.ts';

/**
 * What other modules see of a post: discussion comments on and likes published posts (a draft, a pending, a
 * hidden or a deleted post is no target at all), on both sites as the community shows them (decisions/0016),
 * and moderation's reports and approval queue act on them (docs/product/community.md#moderation).
 */
export const postDiscussionTarget: DiscussionTarget = {
  async load(deps, ids) {
    const rows = await deps.db.select({ id: posts.id, accountId: posts.accountId, locked: posts.locked }).from(posts)
      .where(and(inArray(posts.id, [...ids]), eq(posts.status, 'published'), isNull(posts.deletedAt)));
    return new Map(rows.map((r) => [r.id, { authorId: r.accountId, area: 'both' as const, locked: r.locked }]));
  },
  // A comment on a post is in the post's group, and read on the post's page (decisions/0043).
  placeOf: (deps, id) => postPlace(deps, id),
};

/** Where a post is, in any state: its group and its page (decisions/0043); null when there is no such post. */
async function postPlace(deps: Deps, id: number): Promise<ContentPlace | null> {
  const [row] = await deps.db.select({ groupId: posts.groupId }).from(posts).where(eq(posts.id, id)).limit(1);
  return row ? { groupId: row.groupId, path: `/posts/${id}` } : null;
}

/** Posts as collections show them (docs/product/people.md#collections): published and live ones only. */
export const postCollectable: Collectable = {
  async load(deps, ids) {
    const rows = await deps.db.select({ id: posts.id, title: posts.title, plainText: posts.plainText }).from(posts)
      .where(and(inArray(posts.id, [...ids]), eq(posts.status, 'published'), isNull(posts.deletedAt)));
    return new Map(rows.map((r) => [r.id, { title: r.title || r.plainText.slice(0, 60), summary: r.plainText.slice(0, 120), path: `/posts/${r.id}` }]));
  },
};

/**
 * A published post's link preview (Open Graph tags of its shared page; docs/product/people.md#share); a deleted
 * one is gone, and a draft, a pending or a hidden one is not there for anyone else (it may yet be shown).
 */
export const postPreview: PreviewLoader = async (deps, id) => {
  const [row] = await deps.db.select({ title: posts.title, plainText: posts.plainText, status: posts.status, deletedAt: posts.deletedAt }).from(posts)
    .where(eq(posts.id, id)).limit(1);
  if (!row) return null;
  if (row.deletedAt) return 'gone';
  if (row.status !== 'published') return null;
  return { title: row.title || row.plainText.slice(0, 60), description: row.plainText.slice(0, 200) };
};

type PostStatus = PostRow['status'];

/**
 * Moves a post from one status to another under its row lock, its group's counters following (a post counts
 * while published): false when it is not in `from` (gone, or moved by someone else first), so nothing is
 * applied twice (decisions/0020).
 */
async function moveStatus(deps: Deps, id: number, from: PostStatus, to: PostStatus, tx?: Tx): Promise<boolean> {
  const run = async (t: Tx) => {
    const now = deps.clock.now();
    const [moved] = await t.update(posts)
      // Approval publishes now, unless it had been published before an edit sent it back to the queue.
      .set({ status: to, ...(from === 'pending' && to === 'published' && { publishedAt: sql`coalesce(${posts.publishedAt}, ${now.toISOString()}::timestamptz)` }) })
      .where(and(eq(posts.id, id), eq(posts.status, from), isNull(posts.deletedAt))).returning();
    if (!moved) return false;
    if (to === 'published') await countPost(t, moved, 1);
    if (from === 'published') await countPost(t, moved, -1);
    return true;
  };
  return tx ? run(tx) : deps.db.transaction(run);
}

/** Deletes a post for good (soft: the row stays for the record and the reports), out of the counts if it was in them. */
async function takeDown(deps: Deps, id: number, only: PostStatus | undefined, tx: Tx | undefined): Promise<boolean> {
  const run = async (t: Tx) => {
    const [gone] = await t.update(posts).set({ deletedAt: deps.clock.now() })
      .where(and(eq(posts.id, id), isNull(posts.deletedAt), only ? eq(posts.status, only) : undefined)).returning();
    if (gone?.status === 'published') await countPost(t, gone, -1);
    return gone !== undefined;
  };
  return tx ? run(tx) : deps.db.transaction(run);
}

const summaryOf = (row: Pick<PostRow, 'title' | 'plainText'>) => (row.title || row.plainText).slice(0, 120);

/**
 * Posts and reviews as moderation acts on them (type `post`): a published one is reported, hidden (restorable)
 * and unhidden, or deleted for good; a pending one is approved (counted from then) or rejected (deleted).
 */
export const postModeration: ModeratedContent = {
  async published(deps, id) {
    const [row] = await deps.db.select().from(posts).where(and(eq(posts.id, id), eq(posts.status, 'published'), isNull(posts.deletedAt))).limit(1);
    return row ? { authorId: row.accountId, area: row.area, summary: summaryOf(row) } : null;
  },
  async pending(deps, area, limit) {
    const rows = await deps.db.select().from(posts).where(and(eq(posts.area, area), eq(posts.status, 'pending'), isNull(posts.deletedAt)))
      .orderBy(posts.updatedAt, posts.id).limit(limit);
    return rows.map((r) => ({ id: r.id, authorId: r.accountId, area: r.area, summary: summaryOf(r), createdAt: r.updatedAt, kind: r.type === 'Review' ? 'review' : 'post' }));
  },
  move: moveStatus,
  takeDown,
  changed: (deps) => forgetPostReads(deps),
  placeOf: postPlace,
};

/** A flagged word published the post; staff get a system report on it in their queue. */
export async function flagPostForStaff(deps: Deps, row: PostRow, words: string[]): Promise<void> {
  await fileSystemReport(deps, { targetType: 'post', targetId: row.id, authorId: row.accountId, area: row.area, summary: summaryOf(row), words });
}

/**
 * Whether an upload of the author shows in one of their posts that is not a draft (published, pending or hidden:
 * the last two may come back). Rich text holds our uploads as `/uploads/{key}/{size}.{ext}` only
 * (sanitize.ts), and only its author's own, so the author's posts are the ones to look in.
 */
export async function postsUseUpload(deps: Deps, accountId: number, key: string): Promise<boolean> {
  const [row] = await deps.db.select({ id: posts.id }).from(posts)
    .where(and(eq(posts.accountId, accountId), isNull(posts.deletedAt), ne(posts.status, 'draft'), sql`position(${`/uploads/${key}/`} in ${posts.contentHtml}) > 0`))
    .limit(1);
  return row !== undefined;
}
