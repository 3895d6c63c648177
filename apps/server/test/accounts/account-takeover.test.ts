import { describe, expect, it } from 'vitest';
import { type SiteClient } from '../support/client.ts';
import { PASSWORD, codeFor, email, latestCode, nextIp, phone, sendCode, signUpByEmail, signUpByPhone, updateAccount } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * A stolen session (an access token, nothing else) must not be enough to take the account over: every
 * change of password or contact wants proof of the account — the current password, or a code sent to a
 * contact already bound to it — and ends every other session and tells the owner.
 */
const { t, api } = useTestApp();

const NEW_PASSWORD = 'Violet-Harbour-Lamp-73';

function signIn(client: SiteClient, login: string, password: string) {
  return client.post('/api/access_token', { access_token: { login, password } }, { ip: nextIp() });
}
async function secondSession(client: SiteClient, login: string) {
  const res = await signIn(client, login, PASSWORD);
  expect(res.statusCode).toBe(201);
  return res.json() as { access_token: string; refresh_token: string };
}
const refresh = (client: SiteClient, token: string) => client.patch('/api/access_token', { access_token: { refresh_token: token } });
const messagesTo = async (recipient: string) => t.deps.outbox.list(recipient, 10);

describe('PUT /api/me (the identification popup) cannot set a password on a stolen session', () => {
  it('refuses to set a password by naming the bound phone without the current password', async () => {
    const user = await signUpByPhone(t, api.native);
    const res = await api.native.put('/api/me', { account: { phone_number: user.phone, code: '000000', password: NEW_PASSWORD, nickname: `n${Date.now()}`, gender: 'male' } }, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['blank'] });
    expect((await signIn(api.native, user.phone, NEW_PASSWORD)).statusCode).toBe(422);
  });

  it('refuses to set a password by binding a new phone with that phone\'s own code', async () => {
    const user = await signUpByEmail(t, api.native);
    const number = phone();
    const code = await codeFor(t, api.native, 'Sms', number, 'bind');
    const res = await api.native.put('/api/me', { account: { phone_number: number, code, password: NEW_PASSWORD, nickname: `m${Date.now()}`, gender: 'female' } }, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['blank'] });
    expect((await signIn(api.native, user.email, PASSWORD)).statusCode).toBe(201);
  });

  it('refuses a wrong current password', async () => {
    const user = await signUpByPhone(t, api.native);
    const res = await api.native.put('/api/me', { account: { phone_number: user.phone, code: '000000', password: NEW_PASSWORD, current_password: 'Not-The-Password-1', nickname: `w${Date.now()}`, gender: 'male' } }, { token: user.token });
    expect(res.json().errors).toEqual({ current_password: ['invalid'] });
  });

  it('with the current password: sets it, ends every other session, keeps this one and tells the owner', async () => {
    const user = await signUpByPhone(t, api.native);
    const other = await secondSession(api.native, user.phone);
    const res = await api.native.put('/api/me', { account: { phone_number: user.phone, code: '000000', password: NEW_PASSWORD, current_password: PASSWORD, nickname: `c${Date.now()}`, gender: 'male' } }, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect((await refresh(api.native, other.refresh_token)).statusCode).toBe(401);
    expect((await api.native.get('/api/me', { token: other.access_token })).statusCode).toBe(401);
    expect((await api.native.get('/api/me', { token: user.token })).statusCode).toBe(200);
    expect((await refresh(api.native, user.refreshToken)).statusCode).toBe(200);
    expect((await signIn(api.native, user.phone, NEW_PASSWORD)).statusCode).toBe(201);
    const [notice] = await messagesTo(user.phone);
    expect(notice?.body).toContain('密码已修改');
  });
});

