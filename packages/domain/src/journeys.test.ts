import { describe, expect, it } from 'vitest';
import {
  journeyProgress, journeyRewardRefusal, journeyStatus, journeyTaskMessage, journeyTaskRefusal, normalizeJourneyCode,
  redeemTaskFailure, registerTaskDone, shareTaskFailure, journeyDeleteRefusal, journeyEditRefusal, journeyRewardFrozen, journeyTaskProblems, journeyWindowProblem,
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

describe('journeys staff rules', () => {
  const now = 1_800_000_000;
  it('a window ends after it starts and not in the past', () => {
    expect(journeyWindowProblem({ starts_at_timestamp: now, ends_at_timestamp: now + 60 }, now)).toBeNull();
    expect(journeyWindowProblem({ starts_at_timestamp: now + 60, ends_at_timestamp: now + 60 }, now)).toEqual({ field: 'ends_at_timestamp', reason: 'invalid' });
    expect(journeyWindowProblem({ starts_at_timestamp: now - 120, ends_at_timestamp: now }, now)).toEqual({ field: 'ends_at_timestamp', reason: 'invalid' });
  });
  it('an ended journey keeps its window; the start moves only before it; closing needs a started journey', () => {
    expect(journeyEditRefusal('end', {})).toBeNull();
    expect(journeyEditRefusal('end', { end: true })).toEqual({ field: 'journey', reason: 'ended' });
    expect(journeyEditRefusal('end', { close: true })).toEqual({ field: 'journey', reason: 'ended' });
    expect(journeyEditRefusal('current', { start: true })).toEqual({ field: 'starts_at_timestamp', reason: 'started' });
    expect(journeyEditRefusal('current', { end: true, close: true })).toBeNull();
    expect(journeyEditRefusal('not_start', { start: true, end: true })).toBeNull();
    expect(journeyEditRefusal('not_start', { close: true })).toEqual({ field: 'journey', reason: 'not_started' });
    expect(journeyDeleteRefusal('not_start')).toBeNull();
    expect(journeyDeleteRefusal('current')).toEqual({ field: 'journey', reason: 'started' });
  });
  it('a code belongs to redeem_code tasks only, and a reward gives something', () => {
    expect(journeyTaskProblems({ kind: 'redeem_code', code: ' lantern ' }, 'tasks.0.')).toEqual([]);
    expect(journeyTaskProblems({ kind: 'redeem_code' }, 'tasks.0.')).toEqual([{ field: 'tasks.0.code', reason: 'blank' }]);
    expect(journeyTaskProblems({ kind: 'redeem_code' }, '', false)).toEqual([]);
    expect(journeyTaskProblems({ kind: 'redeem_code', code: '   ' }, '', false)).toEqual([{ field: 'code', reason: 'blank' }]);
    expect(journeyTaskProblems({ kind: 'share', code: 'X' }, '')).toEqual([{ field: 'code', reason: 'invalid' }]);
    expect(journeyTaskProblems({ kind: 'share', reward: { points: null, coupon_id: null } }, 'tasks.1.')).toEqual([{ field: 'tasks.1.reward', reason: 'blank' }]);
    expect(journeyTaskProblems({ kind: 'register', reward: { coupon_id: 3 } }, '')).toEqual([]);
    expect(journeyTaskProblems({ kind: 'bind_wechat', reward: null }, '')).toEqual([]);
  });
  it('freezes what a task gives once anyone completed it', () => {
    expect(journeyRewardFrozen(0)).toBe(false);
    expect(journeyRewardFrozen(1)).toBe(true);
  });
});
