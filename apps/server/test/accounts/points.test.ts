import { describe, expect, it } from 'vitest';
import { clockInDay } from '@lantern/domain';
import { type SiteClient } from '../support/client.ts';
import { PASSWORD, codeFor, phone, signUpByEmail, type SignedUp } from '../support/factories.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

/** Moves the clock on and gives the user a fresh access token, as a client would after its token expired. */
async function later(client: SiteClient, user: SignedUp, seconds: number) {
  t.clock.advance(seconds);
  const res = await client.patch('/api/access_token', { access_token: { refresh_token: user.refreshToken } });
  expect(res.statusCode).toBe(200);
  user.token = res.json().access_token;
  user.refreshToken = res.json().refresh_token;
}

describe('POST /api/me/clock_in', () => {
  it('checks in once a day for 5 points', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const res = await api.abroad.post('/api/me/clock_in', undefined, { token: user.token });
    expect(res.statusCode).toBe(201);
    const day = clockInDay(nowSec(), 'UTC');
    expect(res.json()).toEqual({
      score_added: 5,
      point: { score: 5, history_score: 0, total_score: 5, new_score: 5, xp: 0, clock_in: { checked: true, day, score: 5 } },
    });
    expect((await api.abroad.get('/api/me', { token: user.token })).json()).toMatchObject({ score: 5, point: { clock_in: { checked: true, day, score: 5 } } });

    const again = await api.abroad.post('/api/me/clock_in', undefined, { token: user.token });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toEqual({ errors: { base: ['greater_than'] } });
    expect((await api.abroad.get('/api/me', { token: user.token })).json().score).toBe(5);

    await later(api.abroad, user, 24 * 3600);
    const next = await api.abroad.post('/api/me/clock_in', undefined, { token: user.token });
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ score_added: 5, point: { score: 10, clock_in: { checked: true, day: clockInDay(nowSec(), 'UTC') } } });
  });

  it('rolls the day over at midnight on the mainland site (Beijing time)', async () => {
    const user = await signUpByEmail(t, api.native);
    // Move to 30 s before the next midnight in Beijing.
    const beijing = (nowSec() + 8 * 3600) % 86_400;
    await later(api.native, user, 86_400 - beijing - 30);
    const before = await api.native.post('/api/me/clock_in', undefined, { token: user.token });
    expect(before.statusCode).toBe(201);
    const firstDay = before.json().point.clock_in.day;
    expect(firstDay).toBe(clockInDay(nowSec(), 'Asia/Shanghai'));
    t.clock.advance(60);
    const after = await api.native.post('/api/me/clock_in', undefined, { token: user.token });
    expect(after.statusCode).toBe(201);
    expect(after.json().point.clock_in.day).not.toBe(firstDay);
    expect(after.json().point.score).toBe(10);
  });

  it('answers 401 without a session', async () => {
    const res = await api.abroad.post('/api/me/clock_in');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });
});

describe('GET /api/point_details', () => {
  it('lists point records newest first, paged', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const empty = await api.abroad.get('/api/point_details', { token: user.token });
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual({ point_details: [], meta: { total_count: 0, page: 1, per: 10, score: 0, recorded_score: 0 } });

    await api.abroad.post('/api/me/clock_in', undefined, { token: user.token });
    const number = phone();
    const bound = await api.abroad.post('/api/me/phone', { account: { phone_number: number, code: await codeFor(t, api.abroad, 'Sms', number, 'bind'), password: PASSWORD } }, { token: user.token });
    expect(bound.statusCode).toBe(201);
    await later(api.abroad, user, 24 * 3600);
    await api.abroad.post('/api/me/clock_in', undefined, { token: user.token });

    const all = await api.abroad.get('/api/point_details', { token: user.token });
    const body = all.json();
    // The balance and what the records add up to come with every page, so the page leads with a total its history matches.
    expect(body.meta).toEqual({ total_count: 3, page: 1, per: 10, score: 20, recorded_score: 20 });
    expect(body.point_details.map((d: { reason: string; real_score: number }) => [d.reason, d.real_score])).toEqual([
      ['clock_in', 5],
      ['bind_phone', 10],
      ['clock_in', 5],
    ]);
    expect(body.point_details[0]).toMatchObject({ kind: 'produce', target_type: null, target_id: null, created_at_timestamp: expect.any(Number) });
    const ids = body.point_details.map((d: { id: number }) => d.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    const page1 = (await api.abroad.get('/api/point_details', { token: user.token, query: { page: '1', per: '2' } })).json();
    expect(page1.meta).toEqual({ total_count: 3, page: 1, per: 2, score: 20, recorded_score: 20 });
    expect(page1.point_details.map((d: { id: number }) => d.id)).toEqual(ids.slice(0, 2));
    const page2 = (await api.abroad.get('/api/point_details', { token: user.token, query: { page: '2', per: '2' } })).json();
    expect(page2.meta).toEqual({ total_count: 3, page: 2, per: 2, score: 20, recorded_score: 20 });
    expect(page2.point_details.map((d: { id: number }) => d.id)).toEqual(ids.slice(2));
    const page3 = (await api.abroad.get('/api/point_details', { token: user.token, query: { page: '3', per: '2' } })).json();
    expect(page3.point_details).toEqual([]);
  });

  it('shows only the caller’s own records', async () => {
    const a = await signUpByEmail(t, api.abroad);
    const b = await signUpByEmail(t, api.abroad);
    await api.abroad.post('/api/me/clock_in', undefined, { token: a.token });
    expect((await api.abroad.get('/api/point_details', { token: b.token })).json().meta.total_count).toBe(0);
  });

  it('refuses paging out of bounds as a client error', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const cases: Array<Record<string, string>> = [{ page: '0' }, { per: '0' }, { per: '101' }, { page: 'abc' }, { per: '1.5' }];
    for (const query of cases) {
      const res = await api.abroad.get('/api/point_details', { token: user.token, query });
      expect(res.statusCode, JSON.stringify(query)).toBe(422);
      expect(Object.keys(res.json().errors)).toEqual(Object.keys(query));
    }
  });

  it('answers 401 without a session', async () => {
    const res = await api.abroad.get('/api/point_details');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
  });
});

describe('check-in across the two sites', () => {
  it('counts one day for an account whichever site it checks in on', async () => {
    const user = await signUpByEmail(t, api.abroad);
    const first = await api.abroad.post('/api/me/clock_in', undefined, { token: user.token });
    expect(first.statusCode).toBe(201);
    // The same account signed in on the mainland site, whose calendar date may differ from UTC's.
    const signIn = await api.native.post('/api/access_token', { access_token: { login: user.email, password: PASSWORD } });
    const second = await api.native.post('/api/me/clock_in', undefined, { token: signIn.json().access_token });
    expect(second.statusCode).toBe(422);
    expect(second.json()).toEqual({ errors: { base: ['greater_than'] } });
    const me = await api.native.get('/api/me', { token: signIn.json().access_token });
    expect(me.json().point.clock_in.checked).toBe(true);
  });
});
