import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { KEYS_API, type ActivationResult } from '@lantern/contract';
import { KEY_LIST_REUSE_MS } from '@lantern/domain';
import type { z } from 'zod';
import type { gameKeysResponse, virtualCodesResponse } from '@lantern/contract';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';
import { filterWhere, pageQuery } from '../../../lib/listQueries';

export type GameKeysResponse = z.infer<typeof gameKeysResponse>;
export type VirtualCodesResponse = z.infer<typeof virtualCodesResponse>;
export type KeyDeliveryFilter = 'all' | 'delivered' | 'pre_ordered' | 'ordering';

export const KEYS_PER = 10;

/** GET /api/game_key: my platform keys on this site, newest first, paged; optionally one delivery state. */
export const gameKeysQuery = (page: number, delivery: KeyDeliveryFilter) =>
  pageQuery<GameKeysResponse>(queryKeys.keys.list(delivery, page), KEYS_API.gameKeys, { page, per: KEYS_PER, ...filterWhere('delivery_state_eq', delivery) });

/**
 * GET /api/game_key?q[key_type_eq]=uplay: the Uplay keys. A key list of one type is reused (docs/product/buying.md#key-list-cache)
 * while under 50 seconds old — the query is fresh for that long, so coming back to the page asks nothing.
 */
export const uplayKeysQuery = (page: number) =>
  queryOptions({
    queryKey: queryKeys.keys.uplay(page),
    queryFn: () => api.get<GameKeysResponse>(KEYS_API.gameKeys, { query: { page, per: KEYS_PER, q: { key_type_eq: 'uplay' } } }),
    staleTime: KEY_LIST_REUSE_MS,
    placeholderData: keepPreviousData,
  });

/** GET /api/virtual/game_keys: virtual goods' codes (shown with the code). */
export const virtualCodesQuery = (page: number) =>
  pageQuery<VirtualCodesResponse>(queryKeys.keys.virtual(page), KEYS_API.virtualCodes, { page, per: KEYS_PER });

/**
 * An enabled Uplay key's new status is kept by the client itself: the list is reused for 50 s, so the
 * activation's answer is written into the cached page at once rather than waiting for the next fetch.
 */
export function useRecordUplayActivation(page: number) {
  const client = useQueryClient();
  return (keyId: number, result: ActivationResult) =>
    client.setQueryData<GameKeysResponse>(uplayKeysQuery(page).queryKey, (old) =>
      old ? { ...old, game_keys: old.game_keys.map((k) => (k.id === keyId ? { ...k, activation_status: result.activation_status, activation_error: result.error_code } : k)) } : old,
    );
}
