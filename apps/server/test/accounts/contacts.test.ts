import { describe, expect, it } from 'vitest';
import { type SiteClient } from '../support/client.ts';
import { PASSWORD, codeFor, email, nextIp, phone, sendCode, signUpByEmail, signUpByPhone, updateAccount } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const NEW_PASSWORD = 'Brand-New-Pass-42';
const wrongCode = (code: string) => (code === '000000' ? '111111' : '000000');

function signIn(client: SiteClient, login: string, password: string) {
  return client.post('/api/access_token', { access_token: { login, password } }, { ip: nextIp() });
}
const meOf = async (client: SiteClient, token: string) => (await client.get('/api/me', { token })).json();
const pointCount = async (client: SiteClient, token: string) => (await client.get('/api/point_details', { token })).json().meta.total_count;

describe('PATCH /api/me/email/password and /api/me/phone/password (reset)', () => {
  it('resets by e-mail code, signs every session out, and only the new password works', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const code = await codeFor(t, api.abroad, 'Email', user.email, 'reset_password');
    const res = await api.abroad.patch('/api/me/email/password', { account: { email: user.email, code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(res.statusCode).toBe(204);
    expect((await api.abroad.get('/api/me', { token: user.token })).statusCode).toBe(401);
    expect((await api.abroad.patch('/api/access_token', { access_token: { refresh_token: user.refreshToken } })).statusCode).toBe(401);
    const old = await signIn(api.abroad, user.email, PASSWORD);
    expect(old.statusCode).toBe(422);
    expect(old.json().errors).toEqual({ base: ['invalid_credentials'] });
    expect((await signIn(api.abroad, user.email, NEW_PASSWORD)).statusCode).toBe(201);
    // The code was spent.
    const again = await api.abroad.patch('/api/me/email/password', { account: { email: user.email, code, password: PASSWORD, password_confirmation: PASSWORD } });
    expect(again.json()).toEqual({ errors: { code: ['invalid'] } });
  });

  it('resets by SMS code on the phone path, and lifts a lock', async () => {
    const user = await signUpByPhone(t, api.native);
    await updateAccount(t, user.id, { lockedAt: t.clock.now() });
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'reset_password');
    const res = await api.native.patch('/api/me/phone/password', { account: { phone_number: user.phone, code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(res.statusCode).toBe(204);
    expect((await api.native.get('/api/me', { token: user.token })).statusCode).toBe(401);
    expect((await signIn(api.native, user.phone, PASSWORD)).statusCode).toBe(422);
    expect((await signIn(api.native, user.phone, NEW_PASSWORD)).statusCode).toBe(201);
  });

  it('answers not_found for an address with no account', async () => {
    const mail = await api.abroad.patch('/api/me/email/password', { account: { email: email(), code: '123456', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(mail.statusCode).toBe(422);
    expect(mail.json()).toEqual({ errors: { email: ['not_found'] } });
    const sms = await api.native.patch('/api/me/phone/password', { account: { phone_number: phone(), code: '123456', password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(sms.json()).toEqual({ errors: { phone_number: ['not_found'] } });
  });

  it('refuses a wrong code without changing the password', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const code = await codeFor(t, api.abroad, 'Email', user.email, 'reset_password');
    const res = await api.abroad.patch('/api/me/email/password', { account: { email: user.email, code: wrongCode(code), password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { code: ['invalid'] } });
    expect((await api.abroad.get('/api/me', { token: user.token })).statusCode).toBe(200);
    expect((await signIn(api.abroad, user.email, PASSWORD)).statusCode).toBe(201);
  });

  it('reports a short or weak password, a mismatched confirmation and a bad address together', async () => {
    const res = await api.abroad.patch('/api/me/email/password', { account: { email: 'nope', code: '123456', password: 'short1', password_confirmation: 'other' } });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['invalid'], password: ['too_short'], password_confirmation: ['confirmation'] } });
    const weak = await api.native.patch('/api/me/phone/password', { account: { code: '123456', password: '12345678', password_confirmation: '12345678' } });
    expect(weak.json()).toEqual({ errors: { phone_number: ['blank'], password: ['invalid'] } });
  });
});

describe('POST and PATCH /api/me/email', () => {
  it('binds an e-mail to a phone account for 10 points once; changing it grants no more', async () => {
    const user = await signUpByPhone(t, api.native);
    const address = email();
    const code = await codeFor(t, api.native, 'Email', address, 'bind');
    const res = await api.native.post('/api/me/email', { account: { email: address, code, password: PASSWORD } }, { token: user.token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email_asterisks: `${address[0]}***@example.com`, security_info: { has_email: true }, score: 10 });
    expect((await signIn(api.native, address, PASSWORD)).statusCode).toBe(201);

    const next = email();
    const nextCode = await codeFor(t, api.native, 'Email', next, 'bind');
    const changed = await api.native.patch('/api/me/email', { account: { email: next, code: nextCode, password: PASSWORD } }, { token: user.token });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ email_asterisks: `${next[0]}***@example.com`, score: 10 });
    expect(await pointCount(api.native, user.token)).toBe(1);
    // The old address is free again; the new one signs in.
    expect((await signIn(api.native, address, PASSWORD)).statusCode).toBe(422);
    expect((await signIn(api.native, next, PASSWORD)).statusCode).toBe(201);
    expect((await sendCode(api.native, 'Email', address, 'sign_up')).statusCode).toBe(201);
  });

  it('refuses a second binding: already_bound', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.post('/api/me/email', { account: { email: email(), code: '123456', password: PASSWORD } }, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['already_bound'] } });
  });

  it('refuses an address of another account, and a wrong code', async () => {
    const other = await signUpByEmail(t, api.abroad);
    const user = await signUpByPhone(t, api.native);
    const taken = await api.native.post('/api/me/email', { account: { email: other.email.toUpperCase(), code: '123456', password: PASSWORD } }, { token: user.token });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ errors: { email: ['taken'] } });

    const address = email();
    const code = await codeFor(t, api.native, 'Email', address, 'bind');
    const wrong = await api.native.post('/api/me/email', { account: { email: address, code: wrongCode(code), password: PASSWORD } }, { token: user.token });
    expect(wrong.json()).toEqual({ errors: { code: ['invalid'] } });
    expect((await meOf(api.native, user.token)).email_asterisks).toBeNull();
  });

  it('asks for the current password to change: blank, invalid; and refuses the same address', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const next = email();
    const blank = await api.abroad.patch('/api/me/email', { account: { email: next, code: '123456' } }, { token: user.token });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { password: ['blank'] } });
    const invalid = await api.abroad.patch('/api/me/email', { account: { email: next, code: '123456', password: 'Wrong-Password-1' } }, { token: user.token });
    expect(invalid.json()).toEqual({ errors: { password: ['invalid'] } });
    const same = await api.abroad.patch('/api/me/email', { account: { email: user.email, code: '123456', password: PASSWORD } }, { token: user.token });
    expect(same.json()).toEqual({ errors: { email: ['taken'] } });
    const bad = await api.abroad.patch('/api/me/email', { account: { code: '123456', password: PASSWORD } }, { token: user.token });
    expect(bad.json()).toEqual({ errors: { email: ['blank'] } });
  });

  it('refuses a change when no e-mail is bound: not_bound', async () => {
    const user = await signUpByPhone(t, api.native);
    const res = await api.native.patch('/api/me/email', { account: { email: email(), code: '123456', password: PASSWORD } }, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { email: ['not_bound'] } });
  });

  it('answers 401 without a session', async () => {
    expect((await api.abroad.post('/api/me/email', { account: { email: email(), code: '123456' } })).statusCode).toBe(401);
    expect((await api.abroad.patch('/api/me/email', { account: { email: email(), code: '123456' } })).statusCode).toBe(401);
  });
});

