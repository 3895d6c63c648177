import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type AddressInput, type DetailedAddress } from '@lantern/contract';
import { addressesQuery } from '../../../lib/addresses';
import { api } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';

/** PATCH /api/me/detailed_addresses/{id}: some fields of an address (`is_default: true` makes it the default). */
export const updateAddress = (id: number, a: Partial<AddressInput>) => api.patch<DetailedAddress>(API.address(id), { detailed_address: a });

export interface AddressUpdate {
  id: number;
  changes: Partial<AddressInput>;
}

/** Changes an address; resolves once the address book has been reloaded (a new default moves the badge). */
export function useUpdateAddress(callbacks: MutationCallbacks<DetailedAddress, AddressUpdate> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: AddressUpdate) => updateAddress(id, changes),
    onSuccess: async (address, update) => {
      await client.invalidateQueries({ queryKey: addressesQuery.queryKey });
      callbacks.onSuccess?.(address, update);
    },
    onError: callbacks.onError,
  });
}
