import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { createTestApp } from '../support/harness.ts';
import { clients } from '../support/client.ts';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { seckillItems, seckillPurchases } from '../../src/modules/promotions/tables.ts';
import { RESERVATION_LOST_SECONDS, UNLEASED_RESERVATION_SECONDS, releaseLostReservations, reserveUnits } from '../../src/modules/promotions/reservations.ts';
import { GATE_ADMISSION_LOST_MS } from '../../src/modules/promotions/gate.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
let admin: { id: number; token: string };
beforeAll(async () => {
  admin = await makeAccount(t, { role: 'admin' });
});

const nowSec = () => Math.floor(t.clock.now().getTime() / 1000);

interface EventOptions {
  area?: 'native' | 'abroad';
  from?: number;
  to?: number;
  stock?: number;
  price?: number;
  buyLimit?: number;
  skuId?: number;
  [requirement: string]: unknown;
}

/** An event through the staff API: running now unless told otherwise, one item. */
async function makeEvent(options: EventOptions = {}) {
  const { area = 'native', from = nowSec() - 60, to = nowSec() + 3600, stock = 10, price = 1990, buyLimit = 1, skuId, ...requirements } = options;
  const sku = skuId ?? (await makeSku(t, { area, listPrice: 9800 })).id;
  await keysForSale(t, sku, stock);
  const res = await api.native.post('/api/admin/sec_kills', {
    sec_kill: { area, title: { chs: '限时', en: 'Flash' }, from_timestamp: from, to_timestamp: to, items: [{ sku_id: sku, price, stock, buy_limit: buyLimit }], ...requirements },
  }, { token: admin.token });
  expect(res.statusCode).toBe(201);
  return { event: res.json(), skuId: sku };
}

const buy = (token: string, id: number, area: 'native' | 'abroad' = 'native') => api[area].post('/api/sec_kill', { sec_kill: { id } }, { token });
const leftOf = async (itemId: number) => (await t.deps.db.select({ left: seckillItems.left }).from(seckillItems).where(eq(seckillItems.id, itemId)))[0]!.left;

describe('staff API', () => {
  it('creates an event with its items (admins only) and edits or closes it', async () => {
    const user = await makeAccount(t);
    const sku = await makeSku(t);
    const body = { sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: nowSec(), to_timestamp: nowSec() + 60, items: [{ sku_id: sku.id, price: 100, stock: 5 }] } };
    expect((await api.native.post('/api/admin/sec_kills', body, { token: user.token })).statusCode).toBe(403);
    expect((await api.native.post('/api/admin/sec_kills', body)).statusCode).toBe(401);
    const { event } = await makeEvent({ stock: 5, price: 100, index: 3 });
    expect(event).toMatchObject({ status: 'current', index: 3, price: 100, left: 5, closed: false, items: [expect.objectContaining({ price: 100, stock: 5, left: 5, buy_limit: 1 })] });
    const edited = await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { index: 7, require_phone: true, closed: true } }, { token: admin.token });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ index: 7, closed: true, requirements: { phone: true } });
    expect((await api.native.patch(`/api/admin/sec_kills/${event.id}`, { sec_kill: { closed: false } }, { token: user.token })).statusCode).toBe(403);
    expect((await api.native.patch('/api/admin/sec_kills/987654321', { sec_kill: { closed: true } }, { token: admin.token })).statusCode).toBe(404);
  });

  it('refuses a window that ends before it starts, a SKU of the other site or unknown, and a SKU twice', async () => {
    const sku = await makeSku(t);
    const abroad = await makeSku(t, { area: 'abroad' });
    const post = (overrides: Record<string, unknown>) => api.native.post('/api/admin/sec_kills', {
      sec_kill: { area: 'native', title: { chs: '限时', en: 'Flash' }, from_timestamp: nowSec(), to_timestamp: nowSec() + 60, items: [{ sku_id: sku.id, price: 100, stock: 5 }], ...overrides },
    }, { token: admin.token });
    expect((await post({ to_timestamp: nowSec() })).json().errors).toEqual({ to_timestamp: ['invalid'] });
    expect((await post({ items: [{ sku_id: abroad.id, price: 1, stock: 1 }] })).json().errors).toEqual({ sku_id: ['status_invalid'] });
    expect((await post({ items: [{ sku_id: 987654321, price: 1, stock: 1 }] })).json().errors).toEqual({ sku_id: ['status_invalid'] });
    expect((await post({ items: [{ sku_id: sku.id, price: 1, stock: 1 }, { sku_id: sku.id, price: 2, stock: 1 }] })).json().errors).toEqual({ sku_id: ['duplicate'] });
    expect((await post({ items: [{ sku_id: sku.id, price: -1, stock: 1 }] })).statusCode).toBe(422);
  });
});

