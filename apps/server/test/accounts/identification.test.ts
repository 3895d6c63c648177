import { describe, expect, it } from 'vitest';
import { residentId, signUpByEmail, type SignedUp } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const identify = (token: string, name: string, code: string) => api.abroad.post('/api/identification', { identification: { name, code } }, { token });
const remaining = (daily_remaining: number, total_remaining: number) => ({ daily_remaining, total_remaining });

/** Moves the clock a day on and gives the user a fresh access token (the old one has expired by then). */
async function nextDay(user: SignedUp) {
  t.clock.advance(24 * 3600);
  const res = await api.abroad.patch('/api/access_token', { access_token: { refresh_token: user.refreshToken } });
  expect(res.statusCode).toBe(200);
  user.token = res.json().access_token;
  user.refreshToken = res.json().refresh_token;
}

describe('POST /api/identification', () => {
  it('identifies the account and shows only the masked name and number', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const code = residentId('19900101');
    const res = await identify(user.token, '  张三丰 ', code.toLowerCase());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      real_name_asterisks: '张**',
      credential_num_asterisks: `${code.slice(0, 3)}***********${code.slice(-4)}`,
      safrv: 'base',
      security_info: { is_identification: true },
    });
    expect(JSON.stringify(res.json())).not.toContain(code);
    const check = (await api.abroad.get('/api/me/check', { token: user.token })).json();
    expect(check).toMatchObject({ is_identification: true, need_identification: false });
  });

  it('refuses a blank name and a malformed number without counting an attempt', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const name = await identify(user.token, '   ', residentId());
    expect(name.statusCode).toBe(422);
    expect(name.json()).toEqual({ errors: { name: ['invalid'] }, meta: remaining(5, 20) });
    const digits = await identify(user.token, 'Li 2', residentId());
    expect(digits.json()).toEqual({ errors: { name: ['invalid'] }, meta: remaining(5, 20) });

    const good = residentId();
    const badCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    for (const code of ['123', '', badCheck, residentId('20991231')]) {
      const res = await identify(user.token, '李雷', code);
      expect(res.statusCode, code).toBe(422);
      expect(res.json(), code).toEqual({ errors: { code: ['invalid'] }, meta: remaining(5, 20) });
    }
    expect((await api.abroad.get('/api/me', { token: user.token })).json().security_info.is_identification).toBe(false);
  });

  it('refuses a number already identified on another account: taken', async () => {
    const first = await signUpByEmail(t, api.abroad);
    const second = await signUpByEmail(t, api.abroad);
    const code = residentId();
    expect((await identify(first.token, '李雷', code)).statusCode).toBe(201);
    const res = await identify(second.token, '李雷', code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { code: ['taken'] }, meta: remaining(5, 20) });
    // Also a number used at sign-up on the mainland site.
    const native = residentId();
    await signUpByEmail(t, api.native, { real_name: '韩梅梅', credential_num: native });
    expect((await identify(second.token, '韩梅梅', native)).json().errors).toEqual({ code: ['taken'] });
  });

  it('refuses a second identification: already_identified', async () => {
    const user = await signUpByEmail(t, api.abroad);
    expect((await identify(user.token, '李雷', residentId())).statusCode).toBe(201);
    const res = await identify(user.token, '李雷', residentId());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { base: ['already_identified'] }, meta: remaining(4, 19) });
  });

  it('answers failed with the remaining attempts when the identity service finds no match', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const first = await identify(user.token, '不符合', residentId());
    expect(first.statusCode).toBe(422);
    expect(first.json()).toEqual({ errors: { base: ['failed'] }, meta: remaining(4, 19) });
    const second = await identify(user.token, 'Mismatch Smith', residentId());
    expect(second.json()).toEqual({ errors: { base: ['failed'] }, meta: remaining(3, 18) });
    expect((await api.abroad.get('/api/me', { token: user.token })).json()).toMatchObject({ real_name_asterisks: null, security_info: { is_identification: false } });
    // A later success still works.
    expect((await identify(user.token, '李雷', residentId())).statusCode).toBe(201);
  });

  it('stops after 5 attempts in a day (daily_limit) and allows more the next day', async () => {
    const user = await signUpByEmail(t, api.abroad);
    for (let i = 1; i <= 5; i++) {
      const res = await identify(user.token, '不符', residentId());
      expect(res.json()).toEqual({ errors: { base: ['failed'] }, meta: remaining(5 - i, 20 - i) });
    }
    const limited = await identify(user.token, '李雷', residentId());
    expect(limited.statusCode).toBe(422);
    expect(limited.json()).toEqual({ errors: { base: ['daily_limit'] }, meta: remaining(0, 15) });

    await nextDay(user);
    const res = await identify(user.token, '不符', residentId());
    expect(res.json()).toEqual({ errors: { base: ['failed'] }, meta: remaining(4, 14) });
    expect((await identify(user.token, '李雷', residentId())).statusCode).toBe(201);
  });

  it('stops for good after 20 attempts: total_limit', async () => {
    const user = await signUpByEmail(t, api.abroad);
    for (let day = 0; day < 4; day++) {
      if (day > 0) await nextDay(user);
      for (let i = 0; i < 5; i++) expect((await identify(user.token, '不符', residentId())).json().errors).toEqual({ base: ['failed'] });
    }
    await nextDay(user);
    const res = await identify(user.token, '李雷', residentId());
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { base: ['total_limit'] }, meta: remaining(0, 0) });
    expect((await api.abroad.get('/api/me', { token: user.token })).json().security_info.is_identification).toBe(false);
  });

  it('refuses a number that failed 5 times today across accounts: too_many, until the next day', async () => {
    const code = residentId();
    const a = await signUpByEmail(t, api.abroad);
    const b = await signUpByEmail(t, api.abroad);
    const c = await signUpByEmail(t, api.abroad);
    for (let i = 0; i < 3; i++) expect((await identify(a.token, '不符', code)).json().errors).toEqual({ base: ['failed'] });
    for (let i = 0; i < 2; i++) expect((await identify(b.token, '不符', code)).json().errors).toEqual({ base: ['failed'] });
    const res = await identify(c.token, '李雷', code);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ errors: { code: ['too_many'] }, meta: remaining(5, 20) });
    // Other numbers are unaffected.
    expect((await identify(b.token, '不符', residentId())).json().errors).toEqual({ base: ['failed'] });

    await nextDay(c);
    expect((await identify(c.token, '李雷', code)).statusCode).toBe(201);
  });

  it('marks an identity under 8 years old strong and signs the account out everywhere', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const year = t.clock.now().getUTCFullYear() - 5;
    const res = await identify(user.token, '小明', residentId(`${year}0101`));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ safrv: 'strong', security_info: { is_identification: true } });
    const me = await api.abroad.get('/api/me', { token: user.token });
    expect(me.statusCode).toBe(401);
    expect((await api.abroad.patch('/api/access_token', { access_token: { refresh_token: user.refreshToken } })).statusCode).toBe(401);
  });

  it('answers 401 without a session', async () => {
    const res = await api.abroad.post('/api/identification', { identification: { name: '李雷', code: residentId() } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });
});
