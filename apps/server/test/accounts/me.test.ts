import { describe, expect, it } from 'vitest';
import { clockInDay } from '@lantern/domain';
import { makeAccount } from '../support/catalog-factories.ts';
import { PASSWORD, codeFor, nextIp, phone, residentId, signUpByEmail, signUpByPhone, updateAccount } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

let nameSequence = 0;
/** A unique ASCII nickname of exactly `length` characters. */
function asciiName(length: number) {
  const stem = `n${(++nameSequence).toString(36)}${Math.random().toString(36).slice(2)}`;
  return stem.padEnd(length, 'x').slice(0, length);
}
/** A unique nickname of `count` CJK characters (weight 2 each). */
function cjkName(count: number) {
  return Array.from({ length: count }, () => String.fromCodePoint(0x4e00 + Math.floor(Math.random() * 0x5000))).join('');
}

describe('GET /api/me and /api/profile', () => {
  it('shows the account to its owner on the international site', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.get('/api/me', { token: user.token });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({
      id: user.id,
      avatar_url: null,
      email_asterisks: `${user.email[0]}***@example.com`,
      phone_number_asterisks: null,
      real_name_asterisks: null,
      credential_num_asterisks: null,
      gender: 'secret',
      birthday: null,
      introduction: '',
      region: 'global',
      area: 'abroad',
      safrv: 'base',
      role: 'user',
      permissions: [],
      is_mute: false,
      unmute_at_timestamp: null,
      set_password: true,
      sign_in_count: 1,
      platforms: [],
      configs: [{ kind: 'upload', key: 'water_mark', value: 'close' }, { kind: 'community', key: 'responsibility', value: 'pending' }, { kind: 'guide', key: 'beginners_guide', value: 'due' }],
      security_info: { is_identification: false, is_nickname_safe: true, has_email: true, has_phone: false, set_password: true },
      point: { score: 0, history_score: 0, total_score: 0, new_score: 0, xp: 0, clock_in: { checked: false, day: clockInDay(nowSec(), 'UTC'), score: 0 } },
      score: 0,
      wallet: { balance: 0, currency: 'USD', status: 'active' },
      badges: { private_messages: 0, notifications: 0 },
    });
    expect(me.nickname).toMatch(/^Player\d{6}$/);
    expect(JSON.stringify(me)).not.toContain(user.email);
    expect(me.created_at_timestamp).toEqual(expect.any(Number));

    const profile = await api.abroad.get('/api/profile', { token: user.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json()).toEqual(me);
  });

  it('shows the mainland site its currency and calendar, and masks phone, real name and ID number', async () => {
    const credential = residentId('19880512');
    const user = await signUpByPhone(t, api.native, { real_name: '王小明', credential_num: credential });
    const me = (await api.native.get('/api/me', { token: user.token })).json();
    expect(me).toMatchObject({
      area: 'native',
      region: 'cn',
      phone_number_asterisks: `${user.phone.slice(0, 3)}****${user.phone.slice(-4)}`,
      email_asterisks: null,
      real_name_asterisks: '王**',
      credential_num_asterisks: `${credential.slice(0, 3)}***********${credential.slice(-4)}`,
      security_info: { is_identification: true, has_phone: true, has_email: false },
      wallet: { currency: 'CNY', balance: 0 },
      point: { clock_in: { day: clockInDay(nowSec(), 'Asia/Shanghai') } },
    });
    expect(me.nickname).toMatch(/^玩家\d{6}$/);
    expect(JSON.stringify(me)).not.toContain(credential);
    expect(JSON.stringify(me)).not.toContain(user.phone);
  });

  it('shows a mute and when it ends', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const until = new Date(t.clock.now().getTime() + 600_000);
    await updateAccount(t, user.id, { mutedUntil: until });
    const me = (await api.abroad.get('/api/me', { token: user.token })).json();
    expect(me.is_mute).toBe(true);
    expect(me.unmute_at_timestamp).toBe(Math.floor(until.getTime() / 1000));
    t.clock.advance(601);
    const later = (await api.abroad.get('/api/me', { token: user.token })).json();
    expect(later).toMatchObject({ is_mute: false, unmute_at_timestamp: null });
  });

  it('answers 401 without a session', async () => {
    for (const path of ['/api/me', '/api/profile', '/api/me/check']) {
      const res = await api.abroad.get(path);
      expect(res.statusCode, path).toBe(401);
      expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    }
  });
});

