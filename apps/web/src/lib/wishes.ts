import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { wishResponse } from '@lantern/contract';
import { api } from './api';

/**
 * The wish list writes, shared by the game page (wish button) and the user centre (remove): idempotent
 * PUT and DELETE on /api/me/wishes/{skuId}. A guest's call answers 401, which opens the sign-in popup.
 */
export type WishResponse = z.infer<typeof wishResponse>;

export const addWish = (skuId: number) => api.put<WishResponse>(API.wish(skuId));
export const removeWish = (skuId: number) => api.delete<WishResponse>(API.wish(skuId));