describe('status from server time', () => {
  it('is not_start at from, current strictly between, end at to', async () => {
    const from = nowSec() + 10;
    const { event } = await makeEvent({ from, to: from + 20 });
    const statusAt = async () => (await api.native.get('/api/events/sec_kills', { query: { 'q[id_in][]': String(event.id) } })).json().sec_kills[0].status;
    t.clock.advance(10 - (t.clock.now().getTime() % 1000) / 1000); // exactly at from (whole second)
    expect(t.clock.now().getTime()).toBe(from * 1000);
    expect(await statusAt()).toBe('not_start');
    t.clock.advance(0.001);
    expect(await statusAt()).toBe('current');
    t.clock.advance(20 - 0.002);
    expect(await statusAt()).toBe('current');
    t.clock.advance(0.001);
    expect(t.clock.now().getTime()).toBe((from + 20) * 1000);
    expect(await statusAt()).toBe('end');
  });
});

describe('GET /api/promotion and GET /api/events/sec_kills', () => {
  it('groups the site\'s events as current, pre and history, and names events by id', async () => {
    const area = 'abroad';
    const running = (await makeEvent({ area })).event;
    const upcoming = (await makeEvent({ area, from: nowSec() + 300, to: nowSec() + 900 })).event;
    const ended = (await makeEvent({ area, from: nowSec() - 900, to: nowSec() - 300 })).event;
    const res = await api.abroad.get('/api/promotion', { query: { q: 'sec_kills' } });
    expect(res.statusCode).toBe(200);
    const groups = res.json().sec_kills;
    expect(groups.current.map((e: { id: number }) => e.id)).toContain(running.id);
    expect(groups.pre.map((e: { id: number }) => e.id)).toEqual([upcoming.id]);
    expect(groups.history.map((e: { id: number }) => e.id)).toContain(ended.id);
    expect(groups.current[0].items[0].sku).toMatchObject({ id: running.items[0].sku_id });
    expect((await api.abroad.get('/api/promotion', { query: { q: 'normal_links' } })).json()).toEqual({ normal_links: [] });
    // The other site does not see them.
    const native = await api.native.get('/api/events/sec_kills', { query: { 'q[id_in][]': String(running.id) } });
    expect(native.json()).toEqual({ sec_kills: [] });
    const named = await api.abroad.get('/api/events/sec_kills', { query: { 'q[id_in][]': String(upcoming.id) } });
    expect(named.json().sec_kills.map((e: { id: number }) => e.id)).toEqual([upcoming.id]);
  });
});

