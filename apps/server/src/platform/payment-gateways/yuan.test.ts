import { describe, expect, it } from 'vitest';
import { fenToYuan, yuanToFen } from './yuan.ts';

describe('yuan and fen', () => {
  it('writes fen as yuan with two decimals', () => {
    expect([0, 5, 70, 1234, 9800, 123456789].map(fenToYuan)).toEqual(['0.00', '0.05', '0.70', '12.34', '98.00', '1234567.89']);
  });

  it('reads yuan as exact fen, where floating point would not be exact', () => {
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('1.15')).toBe(115);
    expect(yuanToFen('12.3')).toBe(1230);
    expect(yuanToFen('98')).toBe(9800);
    expect(yuanToFen('4999999999.99')).toBe(499999999999);
  });

  it('refuses anything that is not a plain amount', () => {
    for (const bad of ['', '-1.00', '1.234', '01.00', '1e3', ' 1.00', '1.', '.5', 'NaN', '1,00', '12345678901.00']) {
      expect(yuanToFen(bad), bad).toBeNull();
    }
    expect(() => fenToYuan(-1)).toThrow(RangeError);
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
  });
});
