import { describe, expect, it } from 'vitest';
import {
  REDEEM_FAILURES_BEFORE_CAPTCHA, formatRedeemCode, normalizeRedeemCode, redeemCaptchaState, redeemCodeDisplayState, redeemCodeProblem,
  redeemCodeTail, type RedeemCodeFacts,
} from './redeem.ts';

describe('redeem code text', () => {
  it('ignores case, spaces and dashes', () => {
    expect(normalizeRedeemCode(' abcd-efgh 12 34 ')).toBe('ABCDEFGH1234');
    expect(normalizeRedeemCode('ABCD--EFGH')).toBe('ABCDEFGH');
  });

  it('formats in groups of four and shows the last four', () => {
    expect(formatRedeemCode('ABCDEFGH1234')).toBe('ABCD-EFGH-1234');
    expect(formatRedeemCode('ABCDEF')).toBe('ABCD-EF');
    expect(formatRedeemCode('')).toBe('');
    expect(redeemCodeTail('ABCDEFGH1234')).toBe('1234');
  });
});

describe('redeemCodeProblem', () => {
  const code: RedeemCodeFacts = { state: 'active', area: 'native', expires_at_timestamp: 2000, owner_account_id: null };

  it('is null for an active code of the site, in date, open or issued to the account', () => {
    expect(redeemCodeProblem(code, 7, 'native', 1000)).toBeNull();
    expect(redeemCodeProblem({ ...code, owner_account_id: 7 }, 7, 'native', 1000)).toBeNull();
    expect(redeemCodeProblem({ ...code, expires_at_timestamp: null }, 7, 'native', 99_999)).toBeNull();
  });

  it('is used once used, whatever else', () => {
    expect(redeemCodeProblem({ ...code, state: 'used' }, 7, 'abroad', 5000)).toBe('used');
  });

  it('is invalid when disabled, expired (at the instant), of the other site or issued to someone else', () => {
    expect(redeemCodeProblem({ ...code, state: 'disabled' }, 7, 'native', 1000)).toBe('invalid');
    expect(redeemCodeProblem(code, 7, 'native', 2000)).toBe('invalid');
    expect(redeemCodeProblem(code, 7, 'abroad', 1000)).toBe('invalid');
    expect(redeemCodeProblem({ ...code, owner_account_id: 8 }, 7, 'native', 1000)).toBe('invalid');
  });
});

describe('display state', () => {
  it('reads an active code past its date as expired', () => {
    expect(redeemCodeDisplayState('active', 100, 100)).toBe('expired');
    expect(redeemCodeDisplayState('active', 100, 99)).toBe('active');
    expect(redeemCodeDisplayState('active', null, 99)).toBe('active');
    expect(redeemCodeDisplayState('used', 100, 200)).toBe('used');
  });
});

describe('captcha after failures', () => {
  it('allows three attempts an hour without one', () => {
    expect(REDEEM_FAILURES_BEFORE_CAPTCHA).toBe(3);
    expect(redeemCaptchaState(0)).toEqual({ need_captcha: false, attempts_left: 3 });
    expect(redeemCaptchaState(2)).toEqual({ need_captcha: false, attempts_left: 1 });
    expect(redeemCaptchaState(3)).toEqual({ need_captcha: true, attempts_left: 0 });
    expect(redeemCaptchaState(9)).toEqual({ need_captcha: true, attempts_left: 0 });
  });
});