describe('POST /api/sec_kill', () => {
  it('is for signed-in users; an unknown event or one of the other site is a 404', async () => {
    const { event } = await makeEvent();
    const buyer = await makeAccount(t);
    expect((await api.native.post('/api/sec_kill', { sec_kill: { id: event.id } })).statusCode).toBe(401);
    expect((await buy(buyer.token, 987654321)).statusCode).toBe(404);
    expect((await buy((await makeAccount(t, { area: 'abroad' })).token, event.id, 'abroad')).statusCode).toBe(404);
  });

  it('creates a seckill order holding one unit at the flash price, unpaid for 10 minutes', async () => {
    const { event } = await makeEvent({ price: 1990, stock: 3 });
    const buyer = await makeAccount(t);
    const res = await buy(buyer.token, event.id);
    expect(res.statusCode).toBe(201);
    const order = (await api.native.get(`/api/me/orders/${res.json().id}`, { token: buyer.token })).json();
    expect(order).toMatchObject({ type: 'seckill', state: 'pending', list_amount: 9800, total_amount: 1990 });
    expect(order.expires_at_timestamp - order.created_at_timestamp).toBe(600);
    expect(await leftOf(event.items[0].id)).toBe(2);
  });

  it('answers each reason: no_inventory, exceed_limit, unbound (wechat, phone, steam), registration invalid, inactive, purchase ban', async () => {
    const errorsOf = async (token: string, id: number) => {
      const res = await buy(token, id);
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      return res.json().errors;
    };
    const soldOut = (await makeEvent({ stock: 0 })).event;
    expect(await errorsOf((await makeAccount(t)).token, soldOut.id)).toEqual({ sec_kill: ['no_inventory'] });

    const limited = (await makeEvent({ stock: 5, buyLimit: 1 })).event;
    const buyer = await makeAccount(t);
    expect((await buy(buyer.token, limited.id)).statusCode).toBe(201);
    // A second copy of a game already being paid for: the account holds its limit, answered before checkout's
    // order game lock (by the Redis gate, or by the unit's reservation, which takes none for a buyer at the
    // limit). The limit itself is shown on a virtual item below.
    expect(await errorsOf(buyer.token, limited.id)).toEqual({ sec_kill: ['exceed_limit'] });

    expect(await errorsOf((await makeAccount(t)).token, (await makeEvent({ require_wechat: true, require_phone: true })).event.id)).toEqual({ wechat: ['unbound'] });
    expect(await errorsOf((await makeAccount(t)).token, (await makeEvent({ require_phone: true, require_steam: true })).event.id)).toEqual({ phone: ['unbound'] });
    expect(await errorsOf((await makeAccount(t)).token, (await makeEvent({ require_steam: true })).event.id)).toEqual({ steam: ['unbound'] });
    const window = (await makeEvent({ registered_from_timestamp: nowSec() - 86_400, registered_to_timestamp: nowSec() - 3600 })).event;
    const late = await makeAccount(t);
    expect(await errorsOf(late.token, window.id)).toEqual({ registered_at: ['invalid'] });
    await t.deps.db.update(accounts).set({ createdAt: new Date((nowSec() - 7200) * 1000) }).where(eq(accounts.id, late.id));
    expect((await buy(late.token, window.id)).statusCode).toBe(201);

    const upcoming = (await makeEvent({ from: nowSec() + 600, to: nowSec() + 1200 })).event;
    expect(await errorsOf((await makeAccount(t)).token, upcoming.id)).toEqual({ event: ['inactive'] });
    const ended = (await makeEvent({ from: nowSec() - 1200, to: nowSec() - 600 })).event;
    expect(await errorsOf((await makeAccount(t)).token, ended.id)).toEqual({ event: ['inactive'] });
    const closed = (await makeEvent()).event;
    await api.native.patch(`/api/admin/sec_kills/${closed.id}`, { sec_kill: { closed: true } }, { token: admin.token });
    expect(await errorsOf((await makeAccount(t)).token, closed.id)).toEqual({ event: ['inactive'] });

    const banned = await makeAccount(t);
    await t.deps.db.update(accounts).set({ purchaseBannedAt: t.clock.now() }).where(eq(accounts.id, banned.id));
    expect(await errorsOf(banned.token, (await makeEvent()).event.id)).toEqual({ account: ['purchase_ban'] });
  });

  it('counts the per-account limit across orders of a virtual item (exceed_limit) and leaves the stock as it was', async () => {
    const sku = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' } });
    const { event } = await makeEvent({ skuId: sku.id, stock: 5, buyLimit: 2 });
    const buyer = await makeAccount(t);
    const first = await buy(buyer.token, event.id);
    expect(first.json()).toMatchObject({ id: expect.any(Number) });
    expect((await buy(buyer.token, event.id)).statusCode).toBe(201);
    const third = await buy(buyer.token, event.id);
    expect(third.json().errors).toEqual({ sec_kill: ['exceed_limit'] });
    expect(await leftOf(event.items[0].id)).toBe(3);
    const [row] = await t.deps.db.select({ n: count() }).from(orders).where(and(eq(orders.accountId, buyer.id), eq(orders.type, 'seckill')));
    expect(row?.n).toBe(2);
  });

  it('sells a game up to its limit of 2 while the first order is unpaid; an ordinary unpaid order of the game still locks it', async () => {
    const { event, skuId } = await makeEvent({ stock: 5, buyLimit: 2 });
    const buyer = await makeAccount(t);
    const first = await buy(buyer.token, event.id);
    expect(first.statusCode, first.body).toBe(201);
    const second = await buy(buyer.token, event.id);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().id).not.toBe(first.json().id);
    expect((await buy(buyer.token, event.id)).json().errors).toEqual({ sec_kill: ['exceed_limit'] });
    expect(await leftOf(event.items[0].id)).toBe(3);
    const unpaid = await t.deps.db.select({ state: orders.state }).from(orders).where(and(eq(orders.accountId, buyer.id), eq(orders.type, 'seckill')));
    expect(unpaid.map((o) => o.state)).toEqual(['pending', 'pending']);

    // The game in another, ordinary unpaid order is the order game lock, as for any order.
    const other = await makeAccount(t);
    const ordinary = await api.native.post('/api/orders', { order: { sku_ids: [skuId], cate: 'game', type: 'one_click' } }, { token: other.token });
    expect(ordinary.statusCode, ordinary.body).toBe(201);
    expect((await buy(other.token, event.id)).json().errors).toEqual({ sku: ['locked'] });
  });

  it('refuses the catalogue\'s reasons first (SKU not on sale) while units are left; sold out is answered at the gate before them', async () => {
    const sku = await makeSku(t, { status: 'off' });
    const { event } = await makeEvent({ skuId: sku.id, stock: 3 });
    expect((await buy((await makeAccount(t)).token, event.id)).json().errors).toEqual({ sku: ['status_invalid'] });
    const soldOut = await makeEvent({ skuId: (await makeSku(t, { status: 'off' })).id, stock: 0 });
    expect((await buy((await makeAccount(t)).token, soldOut.event.id)).json().errors).toEqual({ sec_kill: ['no_inventory'] });
  });
});

