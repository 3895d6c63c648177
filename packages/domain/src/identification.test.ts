import { describe, expect, it } from 'vitest';
import {
  IDENTIFICATION_DAILY_LIMIT,
  IDENTIFICATION_REASONS,
  IDENTIFICATION_TOTAL_LIMIT,
  identificationLimitReached,
  identificationRemaining,
} from './identification.ts';
import { isReasonCode } from './reasons.ts';

describe('identification attempts', () => {
  it('has a daily limit below the total limit', () => {
    expect(IDENTIFICATION_DAILY_LIMIT).toBe(5);
    expect(IDENTIFICATION_TOTAL_LIMIT).toBe(20);
  });

  it('reports what remains', () => {
    expect(identificationRemaining({ today: 0, total: 0 })).toEqual({ daily_remaining: 5, total_remaining: 20 });
    expect(identificationRemaining({ today: 2, total: 7 })).toEqual({ daily_remaining: 3, total_remaining: 13 });
    expect(identificationRemaining({ today: 5, total: 5 })).toEqual({ daily_remaining: 0, total_remaining: 15 });
  });

  it('never shows more left today than left in total, nor negative numbers', () => {
    expect(identificationRemaining({ today: 0, total: 18 })).toEqual({ daily_remaining: 2, total_remaining: 2 });
    expect(identificationRemaining({ today: 9, total: 25 })).toEqual({ daily_remaining: 0, total_remaining: 0 });
  });

  it('names the limit that blocks the next attempt, the lifetime one first', () => {
    expect(identificationLimitReached({ today: 4, total: 19 })).toBeNull();
    expect(identificationLimitReached({ today: 5, total: 10 })).toBe('daily_limit');
    expect(identificationLimitReached({ today: 1, total: 20 })).toBe('total_limit');
    expect(identificationLimitReached({ today: 5, total: 20 })).toBe('total_limit');
  });
});

describe('IDENTIFICATION_REASONS', () => {
  it('lists the identification rejections in order with their message numbers', () => {
    expect(IDENTIFICATION_REASONS.map((r) => [r.key, r.lang])).toEqual([
      ['name_invalid', 5],
      ['code_invalid', 6],
      ['code_taken', 7],
      ['code_too_many', 12],
      ['already_identified', 120],
      ['day_api_limit', 1],
      ['year_api_limit', 2],
      ['daily_limit', 3],
      ['total_limit', 4],
      ['failed', 8],
    ]);
  });

  it('puts name and number errors on their form fields', () => {
    const fieldOf = (key: string) => IDENTIFICATION_REASONS.find((r) => r.key === key)?.field;
    expect(fieldOf('name_invalid')).toBe('name');
    expect(fieldOf('code_taken')).toBe('code');
    expect(fieldOf('daily_limit')).toBe('base');
  });

  it('answers only registered reason codes, with unique keys', () => {
    for (const r of IDENTIFICATION_REASONS) expect(isReasonCode(r.reason), r.reason).toBe(true);
    expect(new Set(IDENTIFICATION_REASONS.map((r) => r.key)).size).toBe(IDENTIFICATION_REASONS.length);
  });
});
