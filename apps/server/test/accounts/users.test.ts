import { describe, expect, it } from 'vitest';
import { signUpByEmail, signUpByPhone, updateAccount } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const PUBLIC_FIELDS = ['avatar_url', 'background_url', 'created_at_timestamp', 'gender', 'id', 'introduction', 'is_mute', 'nickname', 'role'];
const batch = (ids: Array<number | string>) => api.abroad.get(`/api/users?${ids.map((id) => `q[id_in][]=${id}`).join('&')}`);
const idsOf = (res: { json(): { users: Array<{ id: number }> } }) => res.json().users.map((u) => u.id).sort((a, b) => a - b);

describe('GET /api/users/{id}', () => {
  it('shows the public fields of an account and nothing private, signed in or not', async () => {
    const user = await signUpByPhone(t, api.native);
    await api.native.patch('/api/me', { account: { introduction: 'Hi', gender: 'female' } }, { token: user.token });
    const res = await api.abroad.get(`/api/users/${user.id}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(PUBLIC_FIELDS);
    expect(body).toMatchObject({ id: user.id, introduction: 'Hi', gender: 'female', role: 'user', is_mute: false, avatar_url: null });
    expect(body.nickname).toMatch(/^玩家\d{6}$/);
    expect(JSON.stringify(body)).not.toContain(user.phone);

    const viewer = await signUpByEmail(t, api.abroad);
    const signedIn = await api.abroad.get(`/api/users/${user.id}`, { token: viewer.token });
    expect(signedIn.json()).toEqual(body);
    expect((await api.abroad.get(`/api/users/${user.id}.json`)).json()).toEqual(body);
  });

  it('shows a mute', async () => {
    const user = await signUpByEmail(t, api.abroad);
    await updateAccount(t, user.id, { mutedUntil: new Date(t.clock.now().getTime() + 3600_000) });
    expect((await api.abroad.get(`/api/users/${user.id}`)).json().is_mute).toBe(true);
  });

  it('answers 404 for a closed account and an unknown id', async () => {
    const user = await signUpByEmail(t, api.abroad);
    await updateAccount(t, user.id, { closedAt: new Date() });
    for (const id of [user.id, 987_654_321]) {
      const res = await api.abroad.get(`/api/users/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ errors: { base: ['not_found'] } });
    }
  });

  it('refuses an id that is not a positive whole number', async () => {
    for (const id of ['abc', '0', '-3', '1.5', '99999999999999999999']) {
      const res = await api.abroad.get(`/api/users/${id}`);
      expect(res.statusCode, id).toBe(422);
      expect(res.json(), id).toEqual({ errors: { id: [expect.any(String)] } });
    }
  });
});

describe('GET /api/users (batch)', () => {
  it('returns the accounts asked for, leaving out closed and unknown ones', async () => {
    const a = await signUpByEmail(t, api.abroad);
    const b = await signUpByEmail(t, api.abroad);
    const closed = await signUpByEmail(t, api.abroad);
    await updateAccount(t, closed.id, { closedAt: new Date() });
    const res = await batch([a.id, b.id, closed.id, 987_654_321, a.id]);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([a.id, b.id].sort((x, y) => x - y));
    expect(res.json().meta.total_count).toBe(2);
    for (const user of res.json().users) expect(Object.keys(user).sort()).toEqual(PUBLIC_FIELDS);
  });

  it('takes a single id too', async () => {
    const a = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.get(`/api/users?q[id_in]=${a.id}`);
    expect(res.statusCode).toBe(200);
    expect(idsOf(res)).toEqual([a.id]);
  });

  it('refuses ids that are not numbers, and more than 100 of them', async () => {
    const bad = await batch(['abc']);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id_in');
    const many = await batch(Array.from({ length: 101 }, (_, i) => i + 1));
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual(expect.any(Object));
  });

  it('refuses a call without ids as a client error', async () => {
    const res = await api.abroad.get('/api/users');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ q: ['blank'] });
  });
});

describe('GET /api/users/{id}/service', () => {
  it('tells a guest nothing is possible', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.get(`/api/users/${user.id}/service`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user.id, is_self: false, can_follow: false, can_message: false });
  });

  it('tells the owner it is their own page', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.get(`/api/users/${user.id}/service`, { token: user.token });
    expect(res.json()).toEqual({ id: user.id, is_self: true, can_follow: false, can_message: false });
  });

  it('lets another account follow and message, but a muted one only follow', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const viewer = await signUpByEmail(t, api.abroad);
    expect((await api.abroad.get(`/api/users/${user.id}/service`, { token: viewer.token })).json()).toEqual({ id: user.id, is_self: false, can_follow: true, can_message: true });
    await updateAccount(t, viewer.id, { mutedUntil: new Date(t.clock.now().getTime() + 600_000) });
    expect((await api.abroad.get(`/api/users/${user.id}/service`, { token: viewer.token })).json()).toEqual({ id: user.id, is_self: false, can_follow: true, can_message: false });
  });

  it('answers 404 for a closed or unknown account and 422 for a bad id', async () => {
    const user = await signUpByEmail(t, api.abroad);
    await updateAccount(t, user.id, { closedAt: new Date() });
    expect((await api.abroad.get(`/api/users/${user.id}/service`)).statusCode).toBe(404);
    expect((await api.abroad.get('/api/users/987654321/service')).json()).toEqual({ errors: { base: ['not_found'] } });
    expect((await api.abroad.get('/api/users/xyz/service')).statusCode).toBe(422);
  });
});
