import { beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import { makeAccount } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { auditLog } from '../../src/platform/db/platform-tables.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/** The journeys staff API (docs/product/engagement.md#journeys-staff): create, edit, schedule and close journeys, tasks and rewards. */
const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const title = (en: string) => ({ chs: `任务 ${en}`, en });
const post = (path: string, body: unknown, token = admin.token) => api.native.post(path, body, { token });
const patch = (path: string, body: unknown, token = admin.token) => api.native.patch(path, body, { token });
const scoreOf = async (id: number) => (await t.deps.db.select({ score: accounts.score }).from(accounts).where(eq(accounts.id, id)))[0]!.score;

function journeyBody(extra: Record<string, unknown> = {}) {
  return {
    journey: {
      area: 'native', title: title('Summer journey'), description: { chs: '夏日', en: 'Summer' }, starts_at_timestamp: nowSec() - 60, ends_at_timestamp: nowSec() + 3600,
      tasks: [
        { kind: 'share', title: title('Share'), reward: { title: title('20 points'), points: 20 } },
        { kind: 'redeem_code', title: title('Code'), code: 'SUMMER2026', reward: { title: title('50 points'), points: 50 } },
        { kind: 'bind_wechat', title: title('WeChat') },
        { kind: 'register', title: title('Sign up'), reward: { title: title('10 points'), points: 10 } },
      ],
      ...extra,
    },
  };
}

async function createJourney(extra: Record<string, unknown> = {}) {
  const res = await post('/api/admin/journeys', journeyBody(extra));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; status: string; tasks: { id: number; kind: string; completed_count: number; reward_frozen: boolean; reward: { points: number | null } | null }[] };
}

