import { API, type CompleteMeRequest, type Me } from '@lantern/contract';
import { api } from '../../../lib/api';
import { useMeWrite } from './updateMe';

/** PUT /api/me: the identification popup completes the account (phone + code, password, nickname, gender). */
export const completeMe = (account: CompleteMeRequest['account']) => api.put<Me>(API.me, { account });

/** Completes the account; the answer becomes the signed-in account at once, then the account is refetched. */
export const useCompleteMe = () => useMeWrite(completeMe);
