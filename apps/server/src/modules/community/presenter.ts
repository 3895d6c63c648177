import { and, asc, eq, inArray } from 'drizzle-orm';
import { communityTitleOf, evaluationOf, playtimeHours, type Area } from '@lantern/domain';
import type { CommunityAuthor, Group, Post } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import type { DbOrTx } from '../../platform/db/client.ts';
import { toTimestamp } from '../../platform/clock.ts';
import { accountSummaries, type AccountSummary } from '../accounts/index.ts';
import { coverUrls, loadViewableSkuRows } from '../catalog/index.ts';
import { postCounts } from './guard.ts';
import { communityGroups, groupMembers, groupSkus, posts } from './tables.ts';

export type GroupRow = typeof communityGroups.$inferSelect;
export type PostRow = typeof posts.$inferSelect;

export function authorOf(account: AccountSummary | undefined): CommunityAuthor | null {
  if (!account) return null;
  return { id: account.id, nickname: account.nickname, avatar_url: account.avatar_url, role: account.role, title: communityTitleOf(account.role) };
}

export const scoreCounts = (g: GroupRow) => [g.score1, g.score2, g.score3, g.score4, g.score5];
export const evaluationOfGroup = (g: GroupRow) => evaluationOf(scoreCounts(g), g.reviewsCount, g.positiveCount);

/** Groups as lists show them, with the game as the viewer's site sells it and whether the viewer follows each. */
export async function presentGroups(db: DbOrTx, rows: readonly GroupRow[], area: Area, accountId: number | null): Promise<Group[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((g) => g.id);
  const [links, joined] = await Promise.all([
    db.select().from(groupSkus).where(inArray(groupSkus.groupId, ids)).orderBy(asc(groupSkus.skuId)),
    accountId === null ? Promise.resolve([]) : db.select({ id: groupMembers.groupId }).from(groupMembers).where(and(eq(groupMembers.accountId, accountId), inArray(groupMembers.groupId, ids))),
  ]);
  const skuRows = await loadViewableSkuRows(db, links.filter((l) => l.area === area).map((l) => l.skuId), area);
  const skuById = new Map(skuRows.map((r) => [r.sku.id, r.sku]));
  const joinedIds = new Set(joined.map((j) => j.id));
  return rows.map((g) => {
    const own = links.filter((l) => l.groupId === g.id);
    const sku = own.map((l) => skuById.get(l.skuId)).find((s) => s !== undefined);
    const evaluation = evaluationOfGroup(g);
    return {
      id: g.id,
      group_id: g.id,
      product_id: g.productId,
      name: g.name,
      summary: g.summary,
      community_game: sku ? { product_id: sku.productId, sku_id: sku.id, area: sku.area, name: sku.skuName, cover: coverUrls(sku.coverSeed).horizontal } : null,
      group_skus: own.map((l) => ({ sku_id: l.skuId, area: l.area })),
      users_count: g.usersCount,
      posts_count: g.postsCount,
      reviews_count: g.reviewsCount,
      scores_count: evaluation.distribution.reduce((a, b) => a + b, 0),
      percent: evaluation.percent,
      joined: joinedIds.has(g.id),
    };
  });
}

const EXCERPT = 140;

/**
 * Posts with their authors, groups, official comments and counts (likes and comments from discussion); with
 * `hidden` (the accounts the reader blocked), comment counts without what those accounts wrote.
 */
export async function presentPosts(deps: Deps, rows: readonly PostRow[], viewerId: number | null, hidden: readonly number[] = []): Promise<Post[]> {
  if (rows.length === 0) return [];
  const groupIds = [...new Set(rows.map((p) => p.groupId))];
  const [authors, groups, counts] = await Promise.all([
    accountSummaries(deps.db, rows.flatMap((p) => (p.officialCommentAuthorId ? [p.accountId, p.officialCommentAuthorId] : [p.accountId]))),
    deps.db.select({ id: communityGroups.id, name: communityGroups.name }).from(communityGroups).where(inArray(communityGroups.id, groupIds)),
    postCounts(deps, rows.map((p) => p.id), hidden),
  ]);
  const groupById = new Map(groups.map((g) => [g.id, g]));
  return rows.map((p) => {
    const text = p.plainText;
    return {
      id: p.id,
      account_id: p.accountId,
      author: authorOf(authors.get(p.accountId)),
      group_id: p.groupId,
      group: groupById.get(p.groupId) ?? { id: p.groupId, name: { chs: '', en: '' } },
      type: p.type,
      is_long: p.isLong,
      title: p.title,
      content: p.contentHtml,
      excerpt: [...text].length > EXCERPT ? `${[...text].slice(0, EXCERPT).join('')}…` : text,
      tag_id: p.tagId,
      sticky_sequence: p.stickySequence,
      locked: p.locked,
      featured: p.featured,
      score: p.score,
      recommend: p.recommend,
      playtime_hours: p.playtimeSeconds === null ? null : playtimeHours(p.playtimeSeconds),
      bought_here: p.boughtHere,
      sku_id: p.skuId,
      area: p.area,
      likes_count: counts.get(p.id)?.likes_count ?? 0,
      comments_count: counts.get(p.id)?.comments_count ?? 0,
      official_comment: p.officialCommentHtml && p.officialCommentAuthorId
        ? { content: p.officialCommentHtml, author_id: p.officialCommentAuthorId, author: authorOf(authors.get(p.officialCommentAuthorId)) }
        : null,
      own: viewerId === p.accountId,
      moderation_state: p.status === 'pending' || p.status === 'hidden' ? p.status : 'published',
      created_at_timestamp: toTimestamp(p.createdAt),
      updated_at_timestamp: toTimestamp(p.updatedAt),
      published_at_timestamp: toTimestamp(p.publishedAt ?? p.createdAt),
    };
  });
}
