import { describe, expect, it } from 'vitest';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  FAILURES_BEFORE_CAPTCHA,
  FAILURES_BEFORE_LOCK,
  FAILURE_WINDOW_SECONDS,
  IP_FAILURES_PER_WINDOW,
  PASSWORD_CONFIRMATION_FAILURES_PER_WINDOW,
  REFRESH_PROTECTION_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_ABSOLUTE_LIFETIME_SECONDS,
  isInRefreshProtection,
  isIpThrottled,
  isSessionWithinLifetime,
  signInStep,
} from './sign-in.ts';

describe('sign-in throttling', () => {
  it('has the designed limits', () => {
    expect(FAILURES_BEFORE_CAPTCHA).toBe(3);
    expect(FAILURES_BEFORE_LOCK).toBe(10);
    expect(FAILURE_WINDOW_SECONDS).toBe(900);
    expect(IP_FAILURES_PER_WINDOW).toBe(50);
    expect(PASSWORD_CONFIRMATION_FAILURES_PER_WINDOW).toBe(5);
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
    expect(REFRESH_TOKEN_TTL_SECONDS).toBe(2_592_000);
    expect(REFRESH_PROTECTION_SECONDS).toBe(30);
  });

  it('asks for a captcha from the third failure and locks from the tenth', () => {
    expect(signInStep(0)).toBe('ok');
    expect(signInStep(2)).toBe('ok');
    expect(signInStep(3)).toBe('captcha');
    expect(signInStep(9)).toBe('captcha');
    expect(signInStep(10)).toBe('locked');
    expect(signInStep(100)).toBe('locked');
  });

  it('throttles an address from its fiftieth failure', () => {
    expect(isIpThrottled(49)).toBe(false);
    expect(isIpThrottled(50)).toBe(true);
  });

  it('protects a just-rotated refresh token for 30 s', () => {
    expect(isInRefreshProtection(1000, 1000)).toBe(true);
    expect(isInRefreshProtection(1000, 1029)).toBe(true);
    expect(isInRefreshProtection(1000, 1030)).toBe(false);
    // A rotation "in the future" is clock skew or tampering, not a retry.
    expect(isInRefreshProtection(1000, 999)).toBe(false);
  });
});

describe('absolute session lifetime', () => {
  it('is 90 days from sign-in, refresh or not', () => {
    expect(SESSION_ABSOLUTE_LIFETIME_SECONDS).toBe(90 * 24 * 3600);
    const signedIn = 1_800_000_000;
    expect(isSessionWithinLifetime(signedIn, signedIn)).toBe(true);
    expect(isSessionWithinLifetime(signedIn, signedIn + SESSION_ABSOLUTE_LIFETIME_SECONDS - 1)).toBe(true);
    expect(isSessionWithinLifetime(signedIn, signedIn + SESSION_ABSOLUTE_LIFETIME_SECONDS)).toBe(false);
  });
});
