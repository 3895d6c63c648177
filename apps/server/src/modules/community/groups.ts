import { and, asc, count, desc, eq, ilike, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import { contributionPoints, contributorRank, PAGE_SIZES, type Area } from '@lantern/domain';
import type { Contributor } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import { rowsOf } from '../../platform/db/json-rows.ts';
import { AccountMemo } from '../../platform/account-memo.ts';
import { accountSummaries } from '../accounts/index.ts';
import { authorOf, evaluationOfGroup, presentGroups, type GroupRow } from './presenter.ts';
import { communityGroups, groupMembers, groupSkus } from './tables.ts';
import { moderatorsOf } from './moderators.ts';

export interface Paging {
  page: number;
  per: number;
}

/** Groups whose game the site sells: a group shows on a site only through a SKU of that area. */
const onArea = (area: Area): SQL => sql`exists (select 1 from ${groupSkus} where ${groupSkus.groupId} = ${communityGroups.id} and ${groupSkus.area} = ${area})`;

export async function findGroup(deps: Deps, id: number): Promise<GroupRow> {
  const [row] = await deps.db.select().from(communityGroups).where(eq(communityGroups.id, id)).limit(1);
  if (!row) throw fail.notFound();
  return row;
}

async function pageOf(deps: Deps, where: SQL | undefined, order: SQL[], paging: Paging, area: Area, accountId: number | null) {
  const [rows, [total]] = await Promise.all([
    deps.db.select().from(communityGroups).where(where).orderBy(...order).limit(paging.per).offset((paging.page - 1) * paging.per),
    deps.db.select({ n: count() }).from(communityGroups).where(where),
  ]);
  return { groups: await presentGroups(deps.db, rows, area, accountId), meta: { total_count: total?.n ?? 0, page: paging.page, per: paging.per } };
}

const popular = [desc(communityGroups.usersCount), desc(communityGroups.postsCount), asc(communityGroups.id)];

/** GET /api/groups: by SKU and area (q group_skus_sku_id_eq, group_skus_area_eq) or name; most followed first. */
export function listGroups(deps: Deps, area: Area, accountId: number | null, q: { group_skus_sku_id_eq?: number; group_skus_area_eq?: Area; name_cont?: string }, paging: Paging) {
  const skuFilter = q.group_skus_sku_id_eq !== undefined || q.group_skus_area_eq !== undefined
    ? sql`exists (select 1 from ${groupSkus} where ${groupSkus.groupId} = ${communityGroups.id}
        ${q.group_skus_sku_id_eq !== undefined ? sql`and ${groupSkus.skuId} = ${q.group_skus_sku_id_eq}` : sql``}
        ${q.group_skus_area_eq !== undefined ? sql`and ${groupSkus.area} = ${q.group_skus_area_eq}` : sql``})`
    : onArea(area);
  const name = q.name_cont?.trim();
  const nameFilter = name ? sql`(${ilike(sql`${communityGroups.name}->>'chs'`, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)} or ${ilike(sql`${communityGroups.name}->>'en'`, `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)})` : undefined;
  return pageOf(deps, and(skuFilter, nameFilter), popular, paging, area, accountId);
}

/** GET /api/group_halls: every group of the site's games, most followed first. */
export function groupHalls(deps: Deps, area: Area, accountId: number | null, paging: Paging) {
  return pageOf(deps, onArea(area), popular, paging, area, accountId);
}

/** GET /api/recommend/groups: groups the viewer does not follow yet, most followed first, 3 a page. */
export function recommendGroups(deps: Deps, area: Area, accountId: number | null, paging: Paging) {
  const notJoined = accountId === null ? undefined
    : notInArray(communityGroups.id, deps.db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.accountId, accountId)));
  return pageOf(deps, and(onArea(area), notJoined), popular, paging, area, accountId);
}

/** The groups an account follows, latest joined first (GET /api/accounts/{id}/groups, /api/communities/groups). */
export async function accountGroups(deps: Deps, area: Area, accountId: number, viewerId: number | null, paging: Paging) {
  const where = and(eq(groupMembers.accountId, accountId), onArea(area));
  const [rows, [total]] = await Promise.all([
    deps.db.select({ group: communityGroups }).from(groupMembers).innerJoin(communityGroups, eq(communityGroups.id, groupMembers.groupId))
      .where(where).orderBy(desc(groupMembers.createdAt), desc(groupMembers.groupId)).limit(paging.per).offset((paging.page - 1) * paging.per),
    deps.db.select({ n: count() }).from(groupMembers).innerJoin(communityGroups, eq(communityGroups.id, groupMembers.groupId)).where(where),
  ]);
  return { groups: await presentGroups(deps.db, rows.map((r) => r.group), area, viewerId), meta: { total_count: total?.n ?? 0, page: paging.page, per: paging.per } };
}

/** GET /api/communities/groups: the viewer's groups when signed in and following some, else the popular ones. */
export async function communitiesGroups(deps: Deps, area: Area, accountId: number | null, paging: Paging) {
  if (accountId !== null) {
    const mine = await accountGroups(deps, area, accountId, accountId, paging);
    if (mine.meta.total_count > 0) return mine;
  }
  return groupHalls(deps, area, accountId, paging);
}

/** GET /api/products/{id}/group: the group of a game. */
export async function productGroup(deps: Deps, area: Area, accountId: number | null, productId: number) {
  const [row] = await deps.db.select().from(communityGroups).where(eq(communityGroups.productId, productId)).limit(1);
  if (!row) throw fail.notFound();
  return { group: (await presentGroups(deps.db, [row], area, accountId))[0]! };
}

/** Contributors of a group from its live published posts and reviews, ranked by contribution points. */
export async function contributors(deps: Deps, groupId: number, paging: Paging): Promise<{ contributors: Contributor[]; meta: { total_count: number; page: number; per: number } }> {
  const offset = (paging.page - 1) * paging.per;
  const rows = await rowsOf<{ account_id: number | string; reviews: number; long_posts: number; short_posts: number; total: number | string }>(deps.db, sql`
    SELECT account_id,
      count(*) FILTER (WHERE type = 'Review')::int AS reviews,
      count(*) FILTER (WHERE type = 'Post' AND is_long)::int AS long_posts,
      count(*) FILTER (WHERE type = 'Post' AND NOT is_long)::int AS short_posts,
      count(*) OVER () AS total
    FROM posts WHERE group_id = ${groupId} AND status = 'published' AND deleted_at IS NULL
    GROUP BY account_id
    ORDER BY (count(*) FILTER (WHERE type = 'Review') * 3 + count(*) FILTER (WHERE type = 'Post' AND is_long) * 2 + count(*) FILTER (WHERE type = 'Post' AND NOT is_long)) DESC, min(published_at) ASC, account_id ASC
    LIMIT ${paging.per} OFFSET ${offset}`);
  const authors = await accountSummaries(deps.db, rows.map((r) => Number(r.account_id)));
  const list = rows.flatMap((r, i) => {
    const author = authorOf(authors.get(Number(r.account_id)));
    if (!author) return [];
    const points = contributionPoints(r.reviews, r.long_posts, r.short_posts);
    return [{ account: author, position: offset + i + 1, rank: contributorRank(points), points, reviews_count: r.reviews, posts_count: r.long_posts + r.short_posts }];
  });
  return { contributors: list, meta: { total_count: Number(rows[0]?.total ?? 0), page: paging.page, per: paging.per } };
}

/** GET /api/groups/{id}: the group, its evaluation, its three top contributors; the catalogue has no achievements. */
export async function groupDetail(deps: Deps, area: Area, accountId: number | null, id: number) {
  const row = await findGroup(deps, id);
  const [[group], ranks, moderators] = await Promise.all([presentGroups(deps.db, [row], area, accountId), contributors(deps, id, { page: 1, per: 3 }), moderatorsOf(deps, id)]);
  return { ...group!, evaluation: evaluationOfGroup(row), ranks: ranks.contributors, achievements: [], achievements_available: false, moderators };
}

export async function groupEvaluation(deps: Deps, id: number) {
  return evaluationOfGroup(await findGroup(deps, id));
}

/**
 * Follows (POST) or leaves (DELETE) a group (docs/product/community.md#groups). The membership row is the
 * truth: inserted or deleted at most once under concurrent requests, and the count moves in the same
 * transaction only when it was, so the count stays exact. Joining twice or leaving twice changes nothing.
 */
export async function setMembership(deps: Deps, accountId: number, groupId: number, join: boolean) {
  await findGroup(deps, groupId);
  const usersCount = await deps.db.transaction(async (tx) => {
    const changed = join
      ? await tx.insert(groupMembers).values({ groupId, accountId, createdAt: deps.clock.now() }).onConflictDoNothing().returning({ id: groupMembers.groupId })
      : await tx.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.accountId, accountId))).returning({ id: groupMembers.groupId });
    const [row] = changed.length > 0
      ? await tx.update(communityGroups).set({ usersCount: sql`${communityGroups.usersCount} + ${join ? 1 : -1}` }).where(eq(communityGroups.id, groupId)).returning({ n: communityGroups.usersCount })
      : await tx.select({ n: communityGroups.usersCount }).from(communityGroups).where(eq(communityGroups.id, groupId));
    return row!.n;
  });
  await joinedByReader.forget(deps, accountId);
  return { group_id: groupId, joined: join, users_count: usersCount };
}

/** POST /api/accounts/{id}/groups: follows several groups at once (the account's own only). */
export async function joinGroups(deps: Deps, area: Area, accountId: number, groupIds: readonly number[]) {
  const found = await deps.db.select({ id: communityGroups.id }).from(communityGroups).where(inArray(communityGroups.id, [...groupIds]));
  if (found.length !== new Set(groupIds).size) throw fail.unprocessable('group_ids', 'invalid');
  for (const g of found) await setMembership(deps, accountId, g.id, true);
  return accountGroups(deps, area, accountId, accountId, { page: 1, per: PAGE_SIZES.posts });
}

/** How long an instance keeps the groups a reader follows, for their feed (docs/product/limits.md#people); joining or leaving forgets it at once. */
export const JOINED_GROUPS_MEMO_SECONDS = 10;

/** The groups each reader follows, kept per instance for a few seconds; a join or leave forgets it on every instance. */
const joinedByReader = new AccountMemo<readonly number[]>('community:joined-groups', JOINED_GROUPS_MEMO_SECONDS);

/** The groups an account joined (the talks feed's groups; docs/product/people.md#talks). */
export async function joinedGroupIds(deps: Deps, accountId: number): Promise<readonly number[]> {
  return joinedByReader.get(deps, accountId, async () => {
    const rows = await deps.db.select({ id: groupMembers.groupId }).from(groupMembers).where(eq(groupMembers.accountId, accountId));
    return rows.map((r) => r.id);
  });
}
