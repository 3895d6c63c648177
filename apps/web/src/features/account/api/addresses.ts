import { queryOptions } from '@tanstack/react-query';
import { API, type AddressInput, type DetailedAddress, type Districts } from '@lantern/contract';
import type { z } from 'zod';
import type { addressesResponse } from '@lantern/contract';
import { api } from '../../../lib/api';

export type AddressesResponse = z.infer<typeof addressesResponse>;

export const addressesQuery = queryOptions({
  queryKey: ['me', 'addresses'] as const,
  queryFn: () => api.get<AddressesResponse>(API.addresses, { query: { per: 100 } }),
});

/** GET /districts: mainland provinces → cities → areas, and the country list for abroad addresses. */
export const districtsQuery = queryOptions({
  queryKey: ['districts'] as const,
  queryFn: () => api.get<Districts>(API.districts, { auth: 'none' }),
  staleTime: Infinity,
  gcTime: Infinity,
});

export const createAddress = (a: AddressInput) => api.post<DetailedAddress>(API.addresses, { detailed_address: a });
export const updateAddress = (id: number, a: Partial<AddressInput>) => api.patch<DetailedAddress>(API.address(id), { detailed_address: a });
export const deleteAddress = (id: number) => api.delete<unknown>(API.address(id));
