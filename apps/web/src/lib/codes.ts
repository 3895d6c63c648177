import { API, type CaptchaResponse, type CodePurpose, type SendCodeResponse } from '@lantern/contract';
import { api } from './api';

export interface SendCodeInput {
  type: 'Sms' | 'Email';
  target: string;
  purpose: CodePurpose;
  captcha_id?: string;
  captcha?: string;
}

/**
 * POST /api/message: a verification code by SMS or e-mail. Works for guests (sign-up, sign-in, reset, unlock); bind,
 * unbind and reauthenticate are the signed-in account's own.
 */
export function sendCode(input: SendCodeInput) {
  const auth = input.purpose === 'bind' || input.purpose === 'unbind' || input.purpose === 'reauthenticate' ? 'required' : 'none';
  // A proof code goes to the signed-in account's own bound contact, which the server picks: no target is named.
  const message = input.purpose === 'reauthenticate' ? { type: input.type, purpose: input.purpose, captcha_id: input.captcha_id, captcha: input.captcha } : input;
  return api.post<SendCodeResponse>(API.message, { message }, { auth });
}

/** POST /api/captchas: a fresh image captcha. */
export function fetchCaptcha() {
  return api.post<CaptchaResponse>(API.captchas, undefined, { auth: 'none' });
}

export const isEmailLike = (s: string) => s.includes('@');
