import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type BindContactRequest, type Me } from '@lantern/contract';
import { api } from '../../../lib/api';
import { storeMe } from '../../../lib/session';

export interface ContactWrite {
  kind: 'email' | 'phone';
  /** bind: a first e-mail/phone (POST); change: another one, with the password (PATCH). */
  mode: 'bind' | 'change';
  account: BindContactRequest['account'];
}

/** POST binds a first e-mail/phone; PATCH changes it (with the password). Code purpose `bind`. */
export function saveContact({ kind, mode, account }: ContactWrite) {
  const path = kind === 'email' ? API.meEmail : API.mePhone;
  return mode === 'bind' ? api.post<Me>(path, { account }) : api.patch<Me>(path, { account });
}

/** Binds or changes a contact; the answer becomes the signed-in account at once, then it is refetched. */
export function useSaveContact() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    onSuccess: (me) => void storeMe(client, me),
  });
}
