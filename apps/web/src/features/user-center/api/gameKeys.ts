import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { KEYS_API } from '@lantern/contract';
import { KEY_LIST_REUSE_MS } from '@lantern/domain';
import type { z } from 'zod';
import type { gameKeysResponse, virtualCodesResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { keysKey } from '../../../lib/keys';

export type GameKeysResponse = z.infer<typeof gameKeysResponse>;
export type VirtualCodesResponse = z.infer<typeof virtualCodesResponse>;
export type KeyDeliveryFilter = 'all' | 'delivered' | 'pre_ordered' | 'ordering';

export const KEYS_PER = 10;

/** GET /api/game_key: my platform keys on this site, newest first, paged; optionally one delivery state. */
export const gameKeysQuery = (page: number, delivery: KeyDeliveryFilter) =>
  queryOptions({
    queryKey: [...keysKey, 'list', delivery, page] as const,
    queryFn: () => api.get<GameKeysResponse>(KEYS_API.gameKeys, { query: { page, per: KEYS_PER, ...(delivery === 'all' ? {} : { q: { delivery_state_eq: delivery } }) } }),
    placeholderData: keepPreviousData,
  });

/**
 * GET /api/game_key?q[key_type_eq]=uplay: the Uplay keys. A key list of one type is reused (docs/product/buying.md#key-list-cache)
 * while under 50 seconds old — the query is fresh for that long, so coming back to the page asks nothing.
 */
export const uplayKeysQuery = (page: number) =>
  queryOptions({
    queryKey: [...keysKey, 'uplay', page] as const,
    queryFn: () => api.get<GameKeysResponse>(KEYS_API.gameKeys, { query: { page, per: KEYS_PER, q: { key_type_eq: 'uplay' } } }),
    staleTime: KEY_LIST_REUSE_MS,
    placeholderData: keepPreviousData,
  });

/** GET /api/virtual/game_keys: virtual goods' codes (shown with the code). */
export const virtualCodesQuery = (page: number) =>
  queryOptions({
    queryKey: [...keysKey, 'virtual', page] as const,
    queryFn: () => api.get<VirtualCodesResponse>(KEYS_API.virtualCodes, { query: { page, per: KEYS_PER } }),
    placeholderData: keepPreviousData,
  });
