import { useQuery, type QueryClient } from '@tanstack/react-query';
import { COMMUNITY_API, type postsResponse } from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type PostsPage = z.infer<typeof postsResponse>;
export type CommunityPost = PostsPage['posts'][number];
export type PostTab = 'all' | 'reviews' | 'long' | 'short';

const TAB_QUERY: Record<PostTab, Record<string, string>> = { all: {}, reviews: { type: 'Review' }, long: { type: 'Post', is_long: 'true' }, short: { type: 'Post', is_long: 'false' } };

/** GET /api/search/posts (group_id, type, is_long, per 7): a group's posts in sticky order, then newest. */
export const groupPostsQuery = (groupId: number, tab: PostTab, page: number) =>
  pageQuery<PostsPage>(queryKeys.community.groupPosts(groupId, tab, page), COMMUNITY_API.searchPosts, { group_id: groupId, page, per: PAGE_SIZES.reviews, ...TAB_QUERY[tab] }, { auth: 'optional' });

export const useGroupPosts = (groupId: number, tab: PostTab, page: number) => useQuery(groupPostsQuery(groupId, tab, page));

export type GroupTab = 'posts' | 'reviews' | 'contributors';
export const GROUP_TABS: readonly GroupTab[] = ['posts', 'reviews', 'contributors'];

/** The tab and page a group page's address asks for (`?tab=reviews&page=2`): posts and the first page by default. */
export function groupViewOf(search: URLSearchParams): { tab: GroupTab; page: number } {
  const asked = search.get('tab') as GroupTab;
  return { tab: GROUP_TABS.includes(asked) ? asked : 'posts', page: Math.max(1, Number(search.get('page')) || 1) };
}

/**
 * The router's prefetch of a group page's list, beside the group itself: the page is drawn once with its posts,
 * not with a spinner that the list then pushes the sidebar down from (a layout shift on a phone, where the sidebar
 * follows the list). The list shown first is every kind of post (`all`) or the reviews.
 */
export function prefetchGroupList(client: QueryClient, groupId: number, search: URLSearchParams): Promise<void> | undefined {
  const { tab, page } = groupViewOf(search);
  if (tab === 'contributors') return;
  return client.prefetchQuery(groupPostsQuery(groupId, tab === 'reviews' ? 'reviews' : 'all', page));
}
