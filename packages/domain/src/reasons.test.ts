import { describe, expect, it } from 'vitest';
import { REASON_CODES, isReasonCode } from './reasons.ts';
import { checkPassword } from './credentials.ts';

describe('reason codes', () => {
  it('are unique snake_case words', () => {
    expect(new Set(REASON_CODES).size).toBe(REASON_CODES.length);
    for (const code of REASON_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('include the codes the product names', () => {
    for (const code of [
      'taken', 'invalid', 'blank', 'too_short', 'too_long', 'confirmation', 'out_limit', 'status_invalid',
      'has_no_base', 'access_wait', 'rate_limit', 'frequently', 'is_mute', 'already_identified', 'greater_than',
      'not_found', 'expired', 'captcha_invalid', 'under_age', 'locked', 'unauthorized', 'forbidden', 'too_many',
      'day_api_limit', 'year_api_limit', 'daily_limit', 'total_limit', 'failed', 'unbind_limit', 'unsafe',
      'server_error', 'used', 'over_limit', 'no_grade_left', 'own_limit', 'already_end',
    ]) {
      expect(isReasonCode(code), code).toBe(true);
    }
  });

  it('cover every password problem', () => {
    for (const p of ['', 'short1!', `${'a'.repeat(129)}1`, '12345678']) {
      const problem = checkPassword(p);
      expect(problem).not.toBeNull();
      expect(isReasonCode(problem)).toBe(true);
    }
  });

  it('refuse anything else', () => {
    expect(isReasonCode('Invalid')).toBe(false);
    expect(isReasonCode('')).toBe(false);
    expect(isReasonCode(42)).toBe(false);
  });
});
