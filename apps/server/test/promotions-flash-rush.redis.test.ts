import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from './harness.ts';
import { clients } from './client.ts';
import { makeAccount, makeSku } from './catalog-factories.ts';
import { seckillItems } from '../src/modules/promotions/tables.ts';

/**
 * With Redis only (this file runs in the PostgreSQL and Redis tier; vitest.config.ts): the shared gate's
 * counter can lose a token in a crash between Redis and PostgreSQL; the gate's sync from PostgreSQL brings
 * it back within a second (docs/decisions/0009-flash-sales.md "Gating the rush"). The test clock moves the sync.
 */
let t: TestApp;
let api: ReturnType<typeof clients>;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await createTestApp();
  api = clients(t);
  admin = await makeAccount(t, { role: 'admin' });
});
afterAll(() => t.close());

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const reasonOf = (res: { statusCode: number; json(): { errors?: Record<string, string[]> } }) =>
  res.statusCode === 201 ? 'ok' : Object.entries(res.json().errors ?? {}).map(([f, r]) => `${f}:${r.join(',')}`).join(';');
const buy = (token: string, id: number) => api.native.post('/api/sec_kill', { sec_kill: { id } }, { token });
const leftOf = async (itemId: number) => (await t.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, itemId)))[0]!.left;
const redisLeft = async (itemId: number) => Number(await t.deps.kv.get(`seckill:${itemId}:left`));

it('restores a token lost between Redis and PostgreSQL at the next sync, within a second', async () => {
  const sku = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' } });
  const created = await api.native.post('/api/admin/sec_kills', {
    sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 7200, items: [{ sku_id: sku.id, price: 100, stock: 2, buy_limit: 1 }] },
  }, { token: admin.token });
  expect(created.statusCode, created.body).toBe(201);
  const event = { id: created.json().id as number, itemId: created.json().items[0].id as number };
  const [a, b] = await Promise.all([makeAccount(t), makeAccount(t)]);
  expect(reasonOf(await buy(a.token, event.id))).toBe('ok');
  expect(await redisLeft(event.itemId)).toBe(1);
  // Lose the last unit in Redis only, as a crash after admission would.
  await t.deps.kv.set(`seckill:${event.itemId}:left`, '0', 3600);
  expect(reasonOf(await buy(b.token, event.id))).toBe('sec_kill:no_inventory');
  t.clock.advance(1);
  expect(reasonOf(await buy(b.token, event.id))).toBe('ok');
  expect(await leftOf(event.itemId)).toBe(0);
});
