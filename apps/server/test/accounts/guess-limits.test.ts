import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { CODE_MAX_ATTEMPTS, FAILURES_BEFORE_CAPTCHA, IP_FAILURES_PER_WINDOW, REDEEM_FAILURES_BEFORE_CAPTCHA } from '@lantern/domain';
import { PASSWORD, codeFor, email, nextIp, phone, signUpByEmail, signUpByPhone } from '../support/factories.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { verificationCodes } from '../../src/modules/accounts/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Every guess is counted before it is compared, so a burst of parallel guesses gets no more tries than
 * the same guesses one after another. Run on PGlite and, with DATABASE_URL, on PostgreSQL.
 */
const { t, api } = useTestApp();

const wrongCodes = (right: string, n: number) =>
  Array.from({ length: n }, (_, i) => String((Number(right) + 1 + i) % 1_000_000).padStart(6, '0'));
const tally = (responses: { statusCode: number; json(): unknown }[]) => {
  const counts: Record<string, number> = {};
  for (const res of responses) {
    const reasons = Object.entries((res.json() as { errors?: Record<string, string[]> }).errors ?? {}).map(([field, [reason]]) => `${field}:${reason}`);
    const key = `${res.statusCode} ${reasons.join(',')}`.trim();
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
};

describe('verification codes under a parallel burst', () => {
  it('40 wrong guesses at once, then the right code: refused; the code took exactly 5 guesses', async () => {
    const user = await signUpByPhone(t, api.native);
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'sign_in');
    const burst = await Promise.all(wrongCodes(code, 40).map((guess) =>
      api.native.post('/api/fast/access_token', { access_token: { phone_number: user.phone, code: guess } }, { ip: nextIp() })));
    expect(burst.every((res) => res.statusCode === 422)).toBe(true);
    const right = await api.native.post('/api/fast/access_token', { access_token: { phone_number: user.phone, code } }, { ip: nextIp() });
    expect(right.statusCode).toBe(422);
    expect(right.json().errors).toEqual({ code: ['invalid'] });
    const [row] = await t.deps.db.select().from(verificationCodes).where(and(eq(verificationCodes.target, user.phone), eq(verificationCodes.purpose, 'sign_in')));
    expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS);
  });

  it('the right code in a burst of 50 wins only within the first 5 guesses counted', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const code = await codeFor(t, api.abroad, 'Email', user.email, 'reset_password');
    const guesses = [...wrongCodes(code, 49), code];
    const burst = await Promise.all(guesses.map((guess) => api.abroad.patch('/api/me/email/password', {
      account: { email: user.email, code: guess, password: 'Violet-Harbour-Lamp-73', password_confirmation: 'Violet-Harbour-Lamp-73' },
    })));
    expect(burst.at(-1)!.statusCode).toBe(422);
    expect(burst.filter((res) => res.statusCode === 204)).toHaveLength(0);
    const [row] = await t.deps.db.select().from(verificationCodes).where(and(eq(verificationCodes.target, user.email), eq(verificationCodes.purpose, 'reset_password')));
    expect(row!.attempts).toBe(CODE_MAX_ATTEMPTS);
  });
});

describe('password sign-in under a parallel burst', () => {
  it('40 wrong passwords at once: only the first 3 are compared, the rest need a captcha; then the right one needs one too', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      api.abroad.post('/api/access_token', { access_token: { login: user.email, password: `Wrong-Guess-${i}` } }, { ip: nextIp() })));
    expect(tally(burst)).toEqual({
      '422 base:invalid_credentials': FAILURES_BEFORE_CAPTCHA,
      '422 captcha:need_captcha': 40 - FAILURES_BEFORE_CAPTCHA,
    });
    const right = await api.abroad.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } }, { ip: nextIp() });
    expect(right.json().errors).toEqual({ captcha: ['need_captcha'] });
  });

  it('one address gets exactly its 50 failures in a burst of 60, then 429', async () => {
    const ip = nextIp();
    const burst = await Promise.all(Array.from({ length: IP_FAILURES_PER_WINDOW + 10 }, () =>
      api.abroad.post('/api/access_token', { access_token: { login: email('nobody'), password: 'Wrong-Guess-1' } }, { ip })));
    expect(tally(burst)).toEqual({ '422 base:invalid_credentials': IP_FAILURES_PER_WINDOW, '429 base:rate_limit': 10 });
  });

  it('a successful sign-in does not use up its address\'s failures', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const ip = nextIp();
    for (let i = 0; i < IP_FAILURES_PER_WINDOW + 5; i++) {
      const res = await api.abroad.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } }, { ip });
      expect(res.statusCode).toBe(201);
    }
  });
});

describe('SMS-code sign-in is limited per address', () => {
  it('one address gets 50 failed code sign-ins in a window, then 429', async () => {
    const ip = nextIp();
    const burst = await Promise.all(Array.from({ length: IP_FAILURES_PER_WINDOW + 5 }, () =>
      api.native.post('/api/fast/access_token', { access_token: { phone_number: phone(), code: '123456' } }, { ip })));
    expect(tally(burst)).toEqual({ '422 phone_number:not_found': IP_FAILURES_PER_WINDOW, '429 base:rate_limit': 5 });
  });
});

describe('redeem codes under a parallel burst', () => {
  it('40 wrong codes at once: 3 are looked up, the rest need a captcha', async () => {
    const buyer = await makeAccount(t);
    const burst = await Promise.all(Array.from({ length: 40 }, (_, i) =>
      api.native.post('/api/redeem', { redeem: { code: `GUESS-CODE-${String(i).padStart(4, '0')}` } }, { token: buyer.token })));
    expect(tally(burst)).toEqual({
      '404 code:not_found': REDEEM_FAILURES_BEFORE_CAPTCHA,
      '422 captcha:need_captcha': 40 - REDEEM_FAILURES_BEFORE_CAPTCHA,
    });
    const state = (await api.native.get('/api/redeem', { token: buyer.token })).json();
    expect(state).toMatchObject({ need_captcha: true, attempts_left: 0 });
  });
});

describe('code coupons cannot be claimed by id', () => {
  it('a code coupon without a captcha is refused on the by-id route, even with the right code', async () => {
    const buyer = await makeAccount(t);
    const coupon = await makeCoupon(t, { code: `SECRET${Date.now()}`, needCaptcha: false });
    const byId = await api.native.patch(`/api/account_coupons/${coupon.id}`, { account_coupon: { code: coupon.code! } }, { token: buyer.token });
    expect(byId.statusCode).toBe(404);
    const guess = await api.native.patch(`/api/account_coupons/${coupon.id}`, { account_coupon: { code: 'WRONG' } }, { token: buyer.token });
    // The same answer as an id that names nothing: the route does not tell a code coupon exists.
    expect(guess.statusCode).toBe(404);
    expect(guess.json()).toEqual((await api.native.patch('/api/account_coupons/999999999', { account_coupon: { code: 'WRONG' } }, { token: buyer.token })).json());
  });
});
