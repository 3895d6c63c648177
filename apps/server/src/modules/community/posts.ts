import { and, count, eq, inArray, isNull, notInArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

import { contentVisibleTo, totalSeenBy, withoutHiddenAuthors } from '@lantern/domain';
import { hiddenAuthorsFor } from '../people/index.ts';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { countPost } from './counters.ts';
import { forgetPostReads } from './forget-reads.ts';
import { findGroup, type Paging } from './groups.ts';
import { presentPosts, type PostRow } from './presenter.ts';
import { communityGroups, posts } from './tables.ts';

/** Live published posts: what every reader's list and page shows. */
export const livePosts = and(eq(posts.status, 'published'), isNull(posts.deletedAt))!;

/**
 * Sticky first (highest sequence first), then newest: a group's list order (docs/product/community.md#lists).
 * Spelled `DESC NULLS LAST` as the indexes are (`posts_group_list_idx`, `posts_recent_idx`): a plain `DESC`
 * sorts nulls first, which the planner cannot read from those indexes, and it would sort the whole group.
 */
const descNullsLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;
export const stickyOrder = [descNullsLast(posts.stickySequence), descNullsLast(posts.publishedAt), descNullsLast(posts.id)];
const newestOrder = [descNullsLast(posts.publishedAt), descNullsLast(posts.id)];

/** A LIKE pattern that matches the keyword anywhere, with its wildcards taken literally. */
export function containsPattern(keyword: string): string {
  return `%${keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export interface PostFilter {
  groupId?: number;
  type?: 'Post' | 'Review';
  isLong?: boolean;
  tagId?: number;
  accountId?: number;
  keyword?: string;
  featured?: boolean;
  sticky?: boolean;
}

function whereOf(filter: PostFilter): SQL {
  const keyword = filter.keyword?.trim();
  return and(
    livePosts,
    filter.groupId !== undefined ? eq(posts.groupId, filter.groupId) : undefined,
    filter.type !== undefined ? eq(posts.type, filter.type) : undefined,
    filter.isLong !== undefined ? eq(posts.isLong, filter.isLong) : undefined,
    filter.tagId !== undefined ? eq(posts.tagId, filter.tagId) : undefined,
    filter.accountId !== undefined ? eq(posts.accountId, filter.accountId) : undefined,
    filter.featured ? eq(posts.featured, true) : undefined,
    filter.sticky ? sql`${posts.stickySequence} > 0` : undefined,
    // Trigram-indexed substring match on the lower-cased title and text: Chinese and English alike.
    keyword ? sql`${posts.searchText} like ${containsPattern(keyword)}` : undefined,
  )!;
}

/**
 * The total of a filtered list. A group's whole list is its kept counter (no count over a large group);
 * any narrower filter is counted.
 */
async function totalOf(deps: Deps, filter: PostFilter, where: SQL): Promise<number> {
  const onlyGroup = filter.groupId !== undefined && Object.entries(filter).every(([k, v]) => k === 'groupId' || v === undefined);
  if (onlyGroup) {
    const [g] = await deps.db.select({ n: communityGroups.postsCount }).from(communityGroups).where(eq(communityGroups.id, filter.groupId!));
    return g?.n ?? 0;
  }
  if (filter.keyword?.trim()) {
    // A common word matches a large share of every post: counting them all would cost more than the page.
    // Keyword totals stop at SEARCH_COUNT_CAP ("1,000+"), enough to draw the pages anyone reads.
    // The same words are searched by many readers at once, and a total a few seconds old draws the same pages:
    // it is shared through the short-lived response cache, signed-in readers included.
    return deps.cache.get(`community:keyword-total:${JSON.stringify(filter)}`, async () => {
      const capped = deps.db.select({ one: sql`1` }).from(posts).where(where).limit(SEARCH_COUNT_CAP).as('capped');
      const [row] = await deps.db.select({ n: count() }).from(capped);
      return row?.n ?? 0;
    });
  }
  const [row] = await deps.db.select({ n: count() }).from(posts).where(where);
  return row?.n ?? 0;
}

/**
 * A reader's lists leave out what the accounts they blocked wrote (docs/product/people.md#what-a-block-does);
 * a guest's, and the shared copy built as a guest, leave out nothing.
 */
async function unhidden(deps: Deps, viewerId: number | null, rows: PostRow[]): Promise<PostRow[]> {
  return withoutHiddenAuthors(rows, (r) => r.accountId, await hiddenAuthorsFor(deps, viewerId));
}

/** The most a keyword search counts (docs/product/community.md#search). */
export const SEARCH_COUNT_CAP = 1_000;

/** GET /api/search/posts and the other post lists: one page in sticky (or newest) order with the total. */
export async function listPosts(deps: Deps, viewerId: number | null, filter: PostFilter, paging: Paging, order: 'sticky_sequence' | 'newest' = 'sticky_sequence') {
  const where = whereOf(filter);
  // What the accounts the reader blocked wrote is left out in the query, and from the total, so the pages hold
  // exactly what the reader sees (docs/product/people.md#what-a-block-does).
  const hidden = [...(await hiddenAuthorsFor(deps, viewerId))];
  const seen = hidden.length > 0 ? and(where, notInArray(posts.accountId, hidden))! : where;
  // The group's existence (404) is checked alongside the page, not before it: one round trip fewer.
  const [, rows, total, byHidden] = await Promise.all([
    filter.groupId !== undefined ? findGroup(deps, filter.groupId) : null,
    deps.db.select().from(posts).where(seen).orderBy(...(order === 'newest' || filter.keyword ? newestOrder : stickyOrder)).limit(paging.per).offset((paging.page - 1) * paging.per),
    totalOf(deps, filter, where),
    hidden.length > 0 ? deps.db.select({ n: count() }).from(posts).where(and(where, inArray(posts.accountId, hidden))).then(([r]) => r?.n ?? 0) : 0,
  ]);
  return { posts: await presentPosts(deps, rows, viewerId, hidden), meta: { total_count: totalSeenBy(total, byHidden), page: paging.page, per: paging.per } };
}

/**
 * GET /api/posts/{id}: a live published post. A pending or hidden one only to its author and staff, marked by
 * `moderation_state` (decisions/0020) — and a hidden one to its group's moderators; drafts and deleted posts are
 * 404, even to their authors.
 */
export async function getPost(deps: Deps, viewerId: number | null, id: number, viewerIsStaff = false, moderatedGroupIds: readonly number[] = []) {
  const [row] = await deps.db.select().from(posts).where(and(eq(posts.id, id), inArray(posts.status, ['published', 'pending', 'hidden']), isNull(posts.deletedAt))).limit(1);
  if (!row) throw fail.notFound();
  const state = row.status === 'pending' || row.status === 'hidden' ? row.status : 'published';
  // A group's moderators see what was hidden in it, to put it back (decisions/0043); pending posts stay the approval queue's.
  const moderates = state === 'hidden' && moderatedGroupIds.includes(row.groupId);
  if (!moderates && !contentVisibleTo(state, { own: row.accountId === viewerId, staff: viewerIsStaff })) throw fail.notFound();
  return { post: (await presentPosts(deps, [row], viewerId))[0]! };
}

/**
 * The account's review of a group's game, published, pending or hidden (a held or hidden review is still the
 * account's one review of the game), or null: read only for the account itself (the forum host's
 * `/community/sku/myReview`), marked by `moderation_state` (docs/product/community.md#who-sees-pending).
 */
export async function ownReview(deps: Deps, accountId: number, groupId: number) {
  const [row] = await deps.db.select().from(posts)
    .where(and(eq(posts.accountId, accountId), eq(posts.groupId, groupId), eq(posts.type, 'Review'), inArray(posts.status, ['published', 'pending', 'hidden']), isNull(posts.deletedAt)))
    .limit(1);
  return row ? (await presentPosts(deps, [row], accountId))[0]! : null;
}

/**
 * GET /api/hots: featured posts first, then pinned ones, newest first within each, across every group; the
 * newest posts when none is highlighted. Served by `posts_highlighted_idx` (a few rows), never a full sort.
 */
export async function hotPosts(deps: Deps, viewerId: number | null, paging: Paging) {
  const highlighted = and(livePosts, sql`(${posts.featured} or ${posts.stickySequence} > 0)`);
  const hidden = [...(await hiddenAuthorsFor(deps, viewerId))];
  const seen = hidden.length > 0 ? and(highlighted, notInArray(posts.accountId, hidden))! : highlighted;
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(posts).where(seen)
      .orderBy(descNullsLast(posts.featured), ...stickyOrder).limit(paging.per).offset((paging.page - 1) * paging.per),
    deps.db.select({ n: count() }).from(posts).where(seen),
  ]);
  if ((total?.n ?? 0) === 0) return listPosts(deps, viewerId, {}, paging, 'newest');
  return { posts: await presentPosts(deps, rows, viewerId), meta: { total_count: total?.n ?? 0, page: paging.page, per: paging.per } };
}

/** GET /api/subjects (kind sticky, featured or newest): the subjects tab of /home?type=subject. */
export async function subjects(deps: Deps, viewerId: number | null, kind: 'sticky' | 'featured' | 'newest', paging: Paging) {
  const filter: PostFilter = kind === 'sticky' ? { sticky: true } : kind === 'featured' ? { featured: true } : {};
  const list = await listPosts(deps, viewerId, filter, paging, kind === 'newest' ? 'newest' : 'sticky_sequence');
  return { subjects: list.posts, meta: list.meta };
}

/** Loads a live post or draft of an author; someone else's is 403, none 404 (users delete only their own). */
export async function ownPost(deps: Deps, accountId: number, id: number, type?: 'Post' | 'Review'): Promise<PostRow> {
  const [row] = await deps.db.select().from(posts).where(and(eq(posts.id, id), isNull(posts.deletedAt))).limit(1);
  if (!row || (type !== undefined && row.type !== type)) throw fail.notFound();
  if (row.accountId !== accountId) throw fail.forbidden();
  return row;
}

/**
 * DELETE /api/posts/{id}, /api/reviews/{id}: the author's own, gone from lists and counts at once. A group
 * moderator (`api_all_group`, checked by the caller: `moderator`) may delete anyone's published post too (the
 * forum host's DELETE /post/{id}).
 */
export async function deletePost(deps: Deps, accountId: number, id: number, type?: 'Post' | 'Review', options: { moderator?: boolean } = {}) {
  if (options.moderator) {
    const [row] = await deps.db.select({ id: posts.id }).from(posts).where(and(eq(posts.id, id), livePosts)).limit(1);
    if (!row) throw fail.notFound();
  } else {
    await ownPost(deps, accountId, id, type);
  }
  await deps.db.transaction(async (tx) => {
    const [gone] = await tx.update(posts).set({ deletedAt: deps.clock.now() }).where(and(eq(posts.id, id), isNull(posts.deletedAt))).returning();
    if (gone?.status === 'published') await countPost(tx, gone, -1);
  });
  // Gone from every reader's lists and page at once, on every instance (not when the shared copies expire).
  await forgetPostReads(deps);
}

/** The site's recent posts (community home). */
export async function recentPosts(deps: Deps, viewerId: number | null, per: number) {
  const rows = await deps.db.select().from(posts).where(livePosts).orderBy(...newestOrder).limit(per);
  return presentPosts(deps, await unhidden(deps, viewerId, rows), viewerId);
}


/**
 * When an account published its live posts and reviews in a group between two instants (oldest first, at
 * most `limit`): what a points campaign rewards (docs/product/community.md#points-participation).
 */
export async function publishedTimesOf(deps: Deps, accountId: number, groupId: number, from: Date, to: Date, limit = 400): Promise<{ id: number; publishedAt: Date }[]> {
  const rows = await deps.db.select({ id: posts.id, publishedAt: posts.publishedAt }).from(posts)
    .where(and(livePosts, eq(posts.accountId, accountId), eq(posts.groupId, groupId), sql`${posts.publishedAt} >= ${from.toISOString()}::timestamptz`, sql`${posts.publishedAt} < ${to.toISOString()}::timestamptz`))
    .orderBy(posts.publishedAt, posts.id).limit(limit);
  return rows.map((r) => ({ id: r.id, publishedAt: r.publishedAt! }));
}
