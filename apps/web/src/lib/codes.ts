import { API, type CaptchaResponse, type CodePurpose, type SendCodeResponse } from '@lantern/contract';
import { api } from './api';

export interface SendCodeInput {
  type: 'Sms' | 'Email';
  target: string;
  purpose: CodePurpose;
  captcha_id?: string;
  captcha?: string;
}

/** POST /api/message: a verification code by SMS or e-mail. Works for guests (sign-up, sign-in, reset, unlock). */
export function sendCode(input: SendCodeInput) {
  const auth = input.purpose === 'bind' || input.purpose === 'unbind' ? 'required' : 'none';
  return api.post<SendCodeResponse>(API.message, { message: input }, { auth });
}

/** POST /api/captchas: a fresh image captcha. */
export function fetchCaptcha() {
  return api.post<CaptchaResponse>(API.captchas, undefined, { auth: 'none' });
}

export const isEmailLike = (s: string) => s.includes('@');
