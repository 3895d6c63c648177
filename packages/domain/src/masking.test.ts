import { describe, expect, it } from 'vitest';
import { maskCredential, maskEmail, maskPhone, maskRealName } from './masking.ts';

describe('masking', () => {
  it('masks phone numbers keeping the first 3 and last 4 digits', () => {
    expect(maskPhone('13812341234')).toBe('138****1234');
    expect(maskPhone('+14155550123')).toBe('+14*****0123');
    expect(maskPhone('12345678')).toBe('123*5678');
    expect(maskPhone('1234567')).toBe('*****67');
    expect(maskPhone('12')).toBe('**');
    expect(maskPhone('')).toBe('');
  });

  it('masks e-mail addresses keeping the first character and the domain', () => {
    expect(maskEmail('alice@x.com')).toBe('a***@x.com');
    expect(maskEmail('a@x.com')).toBe('a***@x.com');
    expect(maskEmail('alexander.the.great@example.com')).toBe('a***@example.com');
    expect(maskEmail('not-an-email')).toBe('***');
    expect(maskEmail('@x.com')).toBe('***');
  });

  it('masks identity numbers keeping the first 3 and last 4 characters', () => {
    expect(maskCredential('11010519491231002X')).toBe('110***********002X');
    expect(maskCredential('11010519491231002X')).toHaveLength(18);
    expect(maskCredential('E12345678')).toBe('E12**5678');
    expect(maskCredential('1234567')).toBe('*******');
  });

  it('masks Chinese names after the first character', () => {
    expect(maskRealName('张三')).toBe('张*');
    expect(maskRealName('张三丰')).toBe('张**');
    expect(maskRealName('欧阳娜娜')).toBe('欧***');
    expect(maskRealName(' 李四 ')).toBe('李*');
    expect(maskRealName('张')).toBe('*');
    expect(maskRealName('')).toBe('');
  });

  it('masks Latin names to the first letter and a fixed ***', () => {
    expect(maskRealName('John Smith')).toBe('J***');
    expect(maskRealName('Zoë')).toBe('Z***');
  });
});
