import { queryOptions } from '@tanstack/react-query';
import {
  COMMUNITY_API, DISCUSSION_API, LINKED_ACCOUNTS_API, PEOPLE_API, PROFILES_API, type SteamGames, type accountCommentsResponse, type CommunityGamesResponse, type FriendsResponse,
  type postsResponse,
} from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type AccountPostsPage = z.infer<typeof postsResponse>;
export type AccountCommentsPage = z.infer<typeof accountCommentsResponse>;
export type ProfileComment = AccountCommentsPage['comments'][number];

/** The games tab: GET /api/accounts/{id}/community_games, most played first, 10 a page. */
export const profileGamesQuery = (id: string, page: number) =>
  pageQuery<CommunityGamesResponse>(queryKeys.users.games(id, page), PROFILES_API.communityGames(id), { page }, { auth: 'optional' });

/** The posts and reviews tabs: GET /api/search/posts by author, newest first, 10 a page. */
export const profilePostsQuery = (id: string, type: 'Post' | 'Review', page: number) =>
  pageQuery<AccountPostsPage>(queryKeys.users.posts(id, type, page), COMMUNITY_API.searchPosts, { account_id: id, type, order: 'newest', page, per: PAGE_SIZES.posts }, { auth: 'optional' });

/** The comments and replies tabs: GET /api/accounts/{id}/comments with the reply flag, newest first. */
export const profileCommentsQuery = (id: string, replies: boolean, page: number) =>
  pageQuery<AccountCommentsPage>(queryKeys.users.comments(id, replies, page), DISCUSSION_API.accountComments(id), { reply: replies, page }, { auth: 'optional' });

/** The friends tab: whom the account follows, or who follows it (GET /api/accounts/{id}/friends), 20 a page. */
export const profileFriendsQuery = (id: string, kind: 'following' | 'followers', page: number) =>
  pageQuery<FriendsResponse>(queryKeys.users.friends(id, kind, page), PEOPLE_API.friends(id), { kind, page }, { auth: 'optional' });

/** The games tab's Steam library: GET /api/accounts/{id}/steam_games (the linked Steam profile's games). */
export const profileSteamGamesQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.users.steamGames(id),
    queryFn: () => api.get<SteamGames>(LINKED_ACCOUNTS_API.steamGames(id), { auth: 'optional' }),
  });
