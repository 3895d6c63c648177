import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { LINKED_ACCOUNTS_API, type SteamReviewsOfAccount } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

/** The Steam reviews tab: GET /api/accounts/{id}/steam_reviews, newest first, 10 a page; the owner's setting decides who sees them. */
export const profileSteamReviewsQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: queryKeys.users.steamReviews(id, page),
    queryFn: () => api.get<SteamReviewsOfAccount>(LINKED_ACCOUNTS_API.steamReviews(id), { auth: 'optional', query: { page } }),
    placeholderData: keepPreviousData,
  });