describe('PATCH /api/me', () => {
  const patch = (token: string, account: Record<string, unknown>) => api.abroad.patch('/api/me', { account }, { token });

  it('takes a nickname of weight 20 and refuses 21, counting CJK characters as 2', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const twenty = asciiName(20);
    const ok = await patch(user.token, { nickname: twenty });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ nickname: twenty, security_info: { is_nickname_safe: true } });

    const tooLong = await patch(user.token, { nickname: asciiName(21) });
    expect(tooLong.statusCode).toBe(422);
    expect(tooLong.json()).toEqual({ errors: { nickname: ['unsafe'] } });

    const cjk = cjkName(10);
    expect((await patch(user.token, { nickname: cjk })).json().nickname).toBe(cjk);
    const cjkTooLong = await patch(user.token, { nickname: `${cjkName(10)}a` });
    expect(cjkTooLong.statusCode).toBe(422);
    expect(cjkTooLong.json()).toEqual({ errors: { nickname: ['unsafe'] } });

    const blank = await patch(user.token, { nickname: '   ' });
    expect(blank.json()).toEqual({ errors: { nickname: ['unsafe'] } });
    // Refusals changed nothing.
    expect((await api.abroad.get('/api/me', { token: user.token })).json().nickname).toBe(cjk);
  });

  it('trims the nickname and refuses one taken by another account in any case', async () => {
    const owner = await signUpByEmail(t, api.abroad);
    const other = await signUpByEmail(t, api.abroad);
    const name = `Taken${asciiName(8)}`;
    expect((await patch(owner.token, { nickname: `  ${name}  ` })).json().nickname).toBe(name);
    for (const variant of [name, name.toUpperCase(), name.toLowerCase()]) {
      const res = await patch(other.token, { nickname: variant });
      expect(res.statusCode, variant).toBe(422);
      expect(res.json()).toEqual({ errors: { nickname: ['taken'] } });
    }
    // The owner may change the case of their own nickname.
    expect((await patch(owner.token, { nickname: name.toUpperCase() })).statusCode).toBe(200);
  });

  it('updates gender, birthday, introduction and the Steam review setting', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await patch(user.token, { gender: 'female', birthday: '1995-06-15', introduction: '  Hello there  ', show_steam_review: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ gender: 'female', birthday: '1995-06-15', introduction: 'Hello there', show_steam_review: false });
    const me = (await api.abroad.get('/api/me', { token: user.token })).json();
    expect(me).toMatchObject({ gender: 'female', birthday: '1995-06-15', introduction: 'Hello there', show_steam_review: false });
    // Fields left out are kept; a null birthday clears it.
    const cleared = await patch(user.token, { birthday: null });
    expect(cleared.json()).toMatchObject({ gender: 'female', birthday: null, introduction: 'Hello there' });
  });

  it('refuses a birthday in the future, not on the calendar, before 1900 or in another format', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const tomorrow = new Date(t.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10);
    for (const birthday of [tomorrow, '2021-02-30', '2019-13-01', '1899-12-31', '0000-01-01', '1990/01/01', '19900101']) {
      const res = await patch(user.token, { birthday });
      expect(res.statusCode, birthday).toBe(422);
      expect(res.json(), birthday).toEqual({ errors: { birthday: ['invalid'] } });
    }
    expect((await patch(user.token, { birthday: '2000-02-29' })).json().birthday).toBe('2000-02-29');
  });

  it('records the responsibility declaration once acknowledged, and never takes it back', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const responsibility = (me: { configs: { kind: string; key: string; value: string }[] }) => me.configs.find((c) => c.kind === 'community' && c.key === 'responsibility')?.value;
    expect(responsibility((await api.abroad.get('/api/me', { token: user.token })).json())).toBe('pending');
    const res = await patch(user.token, { responsibility_acknowledged: true });
    expect(res.statusCode).toBe(200);
    expect(responsibility(res.json())).toBe('acknowledged');
    // Other settings leave it alone, and there is no "false" to send.
    expect(responsibility((await patch(user.token, { gender: 'male' })).json())).toBe('acknowledged');
    const unsay = await patch(user.token, { responsibility_acknowledged: false });
    expect(unsay.statusCode).toBe(422);
    expect(unsay.json().errors).toHaveProperty('responsibility_acknowledged');
    expect(responsibility((await api.abroad.get('/api/me', { token: user.token })).json())).toBe('acknowledged');
  });

  it('refuses a wrong gender and an over-long introduction', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const gender = await patch(user.token, { gender: 'robot' });
    expect(gender.statusCode).toBe(422);
    expect(gender.json()).toEqual({ errors: { gender: ['invalid'] } });
    const intro = await patch(user.token, { introduction: 'x'.repeat(501) });
    expect(intro.statusCode).toBe(422);
    expect(intro.json()).toEqual({ errors: { introduction: ['too_long'] } });
  });

  it('answers 401 without a session', async () => {
    const res = await api.abroad.patch('/api/me', { account: { gender: 'male' } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });
});

