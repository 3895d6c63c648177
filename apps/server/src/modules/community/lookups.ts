import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import { mentionPrefix, playtimeHours, POST_LIMITS, type Area } from '@lantern/domain';
import type { Deps } from '../../platform/deps.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { accountsByNicknamePrefix } from '../accounts/index.ts';
import { coverUrls, loadSkuRows } from '../catalog/index.ts';
import { ownedProductsOf, ownershipOf } from '../library/index.ts';
import { listGroups, type Paging } from './groups.ts';
import { listPosts, livePosts } from './posts.ts';
import { presentPosts } from './presenter.ts';
import { communityGroups, groupMembers, posts, postTags } from './tables.ts';

/** GET /api/tags (kind_eq post, or 11 as the original numbers it): the post tags, in their order. */
export async function postTagList(deps: Deps) {
  const rows = await deps.db.select().from(postTags).where(eq(postTags.kind, 'post')).orderBy(asc(postTags.position), asc(postTags.id));
  return { tags: rows.map((t) => ({ id: t.id, kind: 'post' as const, name: t.name })) };
}

/** GET /api/community/post_tabs: the tabs over a group's posts (a configured list in the original; fixed here). */
export const POST_TABS = [
  { key: 'all', name: { chs: '全部', en: 'All' }, type: null, is_long: null, featured: false },
  { key: 'reviews', name: { chs: '评测', en: 'Reviews' }, type: 'Review' as const, is_long: null, featured: false },
  { key: 'long', name: { chs: '长文', en: 'Articles' }, type: 'Post' as const, is_long: true, featured: false },
  { key: 'short', name: { chs: '动态', en: 'Posts' }, type: 'Post' as const, is_long: false, featured: false },
  { key: 'featured', name: { chs: '精华', en: 'Featured' }, type: null, is_long: null, featured: true },
];

/** GET /api/search: posts matching the keyword (title and text, Chinese or English) and groups by name. */
export async function communitySearch(deps: Deps, viewer: Viewer, keyword: string, type: 'post' | 'group' | 'all', paging: Paging) {
  const k = keyword.trim();
  if (k === '') return { posts: [], groups: [], meta: { total_count: 0, page: paging.page, per: paging.per } };
  const [postPage, groupPage] = await Promise.all([
    type === 'group' ? null : listPosts(deps, viewer.accountId, { keyword: k }, paging),
    type === 'post' ? null : listGroups(deps, viewer.area, viewer.accountId, { name_cont: k }, { page: 1, per: 5 }),
  ]);
  return {
    posts: postPage?.posts ?? [],
    groups: groupPage?.groups ?? [],
    meta: { total_count: postPage?.meta.total_count ?? groupPage?.meta.total_count ?? 0, page: paging.page, per: paging.per },
  };
}

/** GET /api/prefix_search: @mention suggestions, open accounts whose nickname starts with the prefix. */
export async function prefixSearch(deps: Deps, raw: string) {
  const prefix = mentionPrefix(raw);
  if (prefix === null) return { users: [] };
  const rows = await accountsByNicknamePrefix(deps.db, prefix, POST_LIMITS.mentionSuggestions);
  return { users: rows.map((r) => ({ id: r.id, nickname: r.nickname, avatar_url: r.avatar_url })) };
}

/** GET /api/interests (game_id = product id): the viewer's standing with the game's group. */
export async function interestOf(deps: Deps, accountId: number | null, productId: number) {
  const [group] = await deps.db.select({ id: communityGroups.id }).from(communityGroups).where(eq(communityGroups.productId, productId)).limit(1);
  const none = { game_id: productId, group_id: group?.id ?? null, joined: false, review_id: null, owned: false, bought_here: false, playtime_hours: null };
  if (accountId === null) return { interest: none };
  const [member, review, owned] = await Promise.all([
    group ? deps.db.select({ id: groupMembers.groupId }).from(groupMembers).where(and(eq(groupMembers.groupId, group.id), eq(groupMembers.accountId, accountId))).limit(1) : [],
    group ? deps.db.select({ id: posts.id }).from(posts).where(and(livePosts, eq(posts.groupId, group.id), eq(posts.accountId, accountId), eq(posts.type, 'Review'))).limit(1) : [],
    ownershipOf(deps.db, accountId, productId),
  ]);
  return {
    interest: {
      ...none,
      joined: member.length > 0,
      review_id: review[0]?.id ?? null,
      owned: owned !== null,
      bought_here: owned?.boughtHere ?? false,
      playtime_hours: owned ? playtimeHours(owned.playtimeSeconds) : null,
    },
  };
}

/** GET /api/ip: the caller's address as the server sees it, its country when known, and the site. */
export function ipOf(deps: Deps, ip: string, area: Area, region: string) {
  return { ip, country: deps.geoip.countryOf(ip), area, region };
}

/**
 * GET /api/user_center/reviews: the account's reviews (newest first) or, with type not_reviewed, the games
 * it owns on the site that have a group and no review of its own yet; 10 a page.
 */
export async function userReviews(deps: Deps, accountId: number, area: Area, type: 'reviewed' | 'not_reviewed', paging: Paging) {
  const meta = (total: number) => ({ total_count: total, page: paging.page, per: paging.per });
  if (type === 'reviewed') {
    const where = and(livePosts, eq(posts.accountId, accountId), eq(posts.type, 'Review'));
    const [rows, [total]] = await Promise.all([
      deps.db.select().from(posts).where(where).orderBy(sql`${posts.publishedAt} desc nulls last`, sql`${posts.id} desc nulls last`).limit(paging.per).offset((paging.page - 1) * paging.per),
      deps.db.select({ n: count() }).from(posts).where(where),
    ]);
    return { posts: await presentPosts(deps, rows, accountId), games: [], meta: meta(total?.n ?? 0) };
  }
  // One row per product (a game may be owned in several editions), newest acquired first.
  const owned = [...new Map((await ownedProductsOf(deps.db, accountId, area)).map((g) => [g.productId, g])).values()];
  if (owned.length === 0) return { posts: [], games: [], meta: meta(0) };
  const groups = await deps.db.select({ id: communityGroups.id, productId: communityGroups.productId }).from(communityGroups).where(inArray(communityGroups.productId, owned.map((g) => g.productId)));
  const reviewed = new Set((await deps.db.select({ groupId: posts.groupId }).from(posts)
    .where(and(livePosts, eq(posts.accountId, accountId), eq(posts.type, 'Review'), inArray(posts.groupId, groups.map((g) => g.id))))).map((r) => r.groupId));
  const groupOf = new Map(groups.map((g) => [g.productId, g.id]));
  const open = owned.filter((g) => groupOf.has(g.productId) && !reviewed.has(groupOf.get(g.productId)!));
  const page = open.slice((paging.page - 1) * paging.per, paging.page * paging.per);
  const skus = new Map((await loadSkuRows(deps.db, page.map((g) => g.skuId))).map((r) => [r.sku.id, r.sku]));
  return {
    posts: [],
    games: page.flatMap((g) => {
      const sku = skus.get(g.skuId);
      return sku ? [{ product_id: g.productId, sku_id: g.skuId, group_id: groupOf.get(g.productId)!, name: sku.skuName, cover: coverUrls(sku.coverSeed).horizontal, playtime_hours: playtimeHours(g.playtimeSeconds) }] : [];
    }),
    meta: meta(open.length),
  };
}

