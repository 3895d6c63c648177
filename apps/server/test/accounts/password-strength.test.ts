import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, seedAccounts } from '../../src/seed/accounts.ts';
import { PASSWORD, codeFor, email, latestCode, sendCode, signUpByEmail, signUpByPhone, solvedCaptcha } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * New passwords pass the composition rules AND an offline strength estimate: `Password1` has letters and
 * digits, and is still the first thing any cracking list tries.
 */
const { t, api } = useTestApp();

const WEAK = ['Password1', 'Qwerty123', 'Lantern2026', 'abc12345'];

describe('a weak new password is refused with password: too_weak', () => {
  it('at sign-up, each of the usual suspects', async () => {
    for (const password of WEAK) {
      const address = email();
      await sendCode(api.abroad, 'Email', address, 'sign_up');
      const res = await api.abroad.post('/api/accounts', {
        account: { email: address, code: await latestCode(t, address), password, password_confirmation: password, tos_agreement: true, ...(await solvedCaptcha(t, api.abroad)) },
      });
      expect([password, res.statusCode, res.json().errors]).toEqual([password, 422, { password: ['too_weak'] }]);
    }
  });

  it('at sign-up, a password made of the account\'s own e-mail name', async () => {
    const address = email('marigoldsunshine');
    await sendCode(api.abroad, 'Email', address, 'sign_up');
    const password = 'marigoldsunshine1';
    const res = await api.abroad.post('/api/accounts', {
      account: { email: address, code: await latestCode(t, address), password, password_confirmation: password, tos_agreement: true, ...(await solvedCaptcha(t, api.abroad)) },
    });
    expect(res.json().errors).toEqual({ password: ['too_weak'] });
  });

  it('at a reset, without spending the code', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const code = await codeFor(t, api.abroad, 'Email', user.email, 'reset_password');
    const weak = await api.abroad.patch('/api/me/email/password', { account: { email: user.email, code, password: 'Password1', password_confirmation: 'Password1' } });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().errors).toEqual({ password: ['too_weak'] });
    const strong = await api.abroad.patch('/api/me/email/password', { account: { email: user.email, code, password: 'Violet-Harbour-Lamp-73', password_confirmation: 'Violet-Harbour-Lamp-73' } });
    expect(strong.statusCode).toBe(204);
  });

  it('at a change (PUT /api/me), and the composition rules still come first', async () => {
    const user = await signUpByPhone(t, api.native);
    const change = (password: string) => api.native.put('/api/me', {
      account: { phone_number: user.phone, code: '000000', password, current_password: PASSWORD, nickname: `s${Date.now()}`, gender: 'male' },
    }, { token: user.token });
    expect((await change('Lantern2026')).json().errors).toEqual({ password: ['too_weak'] });
    expect((await change('12345678')).json().errors).toEqual({ password: ['invalid'] });
  });

  it('accepts a strong password', async () => {
    const address = email();
    await sendCode(api.abroad, 'Email', address, 'sign_up');
    const res = await api.abroad.post('/api/accounts', {
      account: { email: address, code: await latestCode(t, address), password: 'Violet-Harbour-Lamp-73', password_confirmation: 'Violet-Harbour-Lamp-73', tos_agreement: true, ...(await solvedCaptcha(t, api.abroad)) },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('the demo accounts', () => {
  it('sign in with the demo password of docs/demo-data.md, which nobody could choose today: seeding bypasses the check', async () => {
    await seedAccounts(t.deps);
    const res = await api.abroad.post('/api/access_token', { access_token: { login: 'player@lantern.test', password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(201);
    expect(WEAK).toContain(DEMO_PASSWORD);
  });
});
