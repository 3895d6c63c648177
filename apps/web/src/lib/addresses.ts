import { queryOptions } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { addressesResponse } from '@lantern/contract';
import { api } from './api';
import { queryKeys } from './query-keys';

/**
 * The address book, as the two places that read it share it: the account's address page (which also
 * writes it, see features/user-center/api) and the order step that asks where a physical order goes.
 */
export type AddressesResponse = z.infer<typeof addressesResponse>;

/** GET /api/me/detailed_addresses: every address of the account (at most 100). */
export const addressesQuery = queryOptions({
  queryKey: queryKeys.addresses.all,
  queryFn: () => api.get<AddressesResponse>(API.addresses, { query: { per: 100 } }),
});
