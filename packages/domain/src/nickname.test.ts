import { describe, expect, it } from 'vitest';
import { NICKNAME_MAX_WEIGHT, isNicknameSafe, nicknameWeight } from './nickname.ts';

describe('nickname', () => {
  it('weighs ASCII 1 and everything else 2', () => {
    expect(nicknameWeight('')).toBe(0);
    expect(nicknameWeight('abc')).toBe(3);
    expect(nicknameWeight('~ !')).toBe(3);
    expect(nicknameWeight('灯笼')).toBe(4);
    expect(nicknameWeight('灯笼gamer')).toBe(9);
    expect(nicknameWeight('é')).toBe(2);
  });

  it('counts code points, not UTF-16 units', () => {
    // '😀' and '𠮷' are one code point each but two UTF-16 units.
    expect('😀'.length).toBe(2);
    expect(nicknameWeight('😀')).toBe(2);
    expect(nicknameWeight('𠮷a')).toBe(3);
  });

  it('accepts exactly 20 and refuses 21', () => {
    expect(NICKNAME_MAX_WEIGHT).toBe(20);
    expect(isNicknameSafe('a'.repeat(20))).toBe(true);
    expect(isNicknameSafe('a'.repeat(21))).toBe(false);
    expect(isNicknameSafe('灯'.repeat(10))).toBe(true);
    expect(isNicknameSafe('灯'.repeat(10) + 'a')).toBe(false);
    // Mixed: 9 CJK (18) + 2 ASCII = 20; one more ASCII makes 21.
    expect(isNicknameSafe('灯'.repeat(9) + 'ab')).toBe(true);
    expect(isNicknameSafe('灯'.repeat(9) + 'abc')).toBe(false);
    // Ten emoji weigh 20 (not 40, as UTF-16 units times two would give); eleven weigh 22.
    expect(isNicknameSafe('😀'.repeat(10))).toBe(true);
    expect(isNicknameSafe('😀'.repeat(11))).toBe(false);
  });

  it('refuses empty and whitespace-only nicknames', () => {
    expect(isNicknameSafe('')).toBe(false);
    expect(isNicknameSafe('   ')).toBe(false);
    expect(isNicknameSafe('\u3000\t')).toBe(false);
    expect(isNicknameSafe(null)).toBe(false);
    expect(isNicknameSafe(undefined)).toBe(false);
    expect(isNicknameSafe(' a ')).toBe(true);
  });
});
