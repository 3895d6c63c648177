import { API, type BindContactRequest, type CompleteMeRequest, type IdentificationRequest, type Me, type UpdateMeRequest } from '@lantern/contract';
import { api } from '../../../lib/api';

/** PATCH /api/me: basic info (nickname, gender, birthday, introduction). */
export const updateMe = (account: UpdateMeRequest['account']) => api.patch<Me>(API.me, { account });

/** PUT /api/me: the identification popup completes the account (phone + code, password, nickname, gender). */
export const completeMe = (account: CompleteMeRequest['account']) => api.put<Me>(API.me, { account });

/** POST /api/identification: real name + resident ID number (docs/product/accounts.md#identification). */
export const identify = (identification: IdentificationRequest['identification']) => api.post<Me | Record<string, unknown>>(API.identification, { identification });

/** POST binds a first e-mail/phone; PATCH changes it (with the password). Code purpose `bind`. */
export function saveContact(kind: 'email' | 'phone', mode: 'bind' | 'change', account: BindContactRequest['account']) {
  const path = kind === 'email' ? API.meEmail : API.mePhone;
  return mode === 'bind' ? api.post<Me>(path, { account }) : api.patch<Me>(path, { account });
}

/** PATCH /api/me/unbind/phone with the code sent to the bound phone (purpose unbind). */
export const unbindPhone = (code: string) => api.patch<Me>(API.unbindPhone, { account: { code } });
