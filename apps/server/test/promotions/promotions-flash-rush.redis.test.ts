import { beforeAll, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { seckillItems } from '../../src/modules/promotions/tables.ts';
import { GATE_ADMISSION_LOST_MS, openSeckillGate } from '../../src/modules/promotions/gate.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * With Redis only (this file runs in the PostgreSQL and Redis tier; vitest.config.ts): the shared gate's
 * counter can lose a token in a crash between Redis and PostgreSQL; the gate's sync from PostgreSQL brings
 * it back within a second (docs/decisions/0009-flash-sales.md "Gating the rush"). The test clock moves the sync.
 */
const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
const reasonOf = (res: { statusCode: number; json(): { errors?: Record<string, string[]> } }) =>
  res.statusCode === 201 ? 'ok' : Object.entries(res.json().errors ?? {}).map(([f, r]) => `${f}:${r.join(',')}`).join(';');
const buy = (token: string, id: number) => api.native.post('/api/sec_kill', { sec_kill: { id } }, { token });
const leftOf = async (itemId: number) => (await t.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, itemId)))[0]!.left;
const redisLeft = async (itemId: number) => Number(await t.deps.kv.get(`seckill:${itemId}:left`));

async function makeEvent(stock: number) {
  const sku = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' } });
  await keysForSale(t, sku.id, stock);
  const created = await api.native.post('/api/admin/sec_kills', {
    sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 7200, items: [{ sku_id: sku.id, price: 100, stock, buy_limit: 1 }] },
  }, { token: admin.token });
  expect(created.statusCode, created.body).toBe(201);
  return { id: created.json().id as number, itemId: created.json().items[0].id as number };
}

it('a sync does not hand out again the units of admitted buyers still on their way to PostgreSQL', async () => {
  const event = await makeEvent(3);
  const { gate, close } = openSeckillGate(t.deps);
  try {
    const [a, b] = await Promise.all([makeAccount(t), makeAccount(t)]);
    const item = { id: event.itemId, buyLimit: 1 };
    const first = await gate.enter(item, a.id);
    expect('admitted' in first).toBe(true);
    // A second passes before the buyer's checkout ends: the sync reads PostgreSQL (3 left, nothing held)
    // but still counts the admission.
    t.clock.advance(1);
    expect(await gate.enter(item, a.id)).toEqual({ refused: 'exceed_limit' });
    expect(await redisLeft(event.itemId)).toBe(2);
    const second = await gate.enter(item, b.id);
    expect('admitted' in second).toBe(true);
    expect(await redisLeft(event.itemId)).toBe(1);
    // Settled as refused by PostgreSQL: the unit and the hold go back, and stay back after the next sync.
    if ('admitted' in second) await second.admitted.settle('refused');
    t.clock.advance(1);
    expect('admitted' in await gate.enter(item, b.id)).toBe(true);
    expect(await redisLeft(event.itemId)).toBe(1);
  } finally {
    close();
  }
});

it('an admission never settled (its instance crashed) stops counting after the lost-admission window', async () => {
  const event = await makeEvent(1);
  const { gate, close } = openSeckillGate(t.deps);
  try {
    const [a, b] = await Promise.all([makeAccount(t), makeAccount(t)]);
    const item = { id: event.itemId, buyLimit: 1 };
    expect('admitted' in await gate.enter(item, a.id)).toBe(true);
    t.clock.advance(1);
    expect(await gate.enter(item, b.id)).toEqual({ refused: 'no_inventory' });
    t.clock.advance(Math.ceil(GATE_ADMISSION_LOST_MS / 1000) + 1);
    expect(await buy(b.token, event.id).then(reasonOf)).toBe('ok');
    expect(await leftOf(event.itemId)).toBe(0);
  } finally {
    close();
  }
});

it('restores a token lost between Redis and PostgreSQL at the next sync, within a second', async () => {
  const sku = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' } });
  await keysForSale(t, sku.id, 2);
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

it('repeats Redis\'s "sold out" and "at the limit" for a tenth of a second without asking, and forgets them on a release', async () => {
  const event = await makeEvent(2);
  const { gate, close } = openSeckillGate(t.deps);
  try {
    const [a, b, c] = await Promise.all([makeAccount(t), makeAccount(t), makeAccount(t)]);
    const item = { id: event.itemId, buyLimit: 1 };
    expect('admitted' in await gate.enter(item, a.id)).toBe(true);
    expect(await gate.enter(item, a.id)).toEqual({ refused: 'exceed_limit' });
    expect('admitted' in await gate.enter(item, b.id)).toBe(true);
    expect(await gate.enter(item, c.id)).toEqual({ refused: 'no_inventory' });
    // Another instance gives a unit back to Redis: this one keeps its answer until the memory ends…
    await t.deps.kv.set(`seckill:${event.itemId}:left`, '1', 3600);
    expect(await gate.enter(item, c.id)).toEqual({ refused: 'no_inventory' });
    expect(await redisLeft(event.itemId)).toBe(1);
    t.clock.advance(0.1);
    // …then asks Redis again and admits.
    expect('admitted' in await gate.enter(item, c.id)).toBe(true);
    expect(await redisLeft(event.itemId)).toBe(0);
    expect(await gate.enter(item, c.id)).toEqual({ refused: 'no_inventory' });
    // A release this instance hears clears its memories at once: a's unit and hold go back, a may buy again.
    await gate.released([{ itemId: event.itemId, accountId: a.id, units: 1 }]);
    expect('admitted' in await gate.enter(item, a.id)).toBe(true);
  } finally {
    close();
  }
});
