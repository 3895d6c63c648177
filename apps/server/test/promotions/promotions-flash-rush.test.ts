import { beforeAll, describe, expect, it } from 'vitest';
import { and, count, eq } from 'drizzle-orm';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { detailedAddresses } from '../../src/modules/accounts/tables.ts';
import { seckillItems, seckillPurchases } from '../../src/modules/promotions/tables.ts';
import { peripheralStock, peripheralStockHolds } from '../../src/modules/shop/tables.ts';
import { setPeripheralStock } from '../../src/modules/shop/index.ts';
import { expireOrders } from '../../src/modules/orders/index.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * The rush (docs/decisions/0009-flash-sales.md "Gating the rush"): run on PGlite without Redis (the
 * in-process sold-out gate) and on PostgreSQL with Redis (the shared script gate); the invariants are the
 * same. No sleeps: the test clock moves the gate's once-a-second sync and the 10-minute expiry.
 */
const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const withRedis = Boolean(process.env.REDIS_URL);
const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
type Client = ReturnType<typeof clients>['native'];

async function makeEvent(options: { stock: number; buyLimit?: number; kind?: 'virtual' | 'game'; [requirement: string]: unknown }) {
  const { stock, buyLimit = 1, kind = 'virtual', ...requirements } = options;
  const sku = kind === 'virtual' ? await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' } }) : await makeSku(t);
  await keysForSale(t, sku.id, stock);
  const res = await api.native.post('/api/admin/sec_kills', {
    sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: nowSec() - 60, to_timestamp: nowSec() + 7200, items: [{ sku_id: sku.id, price: 100, stock, buy_limit: buyLimit }], ...requirements },
  }, { token: admin.token });
  expect(res.statusCode, res.body).toBe(201);
  return { id: res.json().id as number, itemId: res.json().items[0].id as number, skuId: sku.id };
}

const buy = (token: string, id: number, client: Client = api.native) => client.post('/api/sec_kill', { sec_kill: { id } }, { token });
const reasonOf = (res: { statusCode: number; json(): { errors?: Record<string, string[]> } }) =>
  res.statusCode === 201 ? 'ok' : Object.entries(res.json().errors ?? {}).map(([f, r]) => `${f}:${r.join(',')}`).join(';');
const leftOf = async (itemId: number) => (await t.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, itemId)))[0]!.left;
const heldPerAccount = async (itemId: number) => t.deps.db.select({ accountId: seckillPurchases.accountId, n: count() }).from(seckillPurchases)
  .where(and(eq(seckillPurchases.itemId, itemId), eq(seckillPurchases.released, false))).groupBy(seckillPurchases.accountId);
/** The gate's Redis counter of the item (null without Redis). */
const redisLeft = async (itemId: number) => (withRedis ? Number(await t.deps.kv.get(`seckill:${itemId}:left`)) : null);
const accountsOf = (n: number) => Promise.all(Array.from({ length: n }, () => makeAccount(t)));

/** 500 requests for 100 units: 300 accounts of limit 1 (100 of them trying twice), the checks every rush must pass. */
async function rush(clientsToUse: Client[]) {
  const event = await makeEvent({ stock: 100, buyLimit: 1 });
  const buyers = await accountsOf(400);
  const twice = new Set(buyers.slice(0, 100).map((b) => b.id));
  const attempts = [...buyers.map((b) => ({ b })), ...buyers.slice(0, 100).map((b) => ({ b }))];
  const results = await Promise.all(attempts.map(({ b }, i) => buy(b.token, event.id, clientsToUse[i % clientsToUse.length]).then((res) => ({ b, reason: reasonOf(res) }))));
  const ok = results.filter((r) => r.reason === 'ok');
  const answered = results.reduce<Record<string, number>>((seen, r) => ({ ...seen, [r.reason]: (seen[r.reason] ?? 0) + 1 }), {});
  expect(ok, JSON.stringify(answered)).toHaveLength(100);
  // The rest are sold out, or, for an account that already holds its unit, over the limit.
  for (const r of results.filter((x) => x.reason !== 'ok')) {
    if (r.reason !== 'sec_kill:no_inventory') {
      expect(r.reason).toBe('sec_kill:exceed_limit');
      expect(twice.has(r.b.id) && ok.some((o) => o.b.id === r.b.id)).toBe(true);
    }
  }
  expect(await leftOf(event.itemId)).toBe(0);
  const held = await heldPerAccount(event.itemId);
  expect(held.reduce((s, h) => s + h.n, 0)).toBe(100);
  expect(held.every((h) => h.n === 1)).toBe(true);
  const [orderCount] = await t.deps.db.select({ n: count() }).from(orders).innerJoin(seckillPurchases, eq(seckillPurchases.orderId, orders.id)).where(eq(seckillPurchases.itemId, event.itemId));
  expect(orderCount!.n).toBe(100);
  if (withRedis) expect(await redisLeft(event.itemId)).toBe(0);
  return event;
}