describe('PUT /api/me (identification popup)', () => {
  const NEW_PASSWORD = 'Another-Secret-7';
  // Setting the password proves the account with the current one (account-takeover.test.ts covers the refusals).
  const complete = (token: string, account: Record<string, unknown>) => api.abroad.put('/api/me', { account: { current_password: PASSWORD, ...account } }, { token });

  it('binds the phone by code, sets password, nickname and gender, and grants the phone task once', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const number = phone();
    const code = await codeFor(t, api.abroad, 'Sms', number, 'bind');
    const nickname = asciiName(12);
    const res = await complete(user.token, { phone_number: number, code, password: NEW_PASSWORD, nickname, gender: 'male' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      nickname,
      gender: 'male',
      phone_number_asterisks: `${number.slice(0, 3)}****${number.slice(-4)}`,
      security_info: { has_phone: true },
      score: 10,
      point: { score: 10, total_score: 10 },
    });
    const details = (await api.abroad.get('/api/point_details', { token: user.token })).json();
    expect(details.point_details).toEqual([expect.objectContaining({ kind: 'produce', real_score: 10, reason: 'bind_phone' })]);

    // The new password works, the old one no longer does.
    const ip = nextIp();
    const old = await api.abroad.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } }, { ip });
    expect(old.statusCode).toBe(422);
    const fresh = await api.abroad.post('/api/access_token', { access_token: { login: number, password: NEW_PASSWORD } }, { ip });
    expect(fresh.statusCode).toBe(201);

    // Completing again with the same phone needs no code and grants nothing more.
    const again = await complete(user.token, { phone_number: number, code: '000000', password: NEW_PASSWORD, current_password: NEW_PASSWORD, nickname, gender: 'female' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ gender: 'female', score: 10 });
    expect((await api.abroad.get('/api/point_details', { token: user.token })).json().meta.total_count).toBe(1);
  });

  it('refuses a phone used by another account, and another phone once one is bound', async () => {
    const holder = await signUpByPhone(t, api.native);
    const user = await signUpByEmail(t, api.abroad);
    const used = await complete(user.token, { phone_number: holder.phone, code: '123456', password: NEW_PASSWORD, nickname: asciiName(10), gender: 'male' });
    expect(used.statusCode).toBe(422);
    expect(used.json()).toEqual({ errors: { phone_number: ['used'] } });

    const bound = await signUpByPhone(t, api.native);
    const other = await api.native.put('/api/me', { account: { phone_number: phone(), code: '123456', password: NEW_PASSWORD, current_password: PASSWORD, nickname: asciiName(10), gender: 'male' } }, { token: bound.token });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ errors: { phone_number: ['already_bound'] } });
  });

  it('reports field problems together, and checks the code last', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const taken = await signUpByEmail(t, api.abroad);
    const takenName = asciiName(10);
    await api.abroad.patch('/api/me', { account: { nickname: takenName } }, { token: taken.token });
    const bad = await complete(user.token, { phone_number: '12345', code: '123456', password: 'short', nickname: takenName.toUpperCase(), gender: 'male' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toEqual({ errors: { phone_number: ['invalid'], password: ['too_short'], nickname: ['taken'] } });
    const weak = await complete(user.token, { phone_number: phone(), code: '123456', password: 'onlyletters', nickname: asciiName(21), gender: 'male' });
    expect(weak.json()).toEqual({ errors: { password: ['invalid'], nickname: ['unsafe'] } });

    const number = phone();
    const code = await codeFor(t, api.abroad, 'Sms', number, 'bind');
    const wrong = await complete(user.token, { phone_number: number, code: code === '000000' ? '111111' : '000000', password: NEW_PASSWORD, nickname: asciiName(10), gender: 'male' });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ errors: { code: ['invalid'] } });
    const me = (await api.abroad.get('/api/me', { token: user.token })).json();
    expect(me).toMatchObject({ phone_number_asterisks: null, score: 0 });
  });

  it('answers 401 without a session', async () => {
    const res = await api.abroad.put('/api/me', { account: { phone_number: phone(), code: '123456', password: NEW_PASSWORD, nickname: 'x', gender: 'male' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/me/check', () => {
  it('asks nothing of an international account right after its sign-up set a password (no new password, no phone)', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.get('/api/me/check', { token: user.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ is_identification: false, is_nickname_safe: true, safrv: 'base', need_identification: false, need_basic_info: false, missing: [] });
  });

  it('asks a mainland account only what it lacks: a phone (no phone, no identity), a password (none set); staff nothing', async () => {
    const user = await makeAccount(t);
    await updateAccount(t, user.id, { phone: null, credentialHash: null });
    expect((await api.native.get('/api/me/check', { token: user.token })).json()).toMatchObject({ need_identification: true, missing: ['phone', 'password'] });
    await updateAccount(t, user.id, { phone: '+8613800000001' });
    expect((await api.native.get('/api/me/check', { token: user.token })).json()).toMatchObject({ need_identification: true, missing: ['password'] });
    const staff = await makeAccount(t, { role: 'staff' });
    await updateAccount(t, staff.id, { phone: null, credentialHash: null });
    expect((await api.native.get('/api/me/check', { token: staff.token })).json()).toMatchObject({ need_identification: false, need_basic_info: false, missing: [] });
  });

  it('asks nothing of an identified account with a safe nickname', async () => {
    const user = await signUpByEmail(t, api.native);
    expect((await api.native.get('/api/me/check', { token: user.token })).json()).toEqual({
      is_identification: true, is_nickname_safe: true, safrv: 'base', need_identification: false, need_basic_info: false, missing: [],
    });
  });

  it('asks an identified account with an unsafe nickname for basic info', async () => {
    const user = await signUpByEmail(t, api.native);
    await updateAccount(t, user.id, { nickname: asciiName(25) });
    expect((await api.native.get('/api/me/check', { token: user.token })).json()).toEqual({
      is_identification: true, is_nickname_safe: false, safrv: 'base', need_identification: false, need_basic_info: true, missing: [],
    });
    expect((await api.native.get('/api/me', { token: user.token })).json().security_info.is_nickname_safe).toBe(false);
  });
});
