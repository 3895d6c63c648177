import { describe, expect, it } from 'vitest';
import { PASSWORD, email, latestCode, residentId, sendCode, signUpByEmail, solvedCaptcha } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

describe('POST /api/accounts (sign-up)', () => {
  it('signs up by e-mail on the international site and is signed in', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const me = await api.abroad.get('/api/me', { token: user.token });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ id: user.id, area: 'abroad', security_info: { has_email: true, is_identification: false } });
    expect(me.json().email_asterisks).toMatch(/\*/);
  });

  it('takes the real name and ID number on the mainland site and marks the account identified', async () => {
    const user = await signUpByEmail(t, api.native, { real_name: '韩梅梅', credential_num: residentId('19950101') });
    const me = (await api.native.get('/api/me', { token: user.token })).json();
    expect(me.security_info.is_identification).toBe(true);
    expect(me.real_name_asterisks).toBe('韩**');
    expect(me.nickname).toMatch(/^玩家\d{6}$/);
  });

  it('reports every field problem at once, with their reason codes', async () => {
    const res = await api.native.post('/api/accounts', {
      account: { email: 'not-an-email', code: '123456', password: 'short', password_confirmation: 'other', tos_agreement: false, nickname: '一二三四五六七八九十一' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      email: ['invalid'],
      password: ['too_short'],
      password_confirmation: ['confirmation'],
      nickname: ['unsafe'],
      tos_agreement: ['accepted'],
      real_name: ['blank'],
      credential_num: ['blank'],
    });
  });

  it('refuses an ID number showing an age under 8', async () => {
    const year = new Date().getUTCFullYear() - 5;
    const address = email();
    await sendCode(api.native, 'Email', address, 'sign_up');
    const res = await api.native.post('/api/accounts', {
      account: { email: address, code: await latestCode(t, address), password: PASSWORD, password_confirmation: PASSWORD, tos_agreement: true, real_name: '小明', credential_num: residentId(`${year}0101`), ...(await solvedCaptcha(t, api.native)) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ credential_num: ['under_age'] });
  });

  it('refuses a wrong captcha without spending the code, then accepts the right one', async () => {
    const address = email();
    await sendCode(api.abroad, 'Email', address, 'sign_up');
    const code = await latestCode(t, address);
    const base = { email: address, code, password: PASSWORD, password_confirmation: PASSWORD, tos_agreement: true };
    const { captcha_id } = await solvedCaptcha(t, api.abroad);
    const wrong = await api.abroad.post('/api/accounts', { account: { ...base, captcha_id, captcha: 'zzzz' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ captcha: ['invalid'] });
    const ok = await api.abroad.post('/api/accounts', { account: { ...base, ...(await solvedCaptcha(t, api.abroad)) } });
    expect(ok.statusCode).toBe(201);
  });

  it('refuses a wrong code, and a taken e-mail', async () => {
    const address = email();
    await sendCode(api.abroad, 'Email', address, 'sign_up');
    const res = await api.abroad.post('/api/accounts', {
      account: { email: address, code: '000000', password: PASSWORD, password_confirmation: PASSWORD, tos_agreement: true, ...(await solvedCaptcha(t, api.abroad)) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ code: ['invalid'] });

    const existing = await signUpByEmail(t, api.abroad);
    const again = await api.abroad.post('/api/accounts', {
      account: { email: existing.email, code: '000000', password: PASSWORD, password_confirmation: PASSWORD, tos_agreement: true },
    });
    expect(again.json().errors).toEqual({ email: ['taken'] });
  });
});
