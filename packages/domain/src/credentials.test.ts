import { describe, expect, it } from 'vitest';
import {
  EMAIL_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PASSWORD_MIN_STRENGTH_SCORE,
  checkPassword,
  classifyLogin,
  isEmailValid,
  isPasswordStrongEnough,
  isPhoneValid,
  normalizeEmail,
  normalizePhone,
} from './credentials.ts';

describe('checkPassword', () => {
  it('accepts 8 to 128 characters of at least two kinds', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(8);
    expect(PASSWORD_MAX_LENGTH).toBe(128);
    expect(checkPassword('abcd1234')).toBeNull();
    expect(checkPassword('abcdefg!')).toBeNull();
    expect(checkPassword('12345678!')).toBeNull();
    expect(checkPassword('correct horse battery')).toBeNull();
    expect(checkPassword('密码密码密码12')).toBeNull();
    expect(checkPassword(`${'a'.repeat(127)}1`)).toBeNull();
  });

  it('reports blank passwords', () => {
    expect(checkPassword('')).toBe('blank');
    expect(checkPassword('        ')).toBe('blank');
    expect(checkPassword(null)).toBe('blank');
    expect(checkPassword(undefined)).toBe('blank');
  });

  it('reports 7 characters as too short and 129 as too long', () => {
    expect(checkPassword('abc1234')).toBe('too_short');
    expect(checkPassword(`${'a'.repeat(128)}1`)).toBe('too_long');
  });

  it('counts characters, not UTF-16 units', () => {
    // Four emoji are 8 UTF-16 units but only 4 characters.
    expect(checkPassword('😀😀😀1')).toBe('too_short');
    expect(checkPassword('😀😀😀😀1234')).toBeNull();
  });

  it('refuses passwords of a single kind of character', () => {
    expect(checkPassword('12345678')).toBe('invalid');
    expect(checkPassword('password')).toBe('invalid');
    expect(checkPassword('PassWord')).toBe('invalid');
    expect(checkPassword('!@#$%^&*')).toBe('invalid');
  });

  it('refuses control characters', () => {
    expect(checkPassword('abcd\n1234')).toBe('invalid');
  });
});

describe('email', () => {
  it('accepts ordinary addresses', () => {
    for (const e of ['a@b.co', 'alice.smith+tag@example.com', 'x_y-z@mail.example.cn', 'o\'neil@qq.com', 'u@xn--fiqs8s.xn--fiqs8s']) {
      expect(isEmailValid(e), e).toBe(true);
    }
  });

  it('refuses malformed addresses', () => {
    for (const e of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@localhost',
      'a@example',
      'a@example.c',
      'a@example.123',
      'a..b@example.com',
      '.a@example.com',
      'a.@example.com',
      'a b@example.com',
      '"a b"@example.com',
      'a@[127.0.0.1]',
      'a@-example.com',
      'a@example-.com',
      'a@exa_mple.com',
      'a@@example.com',
      ' a@example.com',
    ]) {
      expect(isEmailValid(e), e).toBe(false);
    }
    expect(isEmailValid(null)).toBe(false);
  });

  it('limits the local part to 64 and the whole address to 254 characters', () => {
    expect(isEmailValid(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isEmailValid(`${'a'.repeat(65)}@example.com`)).toBe(false);
    const domain = `${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(59)}.com`;
    const longest = `${'a'.repeat(EMAIL_MAX_LENGTH - domain.length - 1)}@${domain}`;
    expect(longest).toHaveLength(254);
    expect(isEmailValid(longest)).toBe(true);
    expect(isEmailValid(`a${longest}`)).toBe(false);
  });

  it('normalises by trimming and lowercasing', () => {
    expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
    expect(isEmailValid(normalizeEmail(' Alice@Example.com '))).toBe(true);
  });
});

describe('phone', () => {
  it('accepts mainland mobile numbers on the native site', () => {
    expect(isPhoneValid('13812341234', 'native')).toBe(true);
    expect(isPhoneValid('19912341234', 'native')).toBe(true);
    expect(isPhoneValid('+8613812341234', 'native')).toBe(true);
    expect(isPhoneValid('008613812341234', 'native')).toBe(true);
    expect(isPhoneValid('8613812341234', 'native')).toBe(true);
    expect(isPhoneValid('138 1234 1234', 'native')).toBe(true);
    expect(isPhoneValid('138-1234-1234', 'native')).toBe(true);
  });

  it('refuses other numbers on the native site', () => {
    for (const p of ['12812341234', '1381234123', '138123412345', '+14155550123', '23812341234', 'abcdefghijk', '']) {
      expect(isPhoneValid(p, 'native'), p).toBe(false);
    }
    expect(isPhoneValid(null, 'native')).toBe(false);
  });

  it('accepts E.164 numbers on the abroad site', () => {
    expect(isPhoneValid('+14155550123', 'abroad')).toBe(true);
    expect(isPhoneValid('+8613812341234', 'abroad')).toBe(true);
    expect(isPhoneValid('+1 (415) 555-0123', 'abroad')).toBe(true);
    expect(isPhoneValid('0044 20 7946 0958', 'abroad')).toBe(true);
    expect(isPhoneValid('+1234567', 'abroad')).toBe(true); // 7 digits, the shortest
    expect(isPhoneValid('+123456789012345', 'abroad')).toBe(true); // 15 digits, the longest
  });

  it('refuses non-E.164 numbers on the abroad site', () => {
    for (const p of ['14155550123', '+0123456789', '+123456', '+1234567890123456', '+1415555012a']) {
      expect(isPhoneValid(p, 'abroad'), p).toBe(false);
    }
  });

  it('normalises to the stored form', () => {
    expect(normalizePhone(' +86 138-1234-1234 ', 'native')).toBe('13812341234');
    expect(normalizePhone('0086 13812341234', 'native')).toBe('13812341234');
    expect(normalizePhone('8613812341234', 'native')).toBe('13812341234');
    expect(normalizePhone('13812341234', 'native')).toBe('13812341234');
    expect(normalizePhone('+86 138 1234 1234', 'abroad')).toBe('+8613812341234');
    expect(normalizePhone('0044 (20) 7946.0958', 'abroad')).toBe('+442079460958');
  });
});

describe('classifyLogin', () => {
  it('tells e-mail, phone and nickname apart', () => {
    expect(classifyLogin('alice@example.com')).toBe('email');
    expect(classifyLogin(' 13812341234 ')).toBe('phone');
    expect(classifyLogin('+8613812341234')).toBe('phone');
    expect(classifyLogin('+14155550123')).toBe('phone');
    expect(classifyLogin('灯笼玩家')).toBe('nickname');
    expect(classifyLogin('gamer123')).toBe('nickname');
    expect(classifyLogin('12345')).toBe('nickname');
  });
});

describe('isPasswordStrongEnough', () => {
  it('wants an estimated strength of 3 of 4 or more', () => {
    expect(PASSWORD_MIN_STRENGTH_SCORE).toBe(3);
    expect([0, 1, 2, 3, 4].map(isPasswordStrongEnough)).toEqual([false, false, false, true, true]);
  });
});
