import { API, type FastSignInRequest, type SessionResponse, type SignInRequest } from '@lantern/contract';
import { api } from '../../../lib/api';
import { SIGN_IN_TIMEOUT_MS } from '../../../lib/constants';

/** POST /api/access_token: login (e-mail, phone or nickname) + password (+ captcha when asked). 10 s timeout (docs/product/screens.md#sign-in-popup). */
export function signIn(body: SignInRequest['access_token']) {
  return api.post<SessionResponse>(API.accessToken, { access_token: body }, { auth: 'none', timeoutMs: SIGN_IN_TIMEOUT_MS });
}

/** POST /api/fast/access_token: phone number + SMS code (purpose sign_in). 10 s timeout. */
export function fastSignIn(body: FastSignInRequest['access_token']) {
  return api.post<SessionResponse>(API.fastAccessToken, { access_token: body }, { auth: 'none', timeoutMs: SIGN_IN_TIMEOUT_MS });
}