describe('creating journeys', () => {
  it('is an admin\'s call, audited with the code withheld; the journey opens to users with its four kinds of task', async () => {
    const user = await makeAccount(t);
    const staff = await makeAccount(t, { role: 'staff' });
    expect((await api.native.post('/api/admin/journeys', journeyBody())).statusCode).toBe(401);
    expect((await post('/api/admin/journeys', journeyBody(), user.token)).statusCode).toBe(403);
    expect((await post('/api/admin/journeys', journeyBody(), staff.token)).statusCode).toBe(403);

    const journey = await createJourney();
    expect(journey).toMatchObject({ status: 'current', title: { en: 'Summer journey' } });
    expect(journey.tasks.map((task) => task.kind)).toEqual(['share', 'redeem_code', 'bind_wechat', 'register']);
    expect(journey.tasks[1]).toMatchObject({ has_code: true, completed_count: 0, reward_frozen: false, reward: { points: 50, coupon_id: null } });
    expect(JSON.stringify(journey)).not.toContain('SUMMER2026');

    // The refused attempts above are audited too, and an audit row is written after its answer: pick the admin's.
    const adminsEntry = async () => (await t.deps.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/admin/journeys'), eq(auditLog.accountId, admin.id))).orderBy(desc(auditLog.id)).limit(1))[0];
    await expect.poll(adminsEntry).toMatchObject({ accountId: admin.id, method: 'POST', status: 201 });
    const entry = await adminsEntry();
    expect(JSON.stringify(entry!.body)).not.toContain('SUMMER2026');

    // Users see it and complete it with the code staff set.
    const tasks = (await api.native.get('/api/me/journey_tasks', { token: user.token })).json().journey_tasks.filter((task: { journey_id: number }) => task.journey_id === journey.id);
    expect(tasks).toHaveLength(4);
    const redeemed = await api.native.post(`/api/journeys/${journey.id}/journey_tasks/${journey.tasks[1]!.id}/redeem_codes`, { code: 'summer2026' }, { token: user.token });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const listed = (await api.native.get('/api/admin/journeys', { token: admin.token, query: { area: 'native' } })).json().journeys;
    expect(listed.find((j: { id: number }) => j.id === journey.id).tasks[1]).toMatchObject({ completed_count: 1, reward_frozen: true });
  });

  it('answers empty and wrong-typed bodies and every problem of a journey with 422 reason codes, writing nothing', async () => {
    const before = (await api.native.get('/api/admin/journeys', { token: admin.token })).json().journeys.length;
    for (const body of [undefined, {}, { journey: {} }, { journey: 'x' }, { journey: { ...journeyBody().journey, starts_at_timestamp: 'soon' } },
      { journey: { ...journeyBody().journey, tasks: [{ kind: 'dance', title: title('x') }] } }, { journey: { ...journeyBody().journey, area: 'moon' } },
      { journey: { ...journeyBody().journey, tasks: 'all' } }, { journey: { ...journeyBody().journey, tasks: [{ kind: 'share', title: title('x'), reward: { title: title('x'), points: -5 } }] } }]) {
      const res = await post('/api/admin/journeys', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json().errors).toBeTypeOf('object');
    }
    const coupon = await makeCoupon(t, { area: 'abroad' });
    const refused = await post('/api/admin/journeys', journeyBody({
      ends_at_timestamp: nowSec() - 120,
      tasks: [
        { kind: 'redeem_code', title: title('No code') },
        { kind: 'share', title: title('Coded share'), code: 'X1' },
        { kind: 'register', title: title('Empty reward'), reward: { title: title('nothing') } },
        { kind: 'bind_wechat', title: title('Foreign coupon'), reward: { title: title('coupon'), coupon_id: coupon.id } },
      ],
    }));
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      ends_at_timestamp: ['invalid'], 'tasks.0.code': ['blank'], 'tasks.1.code': ['invalid'], 'tasks.2.reward': ['blank'], 'tasks.3.reward.coupon_id': ['invalid'],
    });
    expect((await api.native.get('/api/admin/journeys', { token: admin.token })).json().journeys).toHaveLength(before);
    expect((await patch('/api/admin/journeys/999999', { journey: { title: title('x') } })).statusCode).toBe(404);
    expect((await patch('/api/admin/journeys/abc', { journey: {} })).statusCode).toBe(422);
    expect((await patch('/api/admin/journeys/1', [1, 2])).statusCode).toBe(422);
    expect((await post('/api/admin/journeys/1/tasks', { task: { kind: 'share' } })).statusCode).toBe(422);
    expect((await patch('/api/admin/journeys/1/tasks/1', { task: { reward: { points: 'many' } } })).statusCode).toBe(422);
  });
});

