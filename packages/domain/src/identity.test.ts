import { describe, expect, it } from 'vitest';
import {
  ADULT_AGE,
  MINIMUM_AGE,
  ageOn,
  isAdult,
  isBelowMinimumAge,
  isRealNameValid,
  isResidentIdNumberValid,
  parseResidentIdNumber,
  residentIdCheckChar,
} from './identity.ts';

const today = { year: 2025, month: 6, day: 15 };

/**
 * Independent reference of GB 11643-1999: weights are 2^(17-i) mod 11, the check value is
 * (12 - sum mod 11) mod 11, written X when it is 10.
 */
function withCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(first17[i]) * (2 ** (17 - i) % 11);
  const value = (12 - (sum % 11)) % 11;
  return first17 + (value === 10 ? 'X' : String(value));
}

/** A number with a different, wrong check character. */
function withWrongCheckChar(first17: string): string {
  const right = withCheckChar(first17).slice(-1);
  return first17 + (right === '0' ? '1' : '0');
}

describe('isRealNameValid', () => {
  it('refuses blank names', () => {
    expect(isRealNameValid('')).toBe(false);
    expect(isRealNameValid('  ')).toBe(false);
    expect(isRealNameValid('\u3000')).toBe(false);
    expect(isRealNameValid(null)).toBe(false);
    expect(isRealNameValid(undefined)).toBe(false);
  });

  it('accepts ordinary names, trimmed', () => {
    expect(isRealNameValid('张三')).toBe(true);
    expect(isRealNameValid(' 李四 ')).toBe(true);
    expect(isRealNameValid('阿卜杜热合曼·买买提')).toBe(true);
    expect(isRealNameValid('John Smith')).toBe(true);
  });

  it('refuses names with digits, ASCII or full-width', () => {
    expect(isRealNameValid('张3')).toBe(false);
    expect(isRealNameValid('张３')).toBe(false);
  });

  it('accepts 30 characters and refuses 31', () => {
    expect(isRealNameValid('名'.repeat(30))).toBe(true);
    expect(isRealNameValid('名'.repeat(31))).toBe(false);
    expect(isRealNameValid(`  ${'名'.repeat(30)}  `)).toBe(true);
  });
});

describe('residentIdCheckChar', () => {
  it('agrees with the independent reference on many numbers', () => {
    for (let i = 0; i < 200; i++) {
      const first17 = `110105${1950 + (i % 70)}0${1 + (i % 9)}1${i % 10}${String(i).padStart(3, '0')}`;
      expect(first17).toHaveLength(17);
      expect(first17 + residentIdCheckChar(first17)).toBe(withCheckChar(first17));
    }
  });

  it('refuses input that is not 17 digits', () => {
    expect(residentIdCheckChar('1234')).toBeNull();
    expect(residentIdCheckChar('1101051949123100A')).toBeNull();
  });
});

