import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AddressInput, type DetailedAddress } from '@lantern/contract';
import { addressesQuery } from '../../../lib/addresses';
import { api } from '../../../lib/api';

/** POST /api/me/detailed_addresses: a new address (made the default when asked; the server unsets the old one). */
export const createAddress = (a: AddressInput) => api.post<DetailedAddress>(API.addresses, { detailed_address: a });

/** Adds an address; resolves once the address book has been reloaded, so the list shows it. */
export function useCreateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSuccess: () => client.invalidateQueries({ queryKey: addressesQuery.queryKey }),
  });
}
