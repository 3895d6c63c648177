import { camelCased } from '@lantern/contract';
import type { Deps } from '../../platform/deps.ts';
import { fail } from '../../platform/errors.ts';
import type { Viewer } from '../../platform/viewer.ts';
import { groupEvaluation, listGroups, listPosts, ownReview, type PostFilter } from '../community/index.ts';

/**
 * The `/community/sku/*` calls (docs/product/community.md#forum-surface): a SKU of the viewer's site names its
 * game's group; each answer is the community's own list or group in camelCase.
 */
export async function groupOfSku(deps: Deps, viewer: Viewer, skuId: number) {
  const { groups } = await listGroups(deps, viewer.area, viewer.accountId, { group_skus_sku_id_eq: skuId, group_skus_area_eq: viewer.area }, { page: 1, per: 1 });
  const group = groups[0];
  if (!group) throw fail.notFound('skuId');
  return group;
}

export interface Paged {
  page: number;
  size: number;
}

/** GET /community/sku/relationGroupList: the groups linked to the SKU (one per game today), most followed first. */
export async function relatedGroups(deps: Deps, viewer: Viewer, skuId: number, paging: Paged) {
  const list = await listGroups(deps, viewer.area, viewer.accountId, { group_skus_sku_id_eq: skuId, group_skus_area_eq: viewer.area }, { page: paging.page, per: paging.size });
  return { list: camelCased(list.groups), total: list.meta.total_count, page: paging.page, size: paging.size };
}

/** A page of the SKU's group's posts (`filter` narrows it: reviews, posts, the viewer's own). */
export async function skuPosts(deps: Deps, viewer: Viewer, skuId: number, filter: PostFilter, paging: Paged) {
  const group = await groupOfSku(deps, viewer, skuId);
  const list = await listPosts(deps, viewer.accountId, { ...filter, groupId: group.id }, { page: paging.page, per: paging.size });
  return { list: camelCased(list.posts), total: list.meta.total_count, page: paging.page, size: paging.size };
}

/**
 * GET /community/sku/myReview: the viewer's review of the SKU's game, or null (a guest: null). A review waiting
 * for approval or hidden by staff is still theirs — a second would be refused as `taken` — so it is answered
 * with its `moderationState` (docs/product/community.md#who-sees-pending).
 */
export async function myReview(deps: Deps, viewer: Viewer, skuId: number) {
  const group = await groupOfSku(deps, viewer, skuId);
  if (viewer.accountId === null) return null;
  const review = await ownReview(deps, viewer.accountId, group.id);
  return review ? camelCased(review) : null;
}

/** GET /community/sku/feedHeader: the group, its counts and evaluation, and where the viewer stands with it. */
export async function feedHeader(deps: Deps, viewer: Viewer, skuId: number) {
  const group = await groupOfSku(deps, viewer, skuId);
  const [evaluation, review] = await Promise.all([groupEvaluation(deps, group.id), myReview(deps, viewer, skuId)]);
  return {
    skuId,
    area: viewer.area,
    group: camelCased(group),
    evaluation: camelCased(evaluation),
    membersCount: group.users_count,
    postsCount: group.posts_count,
    reviewsCount: group.reviews_count,
    joined: group.joined,
    myReviewId: review?.id ?? null,
  };
}