describe('500 parallel buyers for 100 units', () => {
  it('make exactly 100 orders, the rest sold out, no account over its limit of 1 (some trying twice)', { timeout: 240_000 }, async () => {
    await rush([api.native]);
  });

  it('with a limit of 2, every account trying twice or three times: 100 orders, none holding more than 2', { timeout: 240_000 }, async () => {
    const event = await makeEvent({ stock: 100, buyLimit: 2 });
    const buyers = await accountsOf(200);
    const attempts = buyers.flatMap((b, i) => Array.from({ length: i < 100 ? 3 : 2 }, () => b));
    const results = await Promise.all(attempts.map((b) => buy(b.token, event.id).then(reasonOf)));
    expect(results.filter((r) => r === 'ok')).toHaveLength(100);
    expect(results.every((r) => ['ok', 'sec_kill:no_inventory', 'sec_kill:exceed_limit'].includes(r))).toBe(true);
    const held = await heldPerAccount(event.itemId);
    expect(held.reduce((s, h) => s + h.n, 0)).toBe(100);
    expect(Math.max(...held.map((h) => h.n))).toBeLessThanOrEqual(2);
    expect(await leftOf(event.itemId)).toBe(0);
  });

  it('hold on two server instances sharing the database (and Redis)', { timeout: 240_000 }, async () => {
    const second = await createTestApp({ sameDatabaseAs: t });
    try {
      await rush([api.native, clients(second).native]);
    } finally {
      await second.close();
    }
  });
});

describe('units come back to PostgreSQL and to the gate', () => {
  it('when seckill orders expire unpaid: left and the Redis counter both rise, and the accounts may buy again', async () => {
    const event = await makeEvent({ stock: 3 });
    const buyers = await accountsOf(4);
    const ids = [];
    for (const b of buyers.slice(0, 3)) ids.push((await buy(b.token, event.id)).json().id);
    expect(reasonOf(await buy(buyers[3]!.token, event.id))).toBe('sec_kill:no_inventory');
    expect(await leftOf(event.itemId)).toBe(0);
    t.clock.advance(600);
    // The expiry job ends them; the release step gives the units back in that transaction.
    await expireOrders(t.deps, t.clock.now());
    expect(await leftOf(event.itemId)).toBe(3);
    if (withRedis) expect(await redisLeft(event.itemId)).toBe(3);
    expect(reasonOf(await buy(buyers[3]!.token, event.id))).toBe('ok');
    expect(reasonOf(await buy(buyers[0]!.token, event.id))).toBe('ok');
    expect(await leftOf(event.itemId)).toBe(1);
  });

  it('when the gate admitted and PostgreSQL refused: the token goes back (nothing is lost)', async () => {
    const event = await makeEvent({ stock: 2, require_phone: true });
    const buyer = await makeAccount(t);
    for (let i = 0; i < 3; i += 1) expect(reasonOf(await buy(buyer.token, event.id))).toBe('phone:unbound');
    expect(await leftOf(event.itemId)).toBe(2);
    if (withRedis) {
      expect(await redisLeft(event.itemId)).toBe(2);
      expect(await t.deps.kv.get(`seckill:${event.itemId}:held`)).toBeNull();
    }
  });
});

describe('the gate answers sold out without PostgreSQL deciding', () => {
  it('refuses at once after a sold-out answer, and admits again once a unit comes back', async () => {
    const event = await makeEvent({ stock: 1 });
    const [a, b] = await accountsOf(2);
    const order = (await buy(a!.token, event.id)).json().id;
    expect(reasonOf(await buy(b!.token, event.id))).toBe('sec_kill:no_inventory');
    expect((await api.native.post(`/api/orders/${order}/cancel`, {}, { token: a!.token })).statusCode).toBe(200);
    expect(reasonOf(await buy(b!.token, event.id))).toBe('ok');
  });
});

