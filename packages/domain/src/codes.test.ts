import { describe, expect, it } from 'vitest';
import {
  CODE_MAX_ATTEMPTS,
  CODE_PURPOSES,
  CODE_RESEND_INTERVAL_SECONDS,
  CODE_SENDS_BEFORE_CAPTCHA,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_SECONDS,
  codeExpiresAt,
  codeSendDecision,
  isCodePurpose,
  isCodeUsable,
  isVerificationCodeFormat,
} from './codes.ts';

describe('verification codes', () => {
  it('has the designed limits', () => {
    expect(VERIFICATION_CODE_LENGTH).toBe(6);
    expect(VERIFICATION_CODE_TTL_SECONDS).toBe(600);
    expect(CODE_RESEND_INTERVAL_SECONDS).toBe(60);
    expect(CODE_SENDS_BEFORE_CAPTCHA).toBe(3);
    expect(CODE_MAX_ATTEMPTS).toBe(5);
    expect(CODE_PURPOSES).toEqual(['sign_up', 'sign_in', 'reset_password', 'bind', 'unbind', 'unlock', 'reauthenticate', 'appeal']);
    expect(isCodePurpose('unlock')).toBe(true);
    expect(isCodePurpose('delete')).toBe(false);
  });

  it('accepts six ASCII digits only', () => {
    expect(isVerificationCodeFormat('012345')).toBe(true);
    expect(isVerificationCodeFormat('12345')).toBe(false);
    expect(isVerificationCodeFormat('1234567')).toBe(false);
    expect(isVerificationCodeFormat('12345a')).toBe(false);
    expect(isVerificationCodeFormat('１２３４５６')).toBe(false);
    expect(isVerificationCodeFormat(null)).toBe(false);
  });

  it('expires 600 s after sending, exclusive', () => {
    expect(codeExpiresAt(1000)).toBe(1600);
    expect(isCodeUsable({ sentAtSec: 1000, failedAttempts: 0 }, 1599)).toBe(true);
    expect(isCodeUsable({ sentAtSec: 1000, failedAttempts: 0 }, 1600)).toBe(false);
  });

  it('is burnt after 5 wrong entries', () => {
    expect(isCodeUsable({ sentAtSec: 1000, failedAttempts: 4 }, 1001)).toBe(true);
    expect(isCodeUsable({ sentAtSec: 1000, failedAttempts: 5 }, 1001)).toBe(false);
  });

  it('refuses a resend within 60 s', () => {
    expect(codeSendDecision({ lastSentAtSec: 1000, sendsInWindow: 1 }, 1059, false)).toBe('frequently');
    expect(codeSendDecision({ lastSentAtSec: 1000, sendsInWindow: 1 }, 1060, false)).toBe('ok');
    expect(codeSendDecision({ lastSentAtSec: null, sendsInWindow: 0 }, 0, false)).toBe('ok');
    // Even a solved captcha does not skip the interval.
    expect(codeSendDecision({ lastSentAtSec: 1000, sendsInWindow: 5 }, 1010, true)).toBe('frequently');
  });

  it('asks for a captcha from the fourth send in an hour', () => {
    expect(codeSendDecision({ lastSentAtSec: 0, sendsInWindow: 2 }, 1000, false)).toBe('ok');
    expect(codeSendDecision({ lastSentAtSec: 0, sendsInWindow: 3 }, 1000, false)).toBe('captcha');
    expect(codeSendDecision({ lastSentAtSec: 0, sendsInWindow: 3 }, 1000, true)).toBe('ok');
  });
});
