import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { wishlistResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export type WishlistResponse = z.infer<typeof wishlistResponse>;

/** The wish list shows 10 a page, like the other lists of the user centre (our size: docs/product/limits.md#page-sizes). */
export const WISHES_PER = 10;

/** GET /api/me/wishes: the account's wish list on this site, newest first, paged. */
export const wishlistQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.wishes.page(page),
    queryFn: () => api.get<WishlistResponse>(API.wishlist, { query: { page, per: WISHES_PER } }),
    placeholderData: keepPreviousData,
  });

export const useWishlist = (page: number) => useQuery(wishlistQuery(page));
