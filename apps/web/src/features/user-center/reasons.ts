import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api';

/**
 * Coupon claims and code exchange in words (docs/product/buying.md#coupon-claim, #redeem-codes). A claim refused with 400 reads
 * coupon_<field>_<reason> for the fields coupon, account, rule, event and request; a 404 means the coupon is
 * exhausted (all gone). Both say when a captcha is needed, so the form can show one.
 */
export interface ClaimProblem {
  text: string;
  needCaptcha: boolean;
  /** The captcha answer was wrong: a new image is due. */
  captchaWrong: boolean;
}

const CLAIM_FIELDS = ['coupon', 'account', 'rule', 'event', 'request'] as const;

export function couponClaimProblem(t: TFunction, e: unknown): ClaimProblem {
  const none = { needCaptcha: false, captchaWrong: false };
  if (!isApiError(e)) return { text: t('errors.network'), ...none };
  if (e.status === 404) return { text: t('coupons.coupon_exhausted'), ...none };
  if (e.status === 429) return { text: t('errors.rate_limit'), ...none };
  for (const field of CLAIM_FIELDS) {
    const reason = e.errors[field]?.[0];
    if (!reason) continue;
    const text = t(`coupons.coupon_${field}_${reason}`, { defaultValue: '' }) || t('coupons.claim_failed_reason', { reason: `coupon_${field}_${reason}` });
    return { text, needCaptcha: reason === 'need_captcha' || reason === 'captcha_invalid', captchaWrong: reason === 'captcha_invalid' };
  }
  if (e.status >= 500) return { text: t('errors.server_error'), ...none };
  return { text: t('coupons.claim_failed'), ...none };
}

export interface RedeemProblem extends ClaimProblem {
  /** The field the message belongs to: the code or the captcha. */
  field: 'code' | 'captcha' | 'base';
}

/** Code exchange: 404 not found; bind failed; code used; invalid; captcha invalid (docs/product/buying.md#redeem-codes). */
export function redeemProblem(t: TFunction, e: unknown): RedeemProblem {
  const base = { needCaptcha: false, captchaWrong: false };
  if (!isApiError(e)) return { text: t('errors.network'), field: 'base', ...base };
  const reasons = Object.values(e.errors).flat();
  const needCaptcha = reasons.includes('need_captcha') || reasons.includes('captcha_invalid') || reasons.includes('captcha_blank') || e.has('captcha');
  if (reasons.includes('captcha_invalid') || e.has('captcha', 'invalid')) return { text: t('redeem.captcha_invalid'), field: 'captcha', needCaptcha: true, captchaWrong: true };
  if (reasons.includes('need_captcha') || e.has('captcha', 'blank')) return { text: t('redeem.need_captcha'), field: 'captcha', needCaptcha: true, captchaWrong: false };
  if (e.status === 404 || reasons.includes('not_found')) return { text: t('redeem.not_found'), field: 'code', needCaptcha, captchaWrong: false };
  if (reasons.includes('used') || reasons.includes('taken')) return { text: t('redeem.used'), field: 'code', needCaptcha, captchaWrong: false };
  if (reasons.includes('bind_fail') || reasons.includes('bind_failed')) return { text: t('redeem.bind_fail'), field: 'code', needCaptcha, captchaWrong: false };
  if (reasons.includes('expired')) return { text: t('redeem.expired'), field: 'code', needCaptcha, captchaWrong: false };
  if (reasons.includes('owned')) return { text: t('errors.owned'), field: 'code', needCaptcha, captchaWrong: false };
  if (reasons.includes('invalid') || reasons.includes('blank')) return { text: t('redeem.invalid'), field: 'code', needCaptcha, captchaWrong: false };
  if (e.status === 429 || reasons.includes('rate_limit')) return { text: t('errors.rate_limit'), field: 'base', needCaptcha, captchaWrong: false };
  if (e.status >= 500) return { text: t('errors.server_error'), field: 'base', needCaptcha, captchaWrong: false };
  return { text: t('redeem.failed'), field: 'base', needCaptcha, captchaWrong: false };
}
