import { describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { HOSTS } from '../support/harness.ts';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { makeJourney } from '../support/journeys-factories.ts';
import { accounts, pointRecords } from '../../src/modules/accounts/tables.ts';
import { accountCoupons } from '../../src/modules/coupons/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const scoreOf = async (id: number) => (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, id)))[0]!.score;
const share = (token: string, journeyId: number, taskId: number, area: 'native' | 'abroad' = 'native') =>
  api[area].post(`/api/journeys/${journeyId}/journey_tasks/${taskId}/shares`, { version: '1' }, { token });
const redeemCode = (token: string, journeyId: number, taskId: number, code: string) =>
  api.native.post(`/api/journeys/${journeyId}/journey_tasks/${taskId}/redeem_codes`, { code }, { token });
const rewardsOf = async (token: string, journeyId?: number) =>
  (await api.native.get('/api/me/journey_rewards', { token, query: journeyId ? { 'filter[journey_reward_journey_id_eq]': String(journeyId) } : {} })).json().journey_rewards;

describe('tasks', () => {
  it('lists the site\'s current journeys\' tasks with their rewards; guests are 401', async () => {
    const journey = await makeJourney(t);
    const abroad = await makeJourney(t, { area: 'abroad' });
    const user = await makeAccount(t);
    expect((await api.native.get('/api/me/journey_tasks')).statusCode).toBe(401);
    const res = await api.native.get('/api/me/journey_tasks', { token: user.token, query: { version: '1' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    const mine = res.json().journey_tasks.filter((task: { journey_id: number }) => task.journey_id === journey.id);
    expect(mine.map((task: { kind: string }) => task.kind)).toEqual(['share', 'redeem_code', 'bind_wechat', 'register']);
    expect(mine[0]).toMatchObject({ completed: false, journey: { status: 'current', title: { en: 'Spring journey' } }, reward: { points: 20, coupon: null } });
    expect(res.json().journey_tasks.some((task: { journey_id: number }) => task.journey_id === abroad.id)).toBe(false);
    const asked = await api.native.get('/api/me/journey_tasks', { token: user.token, query: { 'q[journey_task_id_in][]': String(journey.tasks.share.id) } });
    expect(asked.json().journey_tasks.map((task: { id: number }) => task.id)).toEqual([journey.tasks.share.id]);
  });

  it('completes a share task once, says access_wait when shared again too soon, and gives one closed reward', async () => {
    const journey = await makeJourney(t);
    const user = await makeAccount(t);
    const first = await share(user.token, journey.id, journey.tasks.share.id);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ journey_task: { id: journey.tasks.share.id, completed: true }, accounts_journey_task: { journey_task_id: journey.tasks.share.id, journey_id: journey.id } });
    const again = await share(user.token, journey.id, journey.tasks.share.id);
    expect(again.statusCode).toBe(429);
    expect(again.json().errors).toEqual({ journey_task: ['access_wait'] });
    const rewards = await rewardsOf(user.token, journey.id);
    expect(rewards).toHaveLength(1);
    expect(rewards[0]).toMatchObject({ journey_task_id: journey.tasks.share.id, opened: false, journey_reward: { points: 20 } });
    const listed = await api.native.get('/api/me/journey_tasks', { token: user.token });
    expect(listed.json().accounts_journey_tasks.filter((c: { journey_task_id: number }) => c.journey_task_id === journey.tasks.share.id)).toHaveLength(1);
  });

  it('refuses a call that does not fit the task (auth_invalid), outside the window (time_range_invalid), unknown tasks and other sites (404)', async () => {
    const journey = await makeJourney(t);
    const ended = await makeJourney(t, { startsInHours: -48, endsInHours: -1 });
    const upcoming = await makeJourney(t, { startsInHours: 2, endsInHours: 48 });
    const abroad = await makeJourney(t, { area: 'abroad' });
    const user = await makeAccount(t);
    const wrongKind = await share(user.token, journey.id, journey.tasks.redeem_code.id);
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors).toEqual({ journey_task: ['auth_invalid'] });
    expect((await redeemCode(user.token, journey.id, journey.tasks.share.id, 'SPRING2026')).json().errors).toEqual({ journey_task: ['auth_invalid'] });
    for (const j of [ended, upcoming]) {
      const res = await share(user.token, j.id, j.tasks.share.id);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ journey_task: ['time_range_invalid'] });
      expect((await redeemCode(user.token, j.id, j.tasks.redeem_code.id, 'SPRING2026')).json().errors).toEqual({ journey_task: ['time_range_invalid'] });
    }
    expect((await share(user.token, journey.id, 987654321)).statusCode).toBe(404);
    expect((await share(user.token, ended.id, journey.tasks.share.id)).statusCode).toBe(404);
    expect((await share(user.token, abroad.id, abroad.tasks.share.id)).statusCode).toBe(404);
    expect((await share(user.token, journey.id, journey.tasks.share.id).then(() => api.native.post(`/api/journeys/${journey.id}/journey_tasks/${journey.tasks.share.id}/shares`))).statusCode).toBe(401);
  });

  it('completes a redeem-code task with the right code (any case), refuses a wrong or blank one', async () => {
    const journey = await makeJourney(t, { code: 'LANTERN2026' });
    const user = await makeAccount(t);
    const wrong = await redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, 'NOPE');
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors).toEqual({ code: ['invalid'] });
    expect((await redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, '   ')).json().errors).toEqual({ code: ['blank'] });
    const right = await redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, ' lantern2026 ');
    expect(right.statusCode, right.body).toBe(201);
    expect(right.json().journey_task.completed).toBe(true);
    const twice = await redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, 'LANTERN2026');
    expect(twice.statusCode).toBe(201);
    expect(await rewardsOf(user.token, journey.id)).toHaveLength(1);
  });

  it('counts wrong codes before comparing them: after 10 in an hour every attempt is access_wait, even the right one', async () => {
    const journey = await makeJourney(t, { code: 'RIGHTCODE' });
    const user = await makeAccount(t);
    const wrongs = await Promise.all(Array.from({ length: 14 }, () => redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, 'WRONG')));
    expect(wrongs.filter((r) => r.statusCode === 422)).toHaveLength(10);
    expect(wrongs.filter((r) => r.statusCode === 429).every((r) => r.json().errors.journey_task[0] === 'access_wait')).toBe(true);
    const right = await redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, 'RIGHTCODE');
    expect(right.statusCode).toBe(429);
    // The count is per account: another account's right code still completes the task.
    const other = await makeAccount(t);
    expect((await redeemCode(other.token, journey.id, journey.tasks.redeem_code.id, 'RIGHTCODE')).statusCode).toBe(201);
  });

  it('completes the register task for an account created during the journey, not for an older one', async () => {
    const old = await makeAccount(t);
    await t.deps.db.update(accounts).set({ createdAt: new Date(t.clock.now().getTime() - 10 * 3600_000) }).where(eq(accounts.id, old.id));
    const journey = await makeJourney(t);
    const fresh = await makeAccount(t);
    await t.deps.db.update(accounts).set({ createdAt: t.clock.now() }).where(eq(accounts.id, fresh.id));
    const freshTasks = (await api.native.get('/api/me/journey_tasks', { token: fresh.token })).json().journey_tasks;
    expect(freshTasks.find((task: { id: number }) => task.id === journey.tasks.register.id).completed).toBe(true);
    const oldTasks = (await api.native.get('/api/me/journey_tasks', { token: old.token })).json().journey_tasks;
    expect(oldTasks.find((task: { id: number }) => task.id === journey.tasks.register.id).completed).toBe(false);
    const register = await api.native.get('/api/registers/new', { query: { 'journey_task_ids[]': String(journey.tasks.register.id) } });
    expect(register.statusCode).toBe(200);
    expect(register.json().journey_tasks.map((task: { id: number; kind: string }) => [task.id, task.kind])).toEqual([[journey.tasks.register.id, 'register']]);
    const all = await api.native.get('/api/registers/new');
    expect(all.json().journey_tasks.every((task: { kind: string }) => task.kind === 'register')).toBe(true);
  });
});

