import { useQuery } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { wishlistResponse } from '@lantern/contract';
import { queryKeys } from '../../../lib/query-keys';
import { pageQuery } from '../../../lib/listQueries';

export type WishlistResponse = z.infer<typeof wishlistResponse>;

/** The wish list shows 10 a page, like the other lists of the user centre (our size: docs/product/limits.md#page-sizes). */
export const WISHES_PER = 10;

/** GET /api/me/wishes: the account's wish list on this site, newest first, paged. */
export const wishlistQuery = (page: number) =>
  pageQuery<WishlistResponse>(queryKeys.wishes.page(page), API.wishlist, { page, per: WISHES_PER });

export const useWishlist = (page: number) => useQuery(wishlistQuery(page));
