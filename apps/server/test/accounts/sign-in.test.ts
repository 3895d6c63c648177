import { describe, expect, it } from 'vitest';
import { type SiteClient } from '../support/client.ts';
import { PASSWORD, codeFor, email, latestCode, nextIp, phone, sendCode, signUpByEmail, signUpByPhone, solvedCaptcha, updateAccount } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

function signIn(client: SiteClient, login: string, password: string, ip: string, captcha: Record<string, string> = {}) {
  return client.post('/api/access_token', { access_token: { login, password, ...captcha } }, { ip });
}

const invalidCredentials = (needCaptcha: boolean) => ({ errors: { base: ['invalid_credentials'] }, meta: { need_captcha: needCaptcha } });

describe('POST /api/access_token', () => {
  it('signs in by e-mail, in any case, with tokens in the body for an API client', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await signIn(api.abroad, `  ${user.email.toUpperCase()} `, PASSWORD, nextIp());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900, refresh_expires_in: 30 * 24 * 3600, account: { id: user.id, sign_in_count: 2 } });
    expect(body.access_token).toMatch(/^[\w-]{40,}$/);
    expect(body.refresh_token).toMatch(/^[\w-]{40,}$/);
    expect(body.account.last_sign_in_at_timestamp).toBe(Math.floor(t.clock.now().getTime() / 1000));
    const me = await api.abroad.get('/api/me', { token: body.access_token });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);
    // The sign-up session is still valid: signing in starts another, it does not end the first.
    expect((await api.abroad.get('/api/me', { token: user.token })).statusCode).toBe(200);
  });

  it('signs in by phone number, with or without the country code', async () => {
    const user = await signUpByPhone(t, api.native);
    const plain = await signIn(api.native, user.phone, PASSWORD, nextIp());
    expect(plain.statusCode).toBe(201);
    expect(plain.json().account.id).toBe(user.id);
    const withCode = await signIn(api.native, `+86 ${user.phone}`, PASSWORD, nextIp());
    expect(withCode.statusCode).toBe(201);
    expect(withCode.json().account.id).toBe(user.id);
  });

  it('signs in by nickname, case-insensitively', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const nickname = `Lamp${Date.now() % 1e6}`;
    expect((await api.abroad.patch('/api/me', { account: { nickname } }, { token: user.token })).statusCode).toBe(200);
    for (const login of [nickname, nickname.toLowerCase(), nickname.toUpperCase()]) {
      const res = await signIn(api.abroad, login, PASSWORD, nextIp());
      expect(res.statusCode, login).toBe(201);
      expect(res.json().account.id).toBe(user.id);
    }
  });

  it('signs an account in on the other site too, with a session of that site', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await signIn(api.native, user.email, PASSWORD, nextIp());
    expect(res.statusCode).toBe(201);
    expect(res.json().account).toMatchObject({ id: user.id, area: 'native', wallet: { currency: 'CNY' } });
  });

  it('answers a wrong password and an unknown login alike: 422 invalid_credentials', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const ip = nextIp();
    const wrong = await signIn(api.abroad, user.email, 'Wrong-Password-1', ip);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual(invalidCredentials(false));
    for (const login of [email(), phone(), 'nobody-by-this-name']) {
      const unknown = await signIn(api.abroad, login, PASSWORD, ip);
      expect(unknown.statusCode, login).toBe(422);
      expect(unknown.json(), login).toEqual(invalidCredentials(false));
    }
  });

  it('does not sign in a closed account', async () => {
    const user = await signUpByEmail(t, api.abroad);
    await updateAccount(t, user.id, { closedAt: t.clock.now() });
    const res = await signIn(api.abroad, user.email, PASSWORD, nextIp());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(invalidCredentials(false));
  });

  it('asks for a captcha after 3 failures: need_captcha when missing, invalid when wrong', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const ip = nextIp();
    for (let i = 1; i <= 3; i++) {
      const res = await signIn(api.abroad, user.email, 'Wrong-Password-1', ip);
      expect(res.json()).toEqual(invalidCredentials(i >= 3));
    }
    const missing = await signIn(api.abroad, user.email, PASSWORD, ip);
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ errors: { captcha: ['need_captcha'] }, meta: { need_captcha: true } });
    const { captcha_id } = await solvedCaptcha(t, api.abroad);
    const wrongCaptcha = await signIn(api.abroad, user.email, PASSWORD, ip, { captcha_id, captcha: 'zzzz' });
    expect(wrongCaptcha.statusCode).toBe(422);
    expect(wrongCaptcha.json()).toEqual({ errors: { captcha: ['invalid'] }, meta: { need_captcha: true } });
    // The captcha is spent by the wrong answer.
    const spent = await signIn(api.abroad, user.email, PASSWORD, ip, { captcha_id, captcha: (await t.deps.captcha.peek(captcha_id)) ?? 'gone' });
    expect(spent.json().errors).toEqual({ captcha: ['invalid'] });

    const ok = await signIn(api.abroad, user.email, PASSWORD, ip, await solvedCaptcha(t, api.abroad));
    expect(ok.statusCode).toBe(201);
    // A success clears the failures: the next mistake needs no captcha.
    expect((await signIn(api.abroad, user.email, 'Wrong-Password-1', ip)).json()).toEqual(invalidCredentials(false));
  });

  it('throttles probing of an unknown login with a captcha too', async () => {
    const login = email();
    const ip = nextIp();
    for (let i = 0; i < 3; i++) await signIn(api.abroad, login, PASSWORD, ip);
    const res = await signIn(api.abroad, login, PASSWORD, ip);
    expect(res.json()).toEqual({ errors: { captcha: ['need_captcha'] }, meta: { need_captcha: true } });
    const solved = await signIn(api.abroad, login, PASSWORD, ip, await solvedCaptcha(t, api.abroad));
    expect(solved.json()).toEqual(invalidCredentials(true));
  });

  it('locks at the 10th failure (the later ones each with a solved captcha) and unlocks by code', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const ip = nextIp();
    for (let i = 1; i <= 3; i++) expect((await signIn(api.abroad, user.email, 'Wrong-Password-1', ip)).statusCode).toBe(422);
    for (let i = 4; i <= 9; i++) {
      const res = await signIn(api.abroad, user.email, 'Wrong-Password-1', ip, await solvedCaptcha(t, api.abroad));
      expect(res.json(), `failure ${i}`).toEqual(invalidCredentials(true));
    }
    const tenth = await signIn(api.abroad, user.email, 'Wrong-Password-1', ip, await solvedCaptcha(t, api.abroad));
    expect(tenth.statusCode).toBe(403);
    expect(tenth.json()).toEqual({ errors: { base: ['locked'] } });

    // Even the right password is refused while locked, by password and by SMS/e-mail code alike.
    const right = await signIn(api.abroad, user.email, PASSWORD, ip, await solvedCaptcha(t, api.abroad));
    expect(right.statusCode).toBe(403);
    expect(right.json()).toEqual({ errors: { base: ['locked'] } });
    const other = await signIn(api.abroad, user.email, PASSWORD, nextIp(), await solvedCaptcha(t, api.abroad));
    expect(other.statusCode).toBe(403);

    // Unlock: a wrong code and an unknown login are refused; the right code unlocks.
    await sendCode(api.abroad, 'Email', user.email, 'unlock');
    const code = await latestCode(t, user.email);
    const wrongCode = await api.abroad.put('/api/me/unlock', { account: { login: user.email, code: code === '000000' ? '111111' : '000000' } });
    expect(wrongCode.statusCode).toBe(422);
    expect(wrongCode.json()).toEqual({ errors: { code: ['invalid'] } });
    const unknown = await api.abroad.put('/api/me/unlock', { account: { login: email(), code } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { login: ['not_found'] } });
    const unlocked = await api.abroad.put('/api/me/unlock', { account: { login: user.email, code } });
    expect(unlocked.statusCode).toBe(204);

    // The failures are cleared with the lock: the right password works with no captcha.
    const after = await signIn(api.abroad, user.email, PASSWORD, ip);
    expect(after.statusCode).toBe(201);
    // The unlock code was spent.
    const again = await api.abroad.put('/api/me/unlock', { account: { login: user.email, code } });
    expect(again.json()).toEqual({ errors: { code: ['invalid'] } });
  });

  it('unlocks a phone account by SMS code', async () => {
    const user = await signUpByPhone(t, api.native);
    await updateAccount(t, user.id, { lockedAt: t.clock.now() });
    const locked = await signIn(api.native, user.phone, PASSWORD, nextIp());
    expect(locked.json()).toEqual({ errors: { base: ['locked'] } });
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'unlock');
    expect((await api.native.put('/api/me/unlock', { account: { login: user.phone, code } })).statusCode).toBe(204);
    expect((await signIn(api.native, user.phone, PASSWORD, nextIp())).statusCode).toBe(201);
  });

  it('lifts a lock by itself once the failure window has passed', async () => {
    const user = await signUpByEmail(t, api.abroad);
    await updateAccount(t, user.id, { lockedAt: t.clock.now() });
    expect((await signIn(api.abroad, user.email, PASSWORD, nextIp())).statusCode).toBe(403);
    t.clock.advance(899);
    expect((await signIn(api.abroad, user.email, PASSWORD, nextIp())).statusCode).toBe(403);
    t.clock.advance(2);
    expect((await signIn(api.abroad, user.email, PASSWORD, nextIp())).statusCode).toBe(201);
  });

  it('refuses every attempt from an address after 50 failures in the window', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const ip = nextIp();
    for (let i = 0; i < 50; i++) await signIn(api.abroad, email(), 'Wrong-Password-1', ip);
    const res = await signIn(api.abroad, user.email, PASSWORD, ip);
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ errors: { base: ['rate_limit'] }, meta: { retry_after: 900 } });
    // Other addresses are not affected.
    expect((await signIn(api.abroad, user.email, PASSWORD, nextIp())).statusCode).toBe(201);
  });
});

