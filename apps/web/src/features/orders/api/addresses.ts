import { queryOptions } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import type { z } from 'zod';
import type { addressesResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

export type AddressesResponse = z.infer<typeof addressesResponse>;

/** GET /api/me/detailed_addresses: where a physical order can go (the same query key as the address book). */
export const shippingAddressesQuery = queryOptions({
  queryKey: ['me', 'addresses'] as const,
  queryFn: () => api.get<AddressesResponse>(API.addresses, { query: { per: 100 } }),
});