describe('POST and PATCH /api/me/phone', () => {
  it('binds a phone to an e-mail account for 10 points once; changing it grants no more', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const number = phone();
    const code = await codeFor(t, api.abroad, 'Sms', number, 'bind');
    const res = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code, password: PASSWORD } }, { token: user.token });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ phone_number_asterisks: `${number.slice(0, 3)}****${number.slice(-4)}`, security_info: { has_phone: true }, score: 10 });

    const next = phone();
    const nextCode = await codeFor(t, api.abroad, 'Sms', next, 'bind');
    const changed = await api.abroad.patch('/api/me/phone', { account: { phone_number: next, code: nextCode, password: PASSWORD } }, { token: user.token });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ phone_number_asterisks: `${next.slice(0, 3)}****${next.slice(-4)}`, score: 10 });
    expect(await pointCount(api.abroad, user.token)).toBe(1);
    expect((await signIn(api.abroad, next, PASSWORD)).statusCode).toBe(201);
  });

  it('grants each binding task once: e-mail and phone make 20', async () => {
    const user = await signUpByPhone(t, api.native);
    const address = email();
    await api.native.post('/api/me/email', { account: { email: address, code: await codeFor(t, api.native, 'Email', address, 'bind'), password: PASSWORD } }, { token: user.token });
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'unbind', user.token);
    expect((await api.native.patch('/api/me/unbind/phone', { account: { code } }, { token: user.token })).statusCode).toBe(200);
    const number = phone();
    const bound = await api.native.post('/api/me/phone', { account: { phone_number: number, code: await codeFor(t, api.native, 'Sms', number, 'bind'), password: PASSWORD } }, { token: user.token });
    expect(bound.statusCode).toBe(201);
    expect(bound.json().score).toBe(20);
  });

  it('refuses a second binding, a used number, a wrong code and a change without one bound', async () => {
    const user = await signUpByPhone(t, api.native);
    const already = await api.native.post('/api/me/phone', { account: { phone_number: phone(), code: '123456', password: PASSWORD } }, { token: user.token });
    expect(already.statusCode).toBe(422);
    expect(already.json()).toEqual({ errors: { phone_number: ['already_bound'] } });

    const emailUser = await signUpByEmail(t, api.abroad);
    const used = await api.abroad.post('/api/me/phone', { account: { phone_number: user.phone, code: '123456', password: PASSWORD } }, { token: emailUser.token });
    expect(used.json()).toEqual({ errors: { phone_number: ['used'] } });
    const invalid = await api.abroad.post('/api/me/phone', { account: { phone_number: '123', code: '123456', password: PASSWORD } }, { token: emailUser.token });
    expect(invalid.json()).toEqual({ errors: { phone_number: ['invalid'] } });

    const number = phone();
    const code = await codeFor(t, api.abroad, 'Sms', number, 'bind');
    const wrong = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code: wrongCode(code), password: PASSWORD } }, { token: emailUser.token });
    expect(wrong.json()).toEqual({ errors: { code: ['invalid'] } });

    const notBound = await api.abroad.patch('/api/me/phone', { account: { phone_number: phone(), code: '123456', password: PASSWORD } }, { token: emailUser.token });
    expect(notBound.json()).toEqual({ errors: { phone_number: ['not_bound'] } });
  });

  it('asks for the current password to change the phone', async () => {
    const user = await signUpByPhone(t, api.native);
    const blank = await api.native.patch('/api/me/phone', { account: { phone_number: phone(), code: '123456' } }, { token: user.token });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ errors: { password: ['blank'] } });
    const invalid = await api.native.patch('/api/me/phone', { account: { phone_number: phone(), code: '123456', password: 'Wrong-Password-1' } }, { token: user.token });
    expect(invalid.json()).toEqual({ errors: { password: ['invalid'] } });
  });

  it('answers 401 without a session', async () => {
    expect((await api.native.post('/api/me/phone', { account: { phone_number: phone(), code: '123456' } })).statusCode).toBe(401);
    expect((await api.native.patch('/api/me/phone', { account: { phone_number: phone(), code: '123456' } })).statusCode).toBe(401);
  });
});