describe('rewards', () => {
  it('opens a reward once: points through the points ledger; a second opening is opened; someone else\'s is 404', async () => {
    const journey = await makeJourney(t, { points: 35 });
    const user = await makeAccount(t);
    const other = await makeAccount(t);
    await share(user.token, journey.id, journey.tasks.share.id);
    const [reward] = await rewardsOf(user.token);
    const before = await scoreOf(user.id);
    expect((await api.native.patch(`/api/me/journey_rewards/${reward.id}`, undefined, { token: other.token })).statusCode).toBe(404);
    expect((await api.abroad.patch(`/api/me/journey_rewards/${reward.id}`, undefined, { token: user.token })).statusCode).toBe(401);
    const opened = await api.native.patch(`/api/me/journey_rewards/${reward.id}`, undefined, { token: user.token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ journey_reward: { id: reward.id, opened: true }, score: before + 35 });
    const again = await api.native.patch(`/api/me/journey_rewards/${reward.id}`, undefined, { token: user.token });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ journey_reward: ['opened'] });
    const records = await t.deps.db.select().from(pointRecords).where(and(eq(pointRecords.accountId, user.id), eq(pointRecords.reason, 'journey_reward')));
    expect(records.map((r) => [r.realScore, r.targetType, r.targetId])).toEqual([[35, 'journey_reward', reward.id]]);
  });

  it('grants a coupon reward through coupons; one run out keeps the reward closed', async () => {
    const coupon = await makeCoupon(t, { leftAmount: 1 });
    const journey = await makeJourney(t, { couponId: coupon.id, code: 'COUPONS' });
    const [first, second] = [await makeAccount(t), await makeAccount(t)];
    for (const u of [first, second]) expect((await redeemCode(u.token, journey.id, journey.tasks.redeem_code.id, 'coupons')).statusCode).toBe(201);
    const [mine] = await rewardsOf(first.token, journey.id);
    expect(mine.journey_reward.coupon).toMatchObject({ id: coupon.id });
    const opened = await api.native.patch(`/api/me/journey_rewards/${mine.id}`, undefined, { token: first.token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().journey_reward.account_coupon_id).toEqual(expect.any(Number));
    const [theirs] = await rewardsOf(second.token, journey.id);
    const runOut = await api.native.patch(`/api/me/journey_rewards/${theirs.id}`, undefined, { token: second.token });
    expect(runOut.statusCode).toBe(422);
    expect(runOut.json().errors).toEqual({ coupon: ['exhausted'] });
    expect((await rewardsOf(second.token, journey.id))[0].opened).toBe(false);
  });

  it('a burst of parallel openings of one reward grants it exactly once', { timeout: 120_000 }, async () => {
    const coupon = await makeCoupon(t, { leftAmount: 100 });
    const journey = await makeJourney(t, { points: 40, couponId: coupon.id, code: 'BURST' });
    const user = await makeAccount(t);
    await redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, 'BURST');
    const [reward] = await rewardsOf(user.token, journey.id);
    const before = await scoreOf(user.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => api.native.patch(`/api/me/journey_rewards/${reward.id}`, undefined, { token: user.token })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode !== 200).every((r) => r.statusCode === 422 && r.json().errors.journey_reward[0] === 'opened')).toBe(true);
    expect(await scoreOf(user.id)).toBe(before + 40);
    const [held] = await t.deps.db.select({ n: count() }).from(accountCoupons).where(and(eq(accountCoupons.accountId, user.id), eq(accountCoupons.couponId, coupon.id)));
    expect(held!.n).toBe(1);
  });

  it('a burst of parallel completions of one task gives one completion and one reward', { timeout: 120_000 }, async () => {
    const journey = await makeJourney(t, { code: 'MANY' });
    const user = await makeAccount(t);
    const results = await Promise.all(Array.from({ length: 30 }, () => redeemCode(user.token, journey.id, journey.tasks.redeem_code.id, 'MANY')));
    // Every attempt is counted before the code is compared, so past 10 at once some wait (access_wait): none fails otherwise.
    const done = results.filter((r) => r.statusCode === 201);
    expect(done.length).toBeGreaterThan(0);
    expect(results.filter((r) => r.statusCode !== 201).every((r) => r.statusCode === 429 && r.json().errors.journey_task[0] === 'access_wait')).toBe(true);
    expect(new Set(done.map((r) => r.json().accounts_journey_task.id)).size).toBe(1);
    expect(await rewardsOf(user.token, journey.id)).toHaveLength(1);
  });
});

