import { describe, expect, it } from 'vitest';
import { formatCountdown, secondsUntil } from './countdown';

describe('countdown', () => {
  it('formats minutes and seconds, hours when there are any', () => {
    expect(formatCountdown(30 * 60)).toBe('30:00');
    expect(formatCountdown(9 * 60 + 5)).toBe('9:05');
    expect(formatCountdown(59)).toBe('0:59');
    expect(formatCountdown(3723)).toBe('1:02:03');
  });

  it('never shows a negative or fractional time', () => {
    expect(formatCountdown(-5)).toBe('0:00');
    expect(formatCountdown(61.9)).toBe('1:01');
    expect(secondsUntil(100, 130)).toBe(0);
    expect(secondsUntil(130, 100)).toBe(30);
  });
});