describe('the owned-game and order-quota requirements', () => {
  it('answer owned_game blank, then order_quota quota_invalid, in the product\'s order', async () => {
    const game = await makeSku(t);
    const event = await makeEvent({ stock: 5, require_owned_sku_id: game.id, require_completed_orders: 1 });
    const buyer = await makeAccount(t);
    expect(await buy(buyer.token, event.id).then((r) => r.json().errors)).toEqual({ owned_game: ['blank'] });
    const qualify = async () => (await api.native.post(`/api/events/sec_kills/${event.id}/qualify`, {}, { token: buyer.token })).json();
    expect((await qualify()).errors).toEqual({ owned_game: ['blank'] });
    // Owning the game: an order of it, completed.
    const bought = await api.native.post('/api/orders', { order: { sku_ids: [game.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
    expect(bought.statusCode).toBe(201);
    expect(await buy(buyer.token, event.id).then((r) => r.json().errors)).toEqual({ owned_game: ['blank'] });
    await t.deps.db.update(orders).set({ state: 'completed', completedAt: t.clock.now() }).where(eq(orders.id, bought.json().id));
    // That completed order also meets a quota of 1; a quota of 2 is not met.
    expect(await qualify()).toEqual({ qualified: true, item_id: event.itemId });
    await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { require_completed_orders: 2 } }, { token: admin.token });
    expect(await buy(buyer.token, event.id).then((r) => r.json().errors)).toEqual({ order_quota: ['quota_invalid'] });
    await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { require_completed_orders: 0, require_owned_sku_id: null } }, { token: admin.token });
    expect(reasonOf(await buy(buyer.token, event.id))).toBe('ok');
    expect(await leftOf(event.itemId)).toBe(4);
  });

  it('shows them on the event, and refuses a required SKU that is not a game', async () => {
    const game = await makeSku(t);
    const event = await makeEvent({ stock: 1, require_owned_sku_id: game.id, require_completed_orders: 3 });
    const shown = (await api.native.get('/api/events/sec_kills', { query: { 'q[id_in][]': String(event.id) } })).json().sec_kills[0];
    expect(shown.requirements).toMatchObject({ owned_sku_id: game.id, completed_orders: 3 });
    const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    const res = await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { require_owned_sku_id: gadget.id } }, { token: admin.token });
    expect(res.json().errors).toEqual({ require_owned_sku_id: ['status_invalid'] });
    expect((await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { require_owned_sku_id: 987654321 } }, { token: admin.token })).statusCode).toBe(422);
  });
});

describe('peripheral stock', () => {
  async function gadgetWithStock(left: number) {
    const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: 19900 });
    await setPeripheralStock(t.deps.db, gadget.id, left, t.clock.now());
    return gadget;
  }
  async function buyerWithAddress() {
    const buyer = await makeAccount(t);
    const [address] = await t.deps.db.insert(detailedAddresses).values({ accountId: buyer.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: '1 号' }).returning();
    return { ...buyer, addressId: address!.id };
  }
  const order = (buyer: { token: string; addressId: number }, skuId: number) =>
    api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'physical', type: 'one_click', address_id: buyer.addressId } }, { token: buyer.token });
  const stockOf = async (skuId: number) => (await t.deps.db.select({ left: peripheralStock.left }).from(peripheralStock).where(eq(peripheralStock.skuId, skuId)))[0]?.left;

  it('120 parallel orders for 30 units: exactly 30 placed, the rest no_inventory, never below zero; units back on expiry', { timeout: 240_000 }, async () => {
    const gadget = await gadgetWithStock(30);
    const buyers = await Promise.all(Array.from({ length: 120 }, () => buyerWithAddress()));
    const results = await Promise.all(buyers.map((b) => order(b, gadget.id)));
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(30);
    const refused = results.filter((r) => r.statusCode !== 201);
    expect(refused.every((r) => r.statusCode === 422 && JSON.stringify(r.json().errors) === JSON.stringify({ sku: ['no_inventory'] }))).toBe(true);
    expect(refused[0]!.json().meta).toEqual({ skus: { [gadget.id]: ['no_inventory'] } });
    expect(await stockOf(gadget.id)).toBe(0);
    const [holds] = await t.deps.db.select({ n: count() }).from(peripheralStockHolds).where(eq(peripheralStockHolds.skuId, gadget.id));
    expect(holds!.n).toBe(30);
    t.clock.advance(30 * 60);
    await expireOrders(t.deps, t.clock.now());
    expect(await stockOf(gadget.id)).toBe(30);
    // Once only.
    await expireOrders(t.deps, t.clock.now());
    expect(await stockOf(gadget.id)).toBe(30);
    expect((await order(await buyerWithAddress(), gadget.id)).statusCode).toBe(201);
    expect(await stockOf(gadget.id)).toBe(29);
  });

  it('is not counted for a peripheral without stock; a canceled order gives its unit back', async () => {
    const uncounted = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    const buyer = await buyerWithAddress();
    expect((await order(buyer, uncounted.id)).statusCode).toBe(201);
    const gadget = await gadgetWithStock(1);
    const placed = (await order(buyer, gadget.id)).json().id;
    expect((await order(await buyerWithAddress(), gadget.id)).statusCode).toBe(422);
    expect((await api.native.post(`/api/orders/${placed}/cancel`, {}, { token: buyer.token })).statusCode).toBe(200);
    expect(await stockOf(gadget.id)).toBe(1);
  });
});
