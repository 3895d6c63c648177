import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { steamCodes, stockKeys } from '../support/keys-factories.ts';
import { keyBatches, keyDeliveries } from '../../src/modules/keys/tables.ts';
import { seckillEvents } from '../../src/modules/promotions/tables.ts';
import { notifications } from '../../src/modules/notifications/tables.ts';
import { returnEndedSaleKeys } from '../../src/modules/promotions/keys-set-aside.ts';
import { FLASH_KEYS_RETURN_GRACE_SECONDS } from '@lantern/domain';
import { useTestApp } from '../support/test-app.ts';

/**
 * A flash sale never sells what it cannot deliver (docs/product/deals.md#flash-sale-keys): each unit's key is set
 * aside when the item is put on sale, ordinary orders cannot take those keys, every paid unit gets one, and the
 * unsold ones go back when the event is over. Runs on PGlite and on PostgreSQL with Redis (the burst).
 */
const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);
type Buyer = { id: number; token: string };

const putOnSale = (skuId: number, stock: number, window: { from?: number; to?: number } = {}) => api.native.post('/api/admin/sec_kills', {
  sec_kill: {
    area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: window.from ?? nowSec() - 60, to_timestamp: window.to ?? nowSec() + 3600,
    items: [{ sku_id: skuId, price: 990, stock, buy_limit: 1 }],
  },
}, { token: admin.token });

const stockOf = async (skuId: number) => (await api.native.get(`/api/admin/skus/${skuId}/keys/stock`, { token: admin.token })).json() as { available: number; set_aside: number; assigned: number };

/** A buyer with money in the wallet. */
async function walletBuyer(): Promise<Buyer> {
  const buyer = await makeAccount(t);
  await fundWallet(t, buyer.id, 'CNY', 1_000_000);
  return buyer;
}

/** Pays an order from the wallet at the version the order page shows. */
async function pay(buyer: Buyer, orderId: number) {
  const { version } = (await api.native.get(`/api/me/orders/${orderId}`, { token: buyer.token })).json() as { version: number };
  return api.native.patch(`/api/orders/${orderId}/pay`, { payment_method: 'wallet', payment_from: 'web', version }, { token: buyer.token });
}

describe('putting a flash-sale item on sale', () => {
  it('refuses more units than free keys (stock: no_inventory, with the keys there are) and writes nothing', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(3));
    const eventsBefore = (await t.deps.db.select().from(seckillEvents)).length;
    const refused = await putOnSale(sku.id, 5);
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ errors: { stock: ['no_inventory'] }, meta: { sku_id: sku.id, keys: 3 } });
    expect((await t.deps.db.select().from(seckillEvents)).length).toBe(eventsBefore);
    expect(await stockOf(sku.id)).toMatchObject({ available: 3, set_aside: 0 });
  });

  it('sets aside one key per unit, which ordinary orders then cannot take', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(4));
    const created = await putOnSale(sku.id, 3);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().items[0]).toMatchObject({ stock: 3, left: 3, supplier_units: 0 });
    expect(await stockOf(sku.id)).toMatchObject({ available: 1, set_aside: 3 });
    // Two ordinary buyers: one gets the open pool's last key, the other waits — the sale's keys stay its own.
    const [a, b] = await Promise.all([walletBuyer(), walletBuyer()]);
    for (const buyer of [a, b]) {
      const placed = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
      expect((await pay(buyer, placed.json().id)).statusCode).toBe(200);
    }
    expect(await stockOf(sku.id)).toMatchObject({ available: 0, set_aside: 3, assigned: 1 });
  });

  it('lets the supplier back the units beyond the keys of a supplier SKU, and says how many', async () => {
    const sku = await makeSku(t);
    await t.deps.db.insert(keyBatches).values({ skuId: sku.id, source: 'genba', added: 0, skipped: 0, note: 'enrolled', createdAt: t.clock.now() });
    await stockKeys(t, sku.id, steamCodes(1));
    const created = await putOnSale(sku.id, 4);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().items[0]).toMatchObject({ stock: 4, supplier_units: 3 });
    const listed = (await api.native.get('/api/events/sec_kills', { query: { 'q[id_in][]': String(created.json().id) } })).json();
    expect(listed.sec_kills[0].items[0].supplier_units).toBe(3);
  });
});

describe('adding units to an item on sale', () => {
  const addUnits = (eventId: number, skuId: number, add: number) =>
    api.native.patch(`/api/admin/sec_kills/${eventId}`, { sec_kill: { items: [{ sku_id: skuId, add_stock: add }] } }, { token: admin.token });

  it('sets aside a key for each unit added, and refuses the addition whole when the pool is short', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(5));
    const event = (await putOnSale(sku.id, 2)).json() as { id: number };
    const added = await addUnits(event.id, sku.id, 2);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().items[0]).toMatchObject({ stock: 4, left: 4, supplier_units: 0 });
    expect(await stockOf(sku.id)).toMatchObject({ available: 1, set_aside: 4 });
    const short = await addUnits(event.id, sku.id, 2);
    expect(short.statusCode).toBe(422);
    expect(short.json()).toEqual({ errors: { stock: ['no_inventory'] }, meta: { sku_id: sku.id, keys: 1 } });
    expect(await stockOf(sku.id)).toMatchObject({ available: 1, set_aside: 4 });
    expect((await addUnits(event.id, (await makeSku(t)).id, 1)).json().errors).toEqual({ sku_id: ['status_invalid'] });
  });

  it('takes no units, and cannot be reopened, once the event is over and its keys went back', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(3));
    const event = (await putOnSale(sku.id, 2, { to: nowSec() + 60 })).json() as { id: number };
    t.clock.advance(61);
    expect((await addUnits(event.id, sku.id, 1)).json().errors).toEqual({ event: ['inactive'] });
    t.clock.advance(FLASH_KEYS_RETURN_GRACE_SECONDS);
    await returnEndedSaleKeys(t.deps);
    admin = await makeAccount(t, { role: 'admin' });
    const reopened = await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { to_timestamp: nowSec() + 3600 } }, { token: admin.token });
    expect(reopened.json().errors).toEqual({ event: ['inactive'] });
    expect(await stockOf(sku.id)).toMatchObject({ available: 3, set_aside: 0 });
  });
});