describe('POST /api/fast/access_token', () => {
  const fast = (client: SiteClient, phone_number: string, code: string) => client.post('/api/fast/access_token', { access_token: { phone_number, code } });

  it('signs in by phone number and SMS code', async () => {
    const user = await signUpByPhone(t, api.native);
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'sign_in');
    const res = await fast(api.native, user.phone, code);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ token_type: 'Bearer', account: { id: user.id, area: 'native' } });
    expect((await api.native.get('/api/me', { token: res.json().access_token })).json().id).toBe(user.id);
    // A code signs in once.
    const again = await fast(api.native, user.phone, code);
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { code: ['invalid'] } });
  });

  it('answers not_found for a number with no account and invalid for a malformed one', async () => {
    const unknown = await fast(api.native, phone(), '123456');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual({ errors: { phone_number: ['not_found'] } });
    const malformed = await fast(api.native, '12345', '123456');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json()).toEqual({ errors: { phone_number: ['invalid'] } });
  });

  it('refuses a wrong code, and burns the code after 5 wrong tries', async () => {
    const user = await signUpByPhone(t, api.native);
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'sign_in');
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await fast(api.native, user.phone, wrongCode);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ errors: { code: ['invalid'] } });
    }
    const right = await fast(api.native, user.phone, code);
    expect(right.statusCode).toBe(422);
    expect(right.json()).toEqual({ errors: { code: ['invalid'] } });
  });

  it('takes only the newest code', async () => {
    const user = await signUpByPhone(t, api.native);
    const first = await codeFor(t, api.native, 'Sms', user.phone, 'sign_in');
    t.clock.advance(61);
    const second = await codeFor(t, api.native, 'Sms', user.phone, 'sign_in');
    if (first !== second) {
      expect((await fast(api.native, user.phone, first)).json()).toEqual({ errors: { code: ['invalid'] } });
    }
    expect((await fast(api.native, user.phone, second)).statusCode).toBe(201);
  });

  it('refuses a code older than 10 minutes: expired', async () => {
    const user = await signUpByPhone(t, api.native);
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'sign_in');
    t.clock.advance(601);
    const res = await fast(api.native, user.phone, code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { code: ['expired'] } });
  });

  it('refuses a code sent for another purpose', async () => {
    const user = await signUpByPhone(t, api.native);
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'reset_password');
    const res = await fast(api.native, user.phone, code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { code: ['invalid'] } });
  });

  it('refuses a locked account', async () => {
    const user = await signUpByPhone(t, api.native);
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'sign_in');
    await updateAccount(t, user.id, { lockedAt: t.clock.now() });
    const res = await fast(api.native, user.phone, code);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ errors: { base: ['locked'] } });
  });
});
