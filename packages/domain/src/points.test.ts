import { describe, expect, it } from 'vitest';
import { BIND_TASK_SCORE, CLOCK_IN_SCORE, POINT_KINDS, clockInDay, hasClockedInToday, totalScore } from './points.ts';

describe('points', () => {
  it('scores tasks', () => {
    expect(BIND_TASK_SCORE).toBe(10);
    expect(CLOCK_IN_SCORE).toBe(5);
    expect(POINT_KINDS).toEqual(['produce', 'consume']);
  });

  it('adds history to the spendable score', () => {
    expect(totalScore({ score: 120, history_score: 30 })).toBe(150);
    expect(totalScore({ score: 0, history_score: 0 })).toBe(0);
  });

  it('gives the check-in day in the site time zone', () => {
    // 2024-03-09T15:59:59Z is 23:59:59 in Shanghai; one second later it is the 10th there.
    const beforeMidnight = Date.UTC(2024, 2, 9, 15, 59, 59) / 1000;
    expect(clockInDay(beforeMidnight, 'Asia/Shanghai')).toBe('2024-03-09');
    expect(clockInDay(beforeMidnight + 1, 'Asia/Shanghai')).toBe('2024-03-10');
    expect(clockInDay(beforeMidnight + 1, 'UTC')).toBe('2024-03-09');
    expect(clockInDay(0, 'UTC')).toBe('1970-01-01');
  });

  it('knows whether the account has checked in today', () => {
    const day = Date.UTC(2024, 2, 9, 0, 0, 0) / 1000; // 08:00 in Shanghai
    expect(hasClockedInToday(null, day, 'Asia/Shanghai')).toBe(false);
    expect(hasClockedInToday(day, day + 15 * 3600, 'Asia/Shanghai')).toBe(true); // 23:00 same day
    expect(hasClockedInToday(day, day + 16 * 3600, 'Asia/Shanghai')).toBe(false); // next midnight
    expect(hasClockedInToday(day, day + 16 * 3600, 'UTC')).toBe(true);
  });
});
