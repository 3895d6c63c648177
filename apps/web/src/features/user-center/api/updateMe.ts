import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type Me, type UpdateMeRequest } from '@lantern/contract';
import { api } from '../../../lib/api';
import { storeMe } from '../../../lib/session';

/** PATCH /api/me: basic info (nickname, gender, birthday, introduction). */
export const updateMe = (account: UpdateMeRequest['account']) => api.patch<Me>(API.me, { account });

/** A write whose answer is the account: the answer becomes the signed-in account at once, then the account is refetched. */
export function useMeWrite<V>(write: (variables: V) => Promise<Me>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: write, onSuccess: (me) => void storeMe(client, me) });
}

/** Saves basic info (a write whose answer is the account). */
export const useUpdateMe = () => useMeWrite(updateMe);