describe('POST /api/events/sec_kills/{id}/qualify', () => {
  it('answers qualified, or the first reason, without taking a unit', async () => {
    const { event } = await makeEvent({ stock: 1 });
    const buyer = await makeAccount(t);
    const res = await api.native.post(`/api/events/sec_kills/${event.id}/qualify`, {}, { token: buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ qualified: true, item_id: event.items[0].id });
    expect(await leftOf(event.items[0].id)).toBe(1);
    const phone = (await makeEvent({ require_phone: true })).event;
    expect((await api.native.post(`/api/events/sec_kills/${phone.id}/qualify`, {}, { token: buyer.token })).json().errors).toEqual({ phone: ['unbound'] });
    expect((await api.native.post(`/api/events/sec_kills/${event.id}/qualify`, {})).statusCode).toBe(401);
    expect((await api.native.post('/api/events/sec_kills/987654321/qualify', {}, { token: buyer.token })).statusCode).toBe(404);
  });
});

describe('units come back', () => {
  it('when a seckill order expires unpaid after 10 minutes, and when one is canceled', async () => {
    const { event } = await makeEvent({ stock: 2, to: nowSec() + 7200 });
    const item = event.items[0].id;
    const first = await makeAccount(t);
    const second = await makeAccount(t);
    const expiring = (await buy(first.token, event.id)).json().id;
    const canceled = (await buy(second.token, event.id)).json().id;
    expect(await leftOf(item)).toBe(0);
    expect((await api.native.post(`/api/orders/${canceled}/cancel`, {}, { token: second.token })).statusCode).toBe(200);
    expect(await leftOf(item)).toBe(1);
    t.clock.advance(599);
    await api.native.get('/api/me/orders', { token: first.token });
    expect(await leftOf(item)).toBe(1);
    t.clock.advance(1);
    await api.native.get(`/api/me/orders/${expiring}`, { token: first.token });
    expect(await leftOf(item)).toBe(2);
    // Once only: reading again or deleting the canceled order gives nothing more back.
    await api.native.delete(`/api/orders/${canceled}`, { token: second.token });
    await api.native.get('/api/me/orders', { token: first.token });
    expect(await leftOf(item)).toBe(2);
    // The account may buy again: its expired order no longer counts against its limit.
    expect((await buy(first.token, event.id)).statusCode).toBe(201);
  });
});

