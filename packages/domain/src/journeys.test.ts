import { describe, expect, it } from 'vitest';
import {
  journeyProgress, journeyRewardRefusal, journeyStatus, journeyTaskMessage, journeyTaskRefusal, normalizeJourneyCode,
  redeemTaskFailure, registerTaskDone, shareTaskFailure,
} from './journeys.ts';

const window = { starts_at_timestamp: 1000, ends_at_timestamp: 2000 };

describe('journeys', () => {
  it('is current from its start up to, not including, its end', () => {
    expect(journeyStatus(window, 999)).toBe('not_start');
    expect(journeyStatus(window, 1000)).toBe('current');
    expect(journeyStatus(window, 1999)).toBe('current');
    expect(journeyStatus(window, 2000)).toBe('end');
  });

  it('completes a task only by its own kind of call, inside the window', () => {
    expect(journeyTaskRefusal('share', 'share', window, 1500)).toBeNull();
    expect(journeyTaskRefusal('redeem_code', 'share', window, 1500)).toBe('auth_invalid');
    expect(journeyTaskRefusal('share', 'redeem_code', window, 1500)).toBe('auth_invalid');
    expect(journeyTaskRefusal('redeem_code', 'redeem_code', window, 2000)).toBe('time_range_invalid');
    expect(journeyTaskRefusal('redeem_code', 'redeem_code', window, 10)).toBe('time_range_invalid');
  });

  it('counts a sign-up inside the window as the register task', () => {
    expect(registerTaskDone(window, 1500)).toBe(true);
    expect(registerTaskDone(window, 900)).toBe(false);
  });

  it('maps refusals to the spec messages: 76 out of time, 78 auth, 75 anything else', () => {
    expect(journeyTaskMessage('time_range_invalid')).toBe(76);
    expect(journeyTaskMessage('auth_invalid')).toBe(78);
    expect(journeyTaskMessage('opened')).toBe(75);
    expect(journeyTaskMessage(undefined)).toBe(75);
    expect(shareTaskFailure('access_wait')).toBe('too_frequent');
    expect(shareTaskFailure('time_range_invalid')).toBe('not_in_range');
    expect(shareTaskFailure('auth_invalid')).toBe('failed');
    expect(redeemTaskFailure('invalid')).toBe('wrong_code');
    expect(redeemTaskFailure('access_wait')).toBe('failed');
  });

  it('compares codes without case or blanks, opens a reward once, counts progress', () => {
    expect(normalizeJourneyCode('  lantern2026 ')).toBe('LANTERN2026');
    expect(journeyRewardRefusal({ opened: false })).toBeNull();
    expect(journeyRewardRefusal({ opened: true })).toBe('opened');
    expect(journeyProgress([1, 2, 3, 4], new Set([2, 4, 9]))).toEqual({ done: 2, total: 4 });
  });
});
