import { beforeAll, describe, expect, it } from 'vitest';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { scoreOf } from '../support/payments-factories.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The exploring queue's reward rests on views the server saw (docs/product/deals.md#queue-run): a step counts as
 * viewed only once the server answered it to that account (GET queue_skus); a client that claims items it never
 * opened, or completes without opening them, gets nothing.
 */
const { t, api } = useTestApp();
let admin: { token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

async function makeQueue(points: number) {
  const skus = [await makeSku(t), await makeSku(t), await makeSku(t)];
  const res = await api.native.post('/api/admin/exploring_queues', {
    queue: { area: 'native', title: { chs: '探索', en: 'Explore' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 3600, sku_ids: skus.map((s) => s.id), reward_points: points },
  }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; items: { id: number }[] };
}

const patch = (token: string, id: number, body: Record<string, unknown>) => api.native.patch(`/api/promotion/queues/${id}`, { queue: body }, { token });
const open = (token: string | undefined, itemId: number) => api.native.get(`/api/promotion/queue_skus/${itemId}`, token ? { token } : {});

describe('the exploring queue\'s reward', () => {
  it('is refused to a client that claims every item without opening them, and gives nothing', async () => {
    const queue = await makeQueue(40);
    const user = await makeAccount(t);
    const before = await scoreOf(t, user.id);
    const claimed = await patch(user.token, queue.id, { viewed_item_ids: queue.items.map((i) => i.id), complete: true });
    expect(claimed.statusCode).toBe(422);
    expect(claimed.json().errors).toEqual({ viewed_item_ids: ['invalid'] });
    const bare = await patch(user.token, queue.id, { complete: true });
    expect(bare.json().errors).toEqual({ queue: ['not_completed'] });
    expect(await scoreOf(t, user.id)).toBe(before);
  });

  it('counts only the steps the server showed that account: a guest\'s or another account\'s opening does not count', async () => {
    const queue = await makeQueue(40);
    const [user, friend] = [await makeAccount(t), await makeAccount(t)];
    const [a, b, c] = queue.items.map((i) => i.id) as [number, number, number];
    expect((await open(undefined, c)).statusCode).toBe(200);
    expect((await open(friend.token, c)).statusCode).toBe(200);
    expect((await open(user.token, a)).statusCode).toBe(200);
    expect((await open(user.token, b)).statusCode).toBe(200);
    expect((await api.native.get(`/api/promotion/queues/${queue.id}`, { token: user.token })).json().progress.viewed_item_ids).toEqual([a, b]);
    expect((await patch(user.token, queue.id, { viewed_item_ids: [c], complete: true })).json().errors).toEqual({ viewed_item_ids: ['invalid'] });
    expect((await patch(user.token, queue.id, { complete: true })).json().errors).toEqual({ queue: ['not_completed'] });

    const before = await scoreOf(t, user.id);
    expect((await open(user.token, c)).statusCode).toBe(200);
    const done = await patch(user.token, queue.id, { viewed_item_ids: [c], complete: true });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().progress).toMatchObject({ completed: true, viewed_item_ids: [a, b, c] });
    expect(await scoreOf(t, user.id)).toBe(before + 40);
    // Opening a step again after the reward records nothing and gives nothing.
    expect((await open(user.token, a)).statusCode).toBe(200);
    expect(await scoreOf(t, user.id)).toBe(before + 40);
  });
});