describe('scheduling and closing', () => {
  it('schedules a journey for later, moves its window before it starts, deletes it only then', async () => {
    const user = await makeAccount(t);
    const later = await createJourney({ starts_at_timestamp: nowSec() + 600, ends_at_timestamp: nowSec() + 7200 });
    expect(later.status).toBe('not_start');
    const share = later.tasks[0]!.id;
    const early = await api.native.post(`/api/journeys/${later.id}/journey_tasks/${share}/shares`, {}, { token: user.token });
    expect(early.json().errors).toEqual({ journey_task: ['time_range_invalid'] });

    expect((await patch(`/api/admin/journeys/${later.id}`, { journey: { closed: true } })).json().errors).toEqual({ journey: ['not_started'] });
    expect((await patch(`/api/admin/journeys/${later.id}`, { journey: { ends_at_timestamp: nowSec() + 300 } })).json().errors).toEqual({ ends_at_timestamp: ['invalid'] });
    const moved = await patch(`/api/admin/journeys/${later.id}`, { journey: { starts_at_timestamp: nowSec() - 1 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json()).toMatchObject({ status: 'current' });
    expect((await api.native.post(`/api/journeys/${later.id}/journey_tasks/${share}/shares`, {}, { token: user.token })).statusCode).toBe(201);
    expect((await patch(`/api/admin/journeys/${later.id}`, { journey: { starts_at_timestamp: nowSec() - 30 } })).json().errors).toEqual({ starts_at_timestamp: ['started'] });
    const deleting = await api.native.delete(`/api/admin/journeys/${later.id}`, { token: admin.token });
    expect(deleting.statusCode).toBe(422);
    expect(deleting.json().errors).toEqual({ journey: ['started'] });

    const unwanted = await createJourney({ starts_at_timestamp: nowSec() + 600, ends_at_timestamp: nowSec() + 7200 });
    expect((await api.native.delete(`/api/admin/journeys/${unwanted.id}`, { token: admin.token })).statusCode).toBe(204);
    expect((await api.native.get('/api/admin/journeys', { token: admin.token })).json().journeys.some((j: { id: number }) => j.id === unwanted.id)).toBe(false);
  });

  it('closes a running journey now: its tasks refuse from that second, earned rewards still open; an ended journey keeps its window', async () => {
    const user = await makeAccount(t);
    const journey = await createJourney();
    const [shareTask] = journey.tasks;
    expect((await api.native.post(`/api/journeys/${journey.id}/journey_tasks/${shareTask!.id}/shares`, {}, { token: user.token })).statusCode).toBe(201);
    const closed = await patch(`/api/admin/journeys/${journey.id}`, { journey: { closed: true } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json()).toMatchObject({ status: 'end', ends_at_timestamp: nowSec() });
    const late = await api.native.post(`/api/journeys/${journey.id}/journey_tasks/${journey.tasks[1]!.id}/redeem_codes`, { code: 'SUMMER2026' }, { token: user.token });
    expect(late.json().errors).toEqual({ journey_task: ['time_range_invalid'] });
    const [reward] = (await api.native.get('/api/me/journey_rewards', { token: user.token })).json().journey_rewards;
    const before = await scoreOf(user.id);
    expect((await api.native.patch(`/api/me/journey_rewards/${reward.id}`, {}, { token: user.token })).statusCode).toBe(200);
    expect(await scoreOf(user.id)).toBe(before + 20);

    expect((await patch(`/api/admin/journeys/${journey.id}`, { journey: { ends_at_timestamp: nowSec() + 600 } })).json().errors).toEqual({ journey: ['ended'] });
    expect((await patch(`/api/admin/journeys/${journey.id}`, { journey: { closed: true } })).json().errors).toEqual({ journey: ['ended'] });
    expect((await post(`/api/admin/journeys/${journey.id}/tasks`, { task: { kind: 'share', title: title('Late') } })).json().errors).toEqual({ journey: ['ended'] });
    const renamed = await patch(`/api/admin/journeys/${journey.id}`, { journey: { title: title('Summer journey (ended)') } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title.en).toBe('Summer journey (ended)');
  });
});

describe('tasks and their rewards', () => {
  it('adds, edits and removes tasks; a completed task\'s reward is frozen (words still change), and what users hold is what they open', async () => {
    const user = await makeAccount(t);
    const coupon = await makeCoupon(t);
    const journey = await createJourney({ tasks: [] });
    const added = await post(`/api/admin/journeys/${journey.id}/tasks`, { task: { kind: 'share', title: title('Share'), reward: { title: title('30 points'), points: 30 } } });
    expect(added.statusCode, added.body).toBe(201);
    const shareTask = added.json().tasks[0];
    expect((await post(`/api/admin/journeys/${journey.id}/tasks`, { task: { kind: 'redeem_code', title: title('Code') } })).json().errors).toEqual({ code: ['blank'] });
    const coded = await post(`/api/admin/journeys/${journey.id}/tasks`, { task: { kind: 'redeem_code', title: title('Code'), code: 'FIRST' } });
    const codeTask = coded.json().tasks[1];

    // Nobody completed it yet: its reward may change, and gain a coupon.
    const richer = await patch(`/api/admin/journeys/${journey.id}/tasks/${shareTask.id}`, { task: { reward: { points: 40, coupon_id: coupon.id } } });
    expect(richer.statusCode, richer.body).toBe(200);
    expect(richer.json().tasks[0].reward).toMatchObject({ points: 40, coupon_id: coupon.id, title: { en: '30 points' } });
    // A new code replaces the old one.
    expect((await patch(`/api/admin/journeys/${journey.id}/tasks/${codeTask.id}`, { task: { code: 'SECOND' } })).statusCode).toBe(200);
    expect((await api.native.post(`/api/journeys/${journey.id}/journey_tasks/${codeTask.id}/redeem_codes`, { code: 'FIRST' }, { token: user.token })).json().errors).toEqual({ code: ['invalid'] });
    expect((await api.native.post(`/api/journeys/${journey.id}/journey_tasks/${codeTask.id}/redeem_codes`, { code: 'second' }, { token: user.token })).statusCode).toBe(201);
    expect((await patch(`/api/admin/journeys/${journey.id}/tasks/${shareTask.id}`, { task: { code: 'X' } })).json().errors).toEqual({ code: ['invalid'] });

    expect((await api.native.post(`/api/journeys/${journey.id}/journey_tasks/${shareTask.id}/shares`, {}, { token: user.token })).statusCode).toBe(201);
    for (const change of [{ reward: { points: 1 } }, { reward: { coupon_id: null } }, { reward: null }]) {
      const frozen = await patch(`/api/admin/journeys/${journey.id}/tasks/${shareTask.id}`, { task: change });
      expect(frozen.statusCode, JSON.stringify(change)).toBe(422);
      expect(frozen.json()).toMatchObject({ errors: { reward: ['frozen'] }, meta: { completed_count: 1 } });
    }
    const same = await patch(`/api/admin/journeys/${journey.id}/tasks/${shareTask.id}`, { task: { title: title('Share it'), reward: { title: title('40 points and a coupon'), points: 40 } } });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().tasks[0]).toMatchObject({ title: { en: 'Share it' }, reward_frozen: true, reward: { points: 40, title: { en: '40 points and a coupon' } } });
    // A task without a reward that someone completed cannot gain one either.
    expect((await patch(`/api/admin/journeys/${journey.id}/tasks/${codeTask.id}`, { task: { reward: { title: title('late'), points: 5 } } })).json().errors).toEqual({ reward: ['frozen'] });
    expect((await api.native.delete(`/api/admin/journeys/${journey.id}/tasks/${shareTask.id}`, { token: admin.token })).json().errors).toEqual({ journey_task: ['completed'] });

    const rewards = (await api.native.get('/api/me/journey_rewards', { token: user.token, query: { 'filter[journey_reward_journey_id_eq]': String(journey.id) } })).json().journey_rewards;
    expect(rewards).toHaveLength(1);
    const before = await scoreOf(user.id);
    const opened = await api.native.patch(`/api/me/journey_rewards/${rewards[0].id}`, {}, { token: user.token });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(await scoreOf(user.id)).toBe(before + 40);
    expect(opened.json().journey_reward.account_coupon_id).toEqual(expect.any(Number));

    const spare = await post(`/api/admin/journeys/${journey.id}/tasks`, { task: { kind: 'bind_wechat', title: title('Spare') } });
    const spareId = spare.json().tasks.find((task: { title: { en: string } }) => task.title.en === 'Spare').id;
    const removed = await api.native.delete(`/api/admin/journeys/${journey.id}/tasks/${spareId}`, { token: admin.token });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().tasks.map((task: { id: number }) => task.id)).toEqual([shareTask.id, codeTask.id]);
    expect((await patch(`/api/admin/journeys/${journey.id}/tasks/${spareId}`, { task: { title: title('gone') } })).statusCode).toBe(404);
    const audited = await t.deps.db.select().from(auditLog).where(and(eq(auditLog.route, '/api/admin/journeys/:id/tasks/:taskId'), eq(auditLog.method, 'DELETE')));
    expect(audited.map((a) => a.status)).toEqual(expect.arrayContaining([200, 422]));
  });
});
