import { API, type ResetPasswordRequest } from '@lantern/contract';
import { api } from '../../../lib/api';

/** PATCH /api/me/phone/password or /api/me/email/password: a new password with a code (purpose reset_password). */
export function resetPassword(by: 'phone' | 'email', account: ResetPasswordRequest['account']) {
  return api.patch<unknown>(by === 'phone' ? API.phonePassword : API.emailPassword, { account }, { auth: 'none' });
}

/** PUT /api/me/unlock: unlock a locked account with a code (purpose unlock). */
export function unlockAccount(account: { login: string; code: string }) {
  return api.put<unknown>(API.unlock, { account }, { auth: 'none' });
}
