import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API } from '@lantern/contract';
import { addressesQuery } from '../../../lib/addresses';
import { api } from '../../../lib/api';
import type { MutationCallbacks } from '../../../lib/mutationCallbacks';

/** DELETE /api/me/detailed_addresses/{id}. */
export const deleteAddress = (id: number) => api.delete<unknown>(API.address(id));

/** Deletes an address; stays pending until the address book has been reloaded without it. */
export function useDeleteAddress(callbacks: MutationCallbacks<unknown, number> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSuccess: async (res, id) => {
      callbacks.onSuccess?.(res, id);
      await client.invalidateQueries({ queryKey: addressesQuery.queryKey });
    },
    onError: callbacks.onError,
  });
}
