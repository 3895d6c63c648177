import { describe, expect, it } from 'vitest';
import { playtimeHours } from './playtime.ts';

describe('playtime', () => {
  it('divides seconds by 3600, to one decimal', () => {
    expect(playtimeHours(3600)).toBe(1);
    expect(playtimeHours(5400)).toBe(1.5);
    expect(playtimeHours(4000)).toBe(1.1);
    expect(playtimeHours(359_999)).toBe(100);
    expect(playtimeHours(179)).toBe(0);
    expect(playtimeHours(180)).toBe(0.1);
  });

  it('is 0 for nothing or nonsense', () => {
    expect(playtimeHours(0)).toBe(0);
    expect(playtimeHours(-5)).toBe(0);
    expect(playtimeHours(Number.NaN)).toBe(0);
  });
});