describe('PATCH /api/me/unbind/phone', () => {
  it('refuses to leave an account without an e-mail: unbind_limit with needs_email', async () => {
    const user = await signUpByPhone(t, api.native);
    const res = await api.native.patch('/api/me/unbind/phone', { account: { code: '123456' } }, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { phone_number: ['unbind_limit'] }, meta: { unbind_limit: 3, unbind_used: 0, needs_email: true } });
    expect((await meOf(api.native, user.token)).security_info.has_phone).toBe(true);
  });

  it('unbinds by a code sent to the phone once an e-mail is bound; then not_bound', async () => {
    const user = await signUpByPhone(t, api.native);
    const address = email();
    await api.native.post('/api/me/email', { account: { email: address, code: await codeFor(t, api.native, 'Email', address, 'bind'), password: PASSWORD } }, { token: user.token });
    const code = await codeFor(t, api.native, 'Sms', user.phone, 'unbind', user.token);
    const wrong = await api.native.patch('/api/me/unbind/phone', { account: { code: wrongCode(code) } }, { token: user.token });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { code: ['invalid'] } });

    const res = await api.native.patch('/api/me/unbind/phone', { account: { code } }, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ phone_number_asterisks: null, security_info: { has_phone: false, has_email: true } });
    expect((await signIn(api.native, user.phone, PASSWORD)).statusCode).toBe(422);

    const again = await api.native.patch('/api/me/unbind/phone', { account: { code } }, { token: user.token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { phone_number: ['not_bound'] } });
    // The number is free for another account (a minute after its own sign-up code).
    t.clock.advance(61);
    expect((await sendCode(api.native, 'Sms', user.phone, 'sign_up')).statusCode).toBe(201);
  });

  it('allows 3 unbinds a year, counted on the service clock', async () => {
    // Far from the wall clock: the year is measured by the service's clock, unbinds included.
    t.clock.advance(400 * 86_400);
    const user = await signUpByEmail(t, api.abroad);
    for (let i = 0; i < 3; i++) {
      const number = phone();
      await api.abroad.post('/api/me/phone', { account: { phone_number: number, code: await codeFor(t, api.abroad, 'Sms', number, 'bind'), password: PASSWORD } }, { token: user.token });
      const code = await codeFor(t, api.abroad, 'Sms', number, 'unbind', user.token);
      expect((await api.abroad.patch('/api/me/unbind/phone', { account: { code } }, { token: user.token })).statusCode).toBe(200);
    }
    const number = phone();
    await api.abroad.post('/api/me/phone', { account: { phone_number: number, code: await codeFor(t, api.abroad, 'Sms', number, 'bind'), password: PASSWORD } }, { token: user.token });
    const res = await api.abroad.patch('/api/me/unbind/phone', { account: { code: '123456' } }, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { phone_number: ['unbind_limit'] }, meta: { unbind_limit: 3, unbind_used: 3, needs_email: false } });

    // A year later the allowance is back.
    t.clock.advance(366 * 86_400);
    const token = (await signIn(api.abroad, user.email, PASSWORD)).json().access_token;
    const code = await codeFor(t, api.abroad, 'Sms', number, 'unbind', token);
    expect((await api.abroad.patch('/api/me/unbind/phone', { account: { code } }, { token })).statusCode).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const res = await api.native.patch('/api/me/unbind/phone', { account: { code: '123456' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });
});
