import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { COMMUNITY_API, type postsResponse } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type PostsPage = z.infer<typeof postsResponse>;
export type CommunityPost = PostsPage['posts'][number];
export type PostTab = 'all' | 'reviews' | 'long' | 'short';

const TAB_QUERY: Record<PostTab, Record<string, string>> = { all: {}, reviews: { type: 'Review' }, long: { type: 'Post', is_long: 'true' }, short: { type: 'Post', is_long: 'false' } };

/** GET /api/search/posts (group_id, type, is_long, per 7): a group's posts in sticky order, then newest. */
export const groupPostsQuery = (groupId: number, tab: PostTab, page: number) =>
  queryOptions({
    queryKey: queryKeys.community.groupPosts(groupId, tab, page),
    queryFn: () => api.get<PostsPage>(COMMUNITY_API.searchPosts, { auth: 'optional', query: { group_id: groupId, page, per: PAGE_SIZES.reviews, ...TAB_QUERY[tab] } }),
    placeholderData: keepPreviousData,
  });

export const useGroupPosts = (groupId: number, tab: PostTab, page: number) => useQuery(groupPostsQuery(groupId, tab, page));
