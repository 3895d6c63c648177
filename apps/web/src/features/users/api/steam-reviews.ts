import { LINKED_ACCOUNTS_API, type SteamReviewsOfAccount } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

/** The Steam reviews tab: GET /api/accounts/{id}/steam_reviews, newest first, 10 a page; the owner's setting decides who sees them. */
export const profileSteamReviewsQuery = (id: string, page: number) =>
  pageQuery<SteamReviewsOfAccount>(queryKeys.users.steamReviews(id, page), LINKED_ACCOUNTS_API.steamReviews(id), { page }, { auth: 'optional' });