describe('parseResidentIdNumber', () => {
  it('accepts the standard example 11010519491231002X (check X, female)', () => {
    // Hand check: 1·7+1·9+0·10+1·5+0·8+5·4+1·2+9·1+4·6+9·3+1·7+2·9+3·10+1·5+0·8+0·4+2·2 = 167;
    // 167 mod 11 = 2, and value 2 maps to X. Sequence 002 is even: female.
    expect(parseResidentIdNumber('11010519491231002X', today)).toEqual({
      ok: true,
      birthDate: { year: 1949, month: 12, day: 31 },
      gender: 'female',
    });
  });

  it('accepts a lowercase x and surrounding spaces', () => {
    expect(parseResidentIdNumber(' 11010519491231002x ', today).ok).toBe(true);
  });

  it('accepts 110101200002290018 (a leap-day birth, male)', () => {
    // Hand check: 7+9+0+5+0+4+4+0+0+0+0+18+20+45+0+0+2 = 114; 114 mod 11 = 4, which maps to 8.
    // 2000 is a leap year (divisible by 400). Sequence 001 is odd: male.
    expect(parseResidentIdNumber('110101200002290018', today)).toEqual({
      ok: true,
      birthDate: { year: 2000, month: 2, day: 29 },
      gender: 'male',
    });
  });

  it('accepts 44030419900307123X (X check, odd sequence: male)', () => {
    // Hand check: 28+36+0+15+0+16+2+9+54+0+0+27+0+35+8+8+6 = 244; 244 mod 11 = 2, which maps to X.
    expect(parseResidentIdNumber('44030419900307123X', today)).toMatchObject({ ok: true, gender: 'male' });
  });

  it('refuses a wrong check character', () => {
    expect(parseResidentIdNumber('110105194912310021', today).ok).toBe(false);
    expect(parseResidentIdNumber('110101200002290019', today).ok).toBe(false);
    expect(parseResidentIdNumber(withWrongCheckChar('32058219881120004'), today).ok).toBe(false);
    // X where a digit belongs.
    expect(parseResidentIdNumber('11010120000229001X', today).ok).toBe(false);
  });

  it('accepts generated numbers across genders and check characters', () => {
    const numbers = Array.from({ length: 40 }, (_, i) => withCheckChar(`32058219881120${String(i).padStart(3, '0')}`));
    // Forty consecutive sequences hit all eleven check characters, X included.
    expect(new Set(numbers.map((n) => n.slice(-1))).size).toBe(11);
    for (const n of numbers) expect(parseResidentIdNumber(n, today).ok).toBe(true);
  });

  it('reads gender from the parity of the sequence', () => {
    const female = parseResidentIdNumber(withCheckChar('32058219881120004'), today);
    const male = parseResidentIdNumber(withCheckChar('32058219881120005'), today);
    expect(female).toMatchObject({ ok: true, gender: 'female' });
    expect(male).toMatchObject({ ok: true, gender: 'male' });
  });

  it('refuses 29 February in a common year even with a correct check character', () => {
    expect(parseResidentIdNumber(withCheckChar('11010120230229001'), today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('11010119000229001'), today).ok).toBe(false); // 1900 is not leap
    expect(parseResidentIdNumber(withCheckChar('11010120240229001'), today).ok).toBe(true);
  });

  it('refuses impossible dates', () => {
    expect(parseResidentIdNumber(withCheckChar('11010119901301001'), today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('11010119900431001'), today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('11010119900100001'), today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('11010119900001001'), today).ok).toBe(false);
  });

  it('refuses births before 1900, even with a valid check (the standard 1880 example)', () => {
    // 440524188001010014 is the other example of the standard; its checksum is right (sum 195, mod 11 = 8 → 4).
    expect(residentIdCheckChar('44052418800101001')).toBe('4');
    expect(parseResidentIdNumber('440524188001010014', today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('11010118991231001'), today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('11010119000101001'), today).ok).toBe(true);
  });

  it('refuses births after today and accepts one born today', () => {
    expect(parseResidentIdNumber(withCheckChar('11010120250615001'), today).ok).toBe(true);
    expect(parseResidentIdNumber(withCheckChar('11010120250616001'), today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('11010120260101001'), today).ok).toBe(false);
  });

  it('requires an area code starting 1 to 8', () => {
    expect(parseResidentIdNumber(withCheckChar('81000019900101001'), today).ok).toBe(true);
    expect(parseResidentIdNumber(withCheckChar('01010119900101001'), today).ok).toBe(false);
    expect(parseResidentIdNumber(withCheckChar('91010119900101001'), today).ok).toBe(false);
  });

  it('refuses wrong lengths and characters', () => {
    expect(parseResidentIdNumber('', today).ok).toBe(false);
    expect(parseResidentIdNumber(null, today).ok).toBe(false);
    expect(parseResidentIdNumber('11010519491231002', today).ok).toBe(false);
    expect(parseResidentIdNumber('11010519491231002X1', today).ok).toBe(false);
    expect(parseResidentIdNumber('110105491231002', today).ok).toBe(false); // old 15-digit form
    expect(parseResidentIdNumber('1101051949123100 X', today).ok).toBe(false);
    expect(parseResidentIdNumber('１１０１０５１９４９１２３１００２Ｘ', today).ok).toBe(false);
    expect(isResidentIdNumberValid('11010519491231002X', today)).toBe(true);
    expect(isResidentIdNumberValid('11010519491231002Y', today)).toBe(false);
  });
});

describe('age', () => {
  const birth = { year: 2017, month: 6, day: 15 };

  it('counts whole years, turning older on the birthday itself', () => {
    expect(ageOn(birth, { year: 2025, month: 6, day: 14 })).toBe(7);
    expect(ageOn(birth, { year: 2025, month: 6, day: 15 })).toBe(8);
    expect(ageOn(birth, { year: 2025, month: 5, day: 31 })).toBe(7);
    expect(ageOn(birth, { year: 2025, month: 12, day: 31 })).toBe(8);
    expect(ageOn(birth, { year: 2017, month: 6, day: 15 })).toBe(0);
  });

  it('gives a 29 February birthday on 1 March in common years', () => {
    const leapling = { year: 2016, month: 2, day: 29 };
    expect(ageOn(leapling, { year: 2024, month: 2, day: 28 })).toBe(7);
    expect(ageOn(leapling, { year: 2024, month: 2, day: 29 })).toBe(8);
    expect(ageOn(leapling, { year: 2025, month: 2, day: 28 })).toBe(8);
    expect(ageOn(leapling, { year: 2025, month: 3, day: 1 })).toBe(9);
  });

  it('is below the minimum age of 8 until the eighth birthday', () => {
    expect(MINIMUM_AGE).toBe(8);
    expect(isBelowMinimumAge(birth, { year: 2025, month: 6, day: 14 })).toBe(true);
    expect(isBelowMinimumAge(birth, { year: 2025, month: 6, day: 15 })).toBe(false);
  });

  it('is an adult from the eighteenth birthday', () => {
    expect(ADULT_AGE).toBe(18);
    const b = { year: 2007, month: 1, day: 1 };
    expect(isAdult(b, { year: 2024, month: 12, day: 31 })).toBe(false);
    expect(isAdult(b, { year: 2025, month: 1, day: 1 })).toBe(true);
  });
});
