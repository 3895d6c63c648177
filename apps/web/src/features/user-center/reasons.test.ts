import { describe, expect, it } from 'vitest';
import { i18next } from '../../i18n';
import { ApiError } from '../../lib/api';
import { couponClaimProblem, redeemProblem } from './reasons';

const t = i18next.t.bind(i18next);

describe('coupon claim reasons', () => {
  it('maps 400 reasons to coupon_<field>_<reason> texts', () => {
    const cases: Array<[string, string]> = [
      ['coupon', 'blank'],
      ['coupon', 'code_error'],
      ['account', 'taken'],
      ['rule', 'expired'],
      ['event', 'inactive'],
      ['request', 'need_captcha'],
      ['request', 'captcha_invalid'],
    ];
    const texts = cases.map(([f, r]) => couponClaimProblem(t, new ApiError(400, { [f]: [r] })).text);
    cases.forEach(([f, r], i) => expect(texts[i], `${f} ${r}`).toBe(t(`coupons.coupon_${f}_${r}`)));
    expect(new Set(texts).size).toBe(cases.length);
  });

  it('404 means exhausted; need_captcha and captcha_invalid ask for a captcha', () => {
    expect(couponClaimProblem(t, new ApiError(404, { coupon: ['exhausted'] })).text).toBe(t('coupons.coupon_exhausted'));
    expect(couponClaimProblem(t, new ApiError(400, { request: ['need_captcha'] }))).toMatchObject({ needCaptcha: true, captchaWrong: false });
    expect(couponClaimProblem(t, new ApiError(400, { request: ['captcha_invalid'] }))).toMatchObject({ needCaptcha: true, captchaWrong: true });
  });

  it('an unknown reason still names its code', () => {
    expect(couponClaimProblem(t, new ApiError(400, { rule: ['strange'] })).text).toContain('coupon_rule_strange');
  });
});

describe('code exchange reasons', () => {
  it('404 not found, used, invalid, bind failed, captcha invalid', () => {
    expect(redeemProblem(t, new ApiError(404, { code: ['not_found'] }))).toMatchObject({ text: t('redeem.not_found'), field: 'code' });
    expect(redeemProblem(t, new ApiError(422, { code: ['used'] })).text).toBe(t('redeem.used'));
    expect(redeemProblem(t, new ApiError(422, { code: ['invalid'] })).text).toBe(t('redeem.invalid'));
    expect(redeemProblem(t, new ApiError(422, { code: ['bind_failed'] })).text).toBe(t('redeem.bind_fail'));
    expect(redeemProblem(t, new ApiError(400, { captcha: ['captcha_invalid'] }))).toMatchObject({ text: t('redeem.captcha_invalid'), field: 'captcha', needCaptcha: true, captchaWrong: true });
    expect(redeemProblem(t, new ApiError(400, { captcha: ['need_captcha'] }))).toMatchObject({ field: 'captcha', needCaptcha: true });
  });
});
