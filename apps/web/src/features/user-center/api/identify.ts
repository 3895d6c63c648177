import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type IdentificationRequest, type Me } from '@lantern/contract';
import { api } from '../../../lib/api';
import { storeMe } from '../../../lib/session';

/** POST /api/identification: real name + resident ID number. */
export const identify = (identification: IdentificationRequest['identification']) => api.post<Me | Record<string, unknown>>(API.identification, { identification });

/**
 * Binds the real identity. Resolves only once the account has been refetched, so whoever waits on it
 * (the purchase that asked for identification) sees the account as identified.
 */
export function useIdentify() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: identify,
    onSuccess: (answer) => storeMe(client, answer),
  });
}