describe('a burst of more buyers than keys set aside', () => {
  it('sells exactly the units set aside, and every buyer who paid has a key: none left ordering', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(20));
    const event = (await putOnSale(sku.id, 20)).json() as { id: number };
    const buyers = await Promise.all(Array.from({ length: 50 }, () => walletBuyer()));
    const tries = await Promise.all(buyers.map((b) => api.native.post('/api/sec_kill', { sec_kill: { id: event.id } }, { token: b.token })));
    const won = tries.flatMap((res, i) => (res.statusCode === 201 ? [{ buyer: buyers[i]!, orderId: res.json().id as number }] : []));
    expect(won).toHaveLength(20);
    expect(tries.filter((res) => res.statusCode !== 201).every((res) => res.json().errors?.sec_kill?.[0] === 'no_inventory')).toBe(true);
    // Everyone pays at once (payments made together), and each order page shows the key.
    const paid = await Promise.all(won.map(({ buyer, orderId }) => pay(buyer, orderId)));
    expect(paid.map((res) => res.statusCode)).toEqual(won.map(() => 200));
    for (const { buyer, orderId } of won) {
      const order = (await api.native.get(`/api/me/orders/${orderId}`, { token: buyer.token })).json();
      expect(order.state).toBe('completed');
      expect(order.order_games[0].delivery.state).toBe('delivered');
      expect(order.order_games[0].game_keys).toHaveLength(1);
    }
    const waiting = await t.deps.db.select().from(keyDeliveries).where(and(eq(keyDeliveries.skuId, sku.id), inArray(keyDeliveries.state, ['ordering', 'pre_ordered'])));
    expect(waiting).toEqual([]);
    expect(await stockOf(sku.id)).toMatchObject({ available: 0, set_aside: 0, assigned: 20 });
  });
});

describe('when the event is over', () => {
  // The clock moves past access tokens' lifetime here: staff sign in afresh for each look.
  const freshAdmin = async () => (admin = await makeAccount(t, { role: 'admin' }));
  it('gives its unsold keys back to the open pool once its last orders can no longer be paid, once, filling waiting lines', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(5));
    const event = (await putOnSale(sku.id, 5, { to: nowSec() + 60 })).json() as { id: number };
    const buyer = await walletBuyer();
    const bought = await api.native.post('/api/sec_kill', { sec_kill: { id: event.id } }, { token: buyer.token });
    expect((await pay(buyer, bought.json().id)).statusCode).toBe(200);
    // An ordinary buyer meanwhile finds the open pool empty: the line waits.
    const waiting = await walletBuyer();
    const ordered = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: waiting.token });
    expect((await pay(waiting, ordered.json().id)).statusCode).toBe(200);
    const lineOf = async () => (await t.deps.db.select({ state: keyDeliveries.state }).from(keyDeliveries).where(eq(keyDeliveries.orderId, ordered.json().id)))[0]!.state;
    expect(await lineOf()).toBe('ordering');
    // Ended, but an order placed in its last second could still be paid: the keys stay set aside.
    t.clock.advance(61);
    await returnEndedSaleKeys(t.deps);
    await freshAdmin();
    expect(await stockOf(sku.id)).toMatchObject({ available: 0, set_aside: 4 });
    t.clock.advance(FLASH_KEYS_RETURN_GRACE_SECONDS);
    expect(await returnEndedSaleKeys(t.deps)).toBeGreaterThanOrEqual(4);
    await freshAdmin();
    // Back in the pool, the oldest waiting line takes one at once (and its buyer is told, as for an import).
    expect(await stockOf(sku.id)).toMatchObject({ available: 3, set_aside: 0, assigned: 2 });
    expect(await lineOf()).toBe('delivered');
    const told = await t.deps.db.select().from(notifications).where(and(eq(notifications.recipientId, waiting.id), eq(notifications.kind, 'key')));
    expect(told.map((n) => n.href)).toEqual([`/orders/${ordered.json().id}`]);
    expect(await returnEndedSaleKeys(t.deps)).toBe(0);
  });

  it('counts from the moment staff closed it, not the end of its window', async () => {
    const sku = await makeSku(t);
    await stockKeys(t, sku.id, steamCodes(2));
    await freshAdmin();
    const event = (await putOnSale(sku.id, 2, { to: nowSec() + 86_400 })).json() as { id: number };
    expect((await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { closed: true } }, { token: admin.token })).statusCode).toBe(200);
    await returnEndedSaleKeys(t.deps);
    expect(await stockOf(sku.id)).toMatchObject({ set_aside: 2 });
    t.clock.advance(FLASH_KEYS_RETURN_GRACE_SECONDS + 1);
    await returnEndedSaleKeys(t.deps);
    await freshAdmin();
    expect(await stockOf(sku.id)).toMatchObject({ available: 2, set_aside: 0 });
  });
});
