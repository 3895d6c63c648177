import { API, type SessionResponse, type SignUpRequest } from '@lantern/contract';
import { api } from '../../../lib/api';

/** POST /api/accounts. The new account is signed in straight away (the answer is a session). */
export function signUp(account: SignUpRequest['account']) {
  return api.post<SessionResponse | Record<string, unknown>>(API.accounts, { account }, { auth: 'none' });
}
