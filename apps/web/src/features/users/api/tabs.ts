import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  COMMUNITY_API, DISCUSSION_API, LINKED_ACCOUNTS_API, PEOPLE_API, PROFILES_API, type SteamGames, type accountCommentsResponse, type CommunityGamesResponse, type FriendsResponse,
  type postsResponse,
} from '@lantern/contract';
import { PAGE_SIZES } from '@lantern/domain';
import type { z } from 'zod';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type AccountPostsPage = z.infer<typeof postsResponse>;
export type AccountCommentsPage = z.infer<typeof accountCommentsResponse>;
export type ProfileComment = AccountCommentsPage['comments'][number];

/** The games tab: GET /api/accounts/{id}/community_games, most played first, 10 a page. */
export const profileGamesQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.users.games(id, page),
    queryFn: () => api.get<CommunityGamesResponse>(PROFILES_API.communityGames(id), { auth: 'optional', query: { page } }),
    placeholderData: keepPreviousData,
  });

/** The posts and reviews tabs: GET /api/search/posts by author, newest first, 10 a page. */
export const profilePostsQuery = (id: string, type: 'Post' | 'Review', page: number) =>
  queryOptions({
    queryKey: queryKeys.users.posts(id, type, page),
    queryFn: () => api.get<AccountPostsPage>(COMMUNITY_API.searchPosts, { auth: 'optional', query: { account_id: id, type, order: 'newest', page, per: PAGE_SIZES.posts } }),
    placeholderData: keepPreviousData,
  });

/** The comments and replies tabs: GET /api/accounts/{id}/comments with the reply flag, newest first. */
export const profileCommentsQuery = (id: string, replies: boolean, page: number) =>
  queryOptions({
    queryKey: queryKeys.users.comments(id, replies, page),
    queryFn: () => api.get<AccountCommentsPage>(DISCUSSION_API.accountComments(id), { auth: 'optional', query: { reply: replies, page } }),
    placeholderData: keepPreviousData,
  });

/** The friends tab: whom the account follows, or who follows it (GET /api/accounts/{id}/friends), 20 a page. */
export const profileFriendsQuery = (id: string, kind: 'following' | 'followers', page: number) =>
  queryOptions({
    queryKey: queryKeys.users.friends(id, kind, page),
    queryFn: () => api.get<FriendsResponse>(PEOPLE_API.friends(id), { auth: 'optional', query: { kind, page } }),
    placeholderData: keepPreviousData,
  });

/** The games tab's Steam library: GET /api/accounts/{id}/steam_games (the linked Steam profile's games). */
export const profileSteamGamesQuery = (id: string) =>
  queryOptions({
    queryKey: queryKeys.users.steamGames(id),
    queryFn: () => api.get<SteamGames>(LINKED_ACCOUNTS_API.steamGames(id), { auth: 'optional' }),
  });