describe('GET /sec_kill', () => {
  it('answers status and stock from a snapshot at most a second old, not one query per request', async () => {
    const { event } = await makeEvent({ stock: 4 });
    const read = async () => {
      const res = await api.native.get('/sec_kill');
      expect(res.statusCode).toBe(200);
      return res.json().sec_kills.find((e: { id: number }) => e.id === event.id);
    };
    t.clock.advance(2);
    expect(await read()).toMatchObject({ status: 'current', left: 4, items: [{ id: event.items[0].id, left: 4 }] });
    expect((await buy((await makeAccount(t)).token, event.id)).statusCode).toBe(201);
    // Within the same second the snapshot is answered as it was.
    expect((await read()).left).toBe(4);
    t.clock.advance(1);
    expect((await read()).left).toBe(3);
  });
});

describe('300 parallel buyers for 50 units', () => {
  it('makes exactly 50 orders, the rest sold out, no account over its limit, left 0', { timeout: 240_000 }, async () => {
    const { event } = await makeEvent({ stock: 50, buyLimit: 1 });
    const buyers = await Promise.all(Array.from({ length: 300 }, () => makeAccount(t)));
    const results = await Promise.all(buyers.map((b) => buy(b.token, event.id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(50);
    expect(results.filter((r) => r.statusCode !== 201).map((r) => JSON.stringify(r.json().errors))).toEqual(Array(250).fill(JSON.stringify({ sec_kill: ['no_inventory'] })));
    expect(await leftOf(event.items[0].id)).toBe(0);
    const held = await t.deps.db.select({ accountId: seckillPurchases.accountId, n: count() }).from(seckillPurchases)
      .where(and(eq(seckillPurchases.itemId, event.items[0].id), eq(seckillPurchases.released, false))).groupBy(seckillPurchases.accountId);
    expect(held).toHaveLength(50);
    expect(held.every((h) => h.n === 1)).toBe(true);
  });
});

describe('two server instances on one database', () => {
  it('sell no more than the stock and one unit per account between them', { timeout: 240_000 }, async () => {
    const second = await createTestApp({ sameDatabaseAs: t });
    try {
      const other = clients(second);
      const { event } = await makeEvent({ stock: 20, buyLimit: 1 });
      const buyers = await Promise.all(Array.from({ length: 60 }, () => makeAccount(t)));
      // Each account tries twice, once on each instance.
      const results = await Promise.all(buyers.flatMap((b) => [
        buy(b.token, event.id),
        other.native.post('/api/sec_kill', { sec_kill: { id: event.id } }, { token: b.token }),
      ]));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(20);
      expect(await leftOf(event.items[0].id)).toBe(0);
      const held = await t.deps.db.select({ accountId: seckillPurchases.accountId, n: count() }).from(seckillPurchases)
        .where(and(eq(seckillPurchases.itemId, event.items[0].id), eq(seckillPurchases.released, false))).groupBy(seckillPurchases.accountId);
      expect(held).toHaveLength(20);
      expect(held.every((h) => h.n === 1)).toBe(true);
      // An account's second attempt may have reserved a unit before being refused: it went back, once.
      const reserved = await t.deps.db.select({ n: count() }).from(seckillPurchases)
        .where(and(eq(seckillPurchases.itemId, event.items[0].id), isNull(seckillPurchases.orderId), eq(seckillPurchases.released, false)));
      expect(reserved[0]!.n).toBe(0);
    } finally {
      await second.close();
    }
  });
});

describe('a unit reserved by a checkout that never finished (its instance died)', () => {
  it('comes back once the lost-reservation window has passed, and a buyer gets it', async () => {
    const { event } = await makeEvent({ stock: 1, buyLimit: 1 });
    const itemId = event.items[0].id as number;
    const [crashed, buyer] = await Promise.all([makeAccount(t), makeAccount(t)]);
    // The reservation's statement ran; the order's transaction never did.
    expect((await reserveUnits(t.deps.db, { id: itemId, buyLimit: 1 }, [crashed.id], t.clock.now())).reserved.has(crashed.id)).toBe(true);
    expect(await leftOf(itemId)).toBe(0);
    expect((await buy(buyer.token, event.id)).json().errors).toEqual({ sec_kill: ['no_inventory'] });
    // Inside the window nothing goes back: the checkout might still be running.
    t.clock.advance(RESERVATION_LOST_SECONDS - 5);
    expect(await releaseLostReservations(t.deps)).toBe(0);
    t.clock.advance(10);
    expect(await releaseLostReservations(t.deps)).toBe(1);
    expect(await releaseLostReservations(t.deps)).toBe(0);
    expect(await leftOf(itemId)).toBe(1);
    t.clock.advance(Math.ceil(GATE_ADMISSION_LOST_MS / 1000));
    const res = await buy(buyer.token, event.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(await leftOf(itemId)).toBe(0);
  });

  it('keeps a reservation written without a lease (before migration 0048) for 60 s after its creation, as its version did', async () => {
    const { event } = await makeEvent({ stock: 2, buyLimit: 1 });
    const itemId = event.items[0].id as number;
    const [early, late] = await Promise.all([makeAccount(t), makeAccount(t)]);
    // Two units reserved as the previous version wrote them: no lease. One before the deploy's migration ran…
    for (const account of [early, late]) {
      await reserveUnits(t.deps.db, { id: itemId, buyLimit: 1 }, [account.id], t.clock.now());
      await t.deps.db.update(seckillPurchases).set({ heldUntil: null }).where(eq(seckillPurchases.accountId, account.id));
    }
    const createdAt = (await t.deps.db.select().from(seckillPurchases).where(eq(seckillPurchases.accountId, early.id)))[0]!.createdAt;
    // …which the migration gives the lease its version kept it for.
    const migration = readFileSync(fileURLToPath(new URL('../../drizzle/0051_flash_reservation_lease_backfill.sql', import.meta.url)), 'utf8');
    // (Its statement as written, kept to this test's first row: the second stands for one written after it ran.)
    await t.deps.db.execute(sql.raw(migration.replace('WHERE ', `WHERE "account_id" = ${early.id} AND `)));
    const [backfilled] = await t.deps.db.select().from(seckillPurchases).where(eq(seckillPurchases.accountId, early.id));
    expect(backfilled!.heldUntil!.getTime()).toBe(createdAt.getTime() + UNLEASED_RESERVATION_SECONDS * 1000);
    // …and one an instance of the previous version wrote after it, still without a lease: neither goes back early.
    t.clock.advance(UNLEASED_RESERVATION_SECONDS - 5);
    expect(await releaseLostReservations(t.deps)).toBe(0);
    expect(await leftOf(itemId)).toBe(0);
    t.clock.advance(10);
    expect(await releaseLostReservations(t.deps)).toBe(2);
    expect(await leftOf(itemId)).toBe(2);
  });
});