describe('binding WeChat', () => {
  it('completes the bind_wechat tasks named and answers them in completed_journey_task_ids', async () => {
    const journey = await makeJourney(t);
    const user = await makeAccount(t);
    const started = await api.native.get('/api/oauth/wechat/bind/new', { token: user.token });
    const url = new URL(started.json().url);
    const state = url.searchParams.get('state')!;
    const nonce = started.cookies.find((c) => c.name === 'lantern_link_nonce')!.value;
    const authorized = await t.app.inject({
      method: 'POST', url: '/sandbox/oauth/wechat/authorize', headers: { host: HOSTS.native, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ redirect_uri: url.searchParams.get('redirect_uri')!, state, external_id: `wx-journey-${user.id}`, display_name: 'Journey' }).toString(),
    });
    const code = new URL(authorized.headers.location as string).searchParams.get('code')!;
    const res = await t.app.inject({
      method: 'POST', url: '/api/bind_wechat', headers: { host: HOSTS.native, authorization: `Bearer ${user.token}` },
      payload: { code, state, journey_task_ids: [journey.tasks.bind_wechat.id, journey.tasks.share.id] }, cookies: { lantern_link_nonce: nonce },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().completed_journey_task_ids).toEqual([journey.tasks.bind_wechat.id]);
    const tasks = (await api.native.get('/api/me/journey_tasks', { token: user.token, query: { 'q[journey_task_id_in][]': String(journey.tasks.bind_wechat.id) } })).json();
    expect(tasks.journey_tasks[0].completed).toBe(true);
    expect(await rewardsOf(user.token, journey.id)).toHaveLength(1);
  });
});
