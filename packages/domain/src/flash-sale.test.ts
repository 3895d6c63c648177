import { describe, expect, it } from 'vitest';
import { groupSeckills, seckillStatus, secondsToMs } from './flash-sale.ts';

describe('flash-sale status', () => {
  const from = 1_700_000_000;
  const to = from + 3600;

  it('converts server seconds to milliseconds', () => {
    expect(secondsToMs(from)).toBe(1_700_000_000_000);
    expect(secondsToMs(0)).toBe(0);
  });

  it('has not started at or before from', () => {
    expect(seckillStatus(secondsToMs(from) - 1, from, to)).toBe('not_start');
    expect(seckillStatus(secondsToMs(from), from, to)).toBe('not_start');
  });

  it('is current strictly between from and to', () => {
    expect(seckillStatus(secondsToMs(from) + 1, from, to)).toBe('current');
    expect(seckillStatus(secondsToMs(to) - 1, from, to)).toBe('current');
  });

  it('has ended at or after to', () => {
    expect(seckillStatus(secondsToMs(to), from, to)).toBe('end');
    expect(seckillStatus(secondsToMs(to) + 1, from, to)).toBe('end');
  });

  it('never runs when from and to coincide', () => {
    expect(seckillStatus(secondsToMs(from), from, from)).toBe('not_start');
    expect(seckillStatus(secondsToMs(from) + 1, from, from)).toBe('end');
  });

  it('groups events into current, pre and history, keeping their order', () => {
    const now = secondsToMs(from) + 10;
    const a = { id: 1, from_timestamp: from, to_timestamp: to };
    const b = { id: 2, from_timestamp: to, to_timestamp: to + 60 };
    const c = { id: 3, from_timestamp: from - 60, to_timestamp: from };
    const d = { id: 4, from_timestamp: from - 10, to_timestamp: to };
    expect(groupSeckills([a, b, c, d], now)).toEqual({ current: [a, d], pre: [b], history: [c] });
    expect(groupSeckills([], now)).toEqual({ current: [], pre: [], history: [] });
  });
});