describe('PUT /api/me: an account without a password sets one with a code to its bound contact', () => {
  // As an account made through a linked account or a sign-in code: a phone bound, no password.
  async function passwordless() {
    const user = await signUpByPhone(t, api.native);
    await updateAccount(t, user.id, { passwordHash: null });
    const check = (await api.native.get('/api/me/check', { token: user.token })).json();
    expect(check.missing).toEqual(['password']);
    return user;
  }
  const complete = (token: string, account: Record<string, unknown>) =>
    api.native.put('/api/me', { account: { password: NEW_PASSWORD, nickname: `p${Date.now()}`, gender: 'secret', ...account } }, { token });

  it('without proof is refused with current_password blank, and no password is set', async () => {
    const user = await passwordless();
    const res = await complete(user.token, {});
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ current_password: ['blank'] });
    expect((await signIn(api.native, user.phone, NEW_PASSWORD)).statusCode).toBe(422);
    expect((await api.native.get('/api/me/check', { token: user.token })).json().missing).toEqual(['password']);
  });

  it('with a reauthenticate code sent to the bound phone: sets the password, once', async () => {
    const user = await passwordless();
    // The popup names no target: the code goes to the bound phone.
    const sent = await api.native.post('/api/message', { message: { type: 'Sms', purpose: 'reauthenticate' } }, { token: user.token, ip: nextIp() });
    expect(sent.statusCode).toBe(201);
    const accountCode = await latestCode(t, user.phone);
    const wrong = await complete(user.token, { account_code: accountCode === '000000' ? '111111' : '000000' });
    expect(wrong.json().errors).toEqual({ account_code: ['invalid'] });
    const res = await complete(user.token, { account_code: accountCode });
    expect(res.statusCode).toBe(200);
    expect(res.json().set_password).toBe(true);
    expect((await signIn(api.native, user.phone, NEW_PASSWORD)).statusCode).toBe(201);
    expect((await api.native.get('/api/me/check', { token: user.token })).json()).toMatchObject({ need_identification: false, missing: [] });
    // The code is spent: it cannot prove the account a second time.
    const again = await complete(user.token, { password: 'Amber-Lighthouse-Oar-58', account_code: accountCode });
    expect(again.json().errors).toEqual({ account_code: ['invalid'] });
  });
});

describe('binding or changing a contact needs proof of the account', () => {
  it('refuses to bind a first phone with only the new phone\'s code', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const number = phone();
    const code = await codeFor(t, api.abroad, 'Sms', number, 'bind');
    const res = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code } }, { token: user.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ password: ['blank'] });
    // So the new phone cannot be used to reset the password.
    expect((await sendCode(api.abroad, 'Sms', number, 'reset_password')).json().errors).toEqual({ target: ['not_found'] });
  });

  it('binds with a code sent to the contact already bound (purpose reauthenticate), whatever target the request names', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const attacker = email('attacker');
    const sent = await sendCode(api.abroad, 'Email', attacker, 'reauthenticate', {}, { token: user.token });
    expect(sent.statusCode).toBe(201);
    expect(await messagesTo(attacker)).toHaveLength(0);
    const accountCode = await latestCode(t, user.email);
    const number = phone();
    const code = await codeFor(t, api.abroad, 'Sms', number, 'bind');
    // A wrong code for the new phone is refused without burning the owner's account code.
    const wrong = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code: code === '000000' ? '111111' : '000000', account_code: accountCode } }, { token: user.token });
    expect(wrong.statusCode).toBe(422);
    const res = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code, account_code: accountCode } }, { token: user.token });
    expect(res.statusCode).toBe(201);
    // The account code is spent.
    const next = phone();
    const again = await api.abroad.patch('/api/me/phone', { account: { phone_number: next, code: await codeFor(t, api.abroad, 'Sms', next, 'bind'), account_code: accountCode } }, { token: user.token });
    expect(again.json().errors).toEqual({ account_code: ['invalid'] });
  });

  it('refuses a reauthentication code without a session', async () => {
    const res = await sendCode(api.abroad, 'Email', email(), 'reauthenticate');
    expect(res.statusCode).toBe(401);
  });

  it('a contact change ends every other session and tells the old contact', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const other = await secondSession(api.abroad, user.email);
    const next = email();
    const code = await codeFor(t, api.abroad, 'Email', next, 'bind');
    const res = await api.abroad.patch('/api/me/email', { account: { email: next, code, password: PASSWORD } }, { token: user.token });
    expect(res.statusCode).toBe(200);
    expect((await refresh(api.abroad, other.refresh_token)).statusCode).toBe(401);
    expect((await api.abroad.get('/api/me', { token: user.token })).statusCode).toBe(200);
    const [notice] = await messagesTo(user.email);
    expect(notice?.subject).toMatch(/e-mail address was changed/i);
  });
});

describe('a password reset tells the owner', () => {
  it('sends "your password was changed" to the contact the reset came through', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const code = await codeFor(t, api.abroad, 'Email', user.email, 'reset_password');
    const res = await api.abroad.patch('/api/me/email/password', { account: { email: user.email, code, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD } });
    expect(res.statusCode).toBe(204);
    const [notice] = await messagesTo(user.email);
    expect(notice?.subject).toMatch(/password was changed/i);
  });
});

describe('a stolen session cannot guess the current password', () => {
  it('10 wrong current passwords at once: 5 are compared, the rest refused with 429; then the right one too', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const number = phone();
    const attempt = (password: string) => api.abroad.post('/api/me/phone', { account: { phone_number: number, code: '000000', password } }, { token: user.token });
    const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(`Guess-Number-${i}`)));
    const statuses = burst.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([...Array(5).fill(422), ...Array(5).fill(429)]);
    expect(burst.filter((res) => res.statusCode === 422).every((res) => res.json().errors.password?.[0] === 'invalid')).toBe(true);
    expect((await attempt(PASSWORD)).statusCode).toBe(429);
  });
});
