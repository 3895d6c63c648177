import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { expireOrders } from '../../src/modules/orders/orders.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { useTestApp } from '../support/test-app.ts';

/** Access tokens are short-lived: after moving the clock by half an hour a buyer signs in again. */
const freshToken = async (id: number) => (await startSession(t.deps, t.deps.db, id, 'native')).accessToken;

const { t, api } = useTestApp();

async function buyWithCoupon() {
  const buyer = await makeAccount(t);
  const sku = await makeSku(t, { listPrice: 5000 });
  const held = (await api.native.patch(`/api/account_coupons/${(await makeCoupon(t)).id}`, {}, { token: buyer.token })).json().id as number;
  const created = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click', coupon_ids: [held] } }, { token: buyer.token });
  expect(created.statusCode).toBe(201);
  return { buyer, held, order: created.json() };
}
const couponState = async (token: string, held: number) =>
  (await api.native.get('/api/me/account_coupons', { token })).json().account_coupons.find((c: { id: number }) => c.id === held);

describe('order expiry', () => {
  it('cancels an unpaid order at 30 minutes in the sweep and gives the coupon back', async () => {
    const { buyer, held, order } = await buyWithCoupon();
    t.clock.advance(30 * 60 - 1);
    expect(await expireOrders(t.deps, t.clock.now())).toBe(0);
    t.clock.advance(1);
    expect(await expireOrders(t.deps, t.clock.now())).toBeGreaterThanOrEqual(1);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ state: 'canceled', cancelReason: 'expired' });
    expect(await couponState(await freshToken(buyer.id), held)).toMatchObject({ state: 'available', order_id: null, used_at_timestamp: null });
    expect(await expireOrders(t.deps, t.clock.now())).toBe(0);
  });

  it('expires lazily when the order is read, without the sweep', async () => {
    const { buyer, held, order } = await buyWithCoupon();
    t.clock.advance(31 * 60);
    buyer.token = await freshToken(buyer.id);
    const res = await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token });
    expect(res.json()).toMatchObject({ state: 'canceled', display_state: 'canceled', cancel_reason: 'expired' });
    expect(await couponState(buyer.token, held)).toMatchObject({ state: 'available' });
    // The coupon can be used again.
    const sku = await makeSku(t);
    const again = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click', coupon_ids: [held] } }, { token: buyer.token });
    expect(again.statusCode).toBe(201);
  });
});

describe('cancel and delete', () => {
  it('are for the owner only: 401 for guests, 404 for another account', async () => {
    const { order } = await buyWithCoupon();
    const stranger = await makeAccount(t);
    expect((await api.native.post(`/api/orders/${order.id}/cancel`)).statusCode).toBe(401);
    expect((await api.native.delete(`/api/orders/${order.id}`)).statusCode).toBe(401);
    expect((await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: stranger.token })).statusCode).toBe(404);
    expect((await api.native.delete(`/api/orders/${order.id}`, { token: stranger.token })).statusCode).toBe(404);
    expect((await api.native.get(`/api/me/orders/${order.id}`, { token: stranger.token })).statusCode).toBe(404);
  });

  it('cancel sets canceled and gives the coupon back; again is a no-op', async () => {
    const { buyer, held, order } = await buyWithCoupon();
    const res = await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'canceled', cancel_reason: 'canceled' });
    expect(await couponState(buyer.token, held)).toMatchObject({ state: 'available' });
    expect((await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token })).json().state).toBe('canceled');
  });

  it('delete sets canceled and answers 204', async () => {
    const { buyer, held, order } = await buyWithCoupon();
    expect((await api.native.delete(`/api/orders/${order.id}`, { token: buyer.token })).statusCode).toBe(204);
    expect((await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json()).toMatchObject({ state: 'canceled', cancel_reason: 'deleted' });
    expect(await couponState(buyer.token, held)).toMatchObject({ state: 'available' });
  });

  it('delete of a canceled order marks it deleted and keeps when it was canceled; again changes nothing', async () => {
    const { buyer, order } = await buyWithCoupon();
    const canceled = (await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token })).json();
    expect(canceled.canceled_at_timestamp).toEqual(expect.any(Number));
    t.clock.advance(60);
    for (let i = 0; i < 2; i++) {
      expect((await api.native.delete(`/api/orders/${order.id}`, { token: buyer.token })).statusCode).toBe(204);
      expect((await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json()).toMatchObject({
        state: 'canceled', cancel_reason: 'deleted', canceled_at_timestamp: canceled.canceled_at_timestamp,
      });
    }
    // Canceling a deleted order does not bring it back.
    expect((await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token })).json().cancel_reason).toBe('deleted');
  });

  it('delete of an order that expired marks it deleted too', async () => {
    const { buyer, order } = await buyWithCoupon();
    t.clock.advance(31 * 60);
    buyer.token = await freshToken(buyer.id);
    expect((await api.native.delete(`/api/orders/${order.id}`, { token: buyer.token })).statusCode).toBe(204);
    const [row] = await t.deps.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ state: 'canceled', cancelReason: 'deleted' });
    expect(row!.canceledAt).not.toBeNull();
  });

  it('refuses to cancel or delete a completed order', async () => {
    const { buyer, order } = await buyWithCoupon();
    await t.deps.db.update(orders).set({ state: 'completed' }).where(eq(orders.id, order.id));
    const res = await api.native.post(`/api/orders/${order.id}/cancel`, undefined, { token: buyer.token });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ state: ['completed'] });
    const removed = await api.native.delete(`/api/orders/${order.id}`, { token: buyer.token });
    expect([removed.statusCode, removed.json().errors]).toEqual([422, { state: ['completed'] }]);
    expect((await api.native.get(`/api/me/orders/${order.id}`, { token: buyer.token })).json()).toMatchObject({ state: 'completed', cancel_reason: null });
  });

  it('answers bad ids with 4xx', async () => {
    const buyer = await makeAccount(t);
    for (const res of [
      await api.native.post('/api/orders/abc/cancel', undefined, { token: buyer.token }),
      await api.native.delete('/api/orders/0', { token: buyer.token }),
      await api.native.get('/api/me/orders/1e40', { token: buyer.token }),
      await api.native.get('/api/me/orders/987654321', { token: buyer.token }),
    ]) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
    }
  });
});

describe('GET /api/me/orders', () => {
  it('is for signed-in users only', async () => {
    expect((await api.native.get('/api/me/orders')).statusCode).toBe(401);
    expect((await api.native.get('/api/me/orders/1')).statusCode).toBe(401);
  });

  it('pages my orders newest first with display states, filtered by state', async () => {
    const buyer = await makeAccount(t);
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const sku = await makeSku(t);
      ids.push((await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token })).json().id);
      t.clock.advance(1);
    }
    await api.native.post(`/api/orders/${ids[0]}/cancel`, undefined, { token: buyer.token });
    const page1 = (await api.native.get('/api/me/orders', { token: buyer.token, query: { per: '2' } })).json();
    expect(page1.orders.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    expect(page1.meta).toEqual({ total_count: 3, page: 1, per: 2 });
    expect(page1.orders[0]).toMatchObject({ state: 'pending', display_state: 'pending' });
    const page2 = (await api.native.get('/api/me/orders', { token: buyer.token, query: { per: '2', page: '2' } })).json();
    expect(page2.orders.map((o: { id: number; display_state: string }) => [o.id, o.display_state])).toEqual([[ids[0], 'canceled']]);
    const pending = (await api.native.get('/api/me/orders', { token: buyer.token, query: { 'q[state_eq]': 'pending' } })).json();
    expect(pending.orders.map((o: { id: number }) => o.id)).toEqual([ids[2], ids[1]]);
    const other = await makeAccount(t);
    expect((await api.native.get('/api/me/orders', { token: other.token })).json().orders).toEqual([]);
  });

  it('leaves out deleted orders, from the list, its filters and the user centre, while each stays readable by id', async () => {
    const buyer = await makeAccount(t);
    const place = async () => {
      const sku = await makeSku(t);
      t.clock.advance(1);
      return (await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: buyer.token })).json().id as number;
    };
    const [kept, deletedUnpaid, canceled, deletedCanceled] = [await place(), await place(), await place(), await place()];
    await api.native.delete(`/api/orders/${deletedUnpaid}`, { token: buyer.token });
    await api.native.post(`/api/orders/${canceled}/cancel`, undefined, { token: buyer.token });
    await api.native.post(`/api/orders/${deletedCanceled}/cancel`, undefined, { token: buyer.token });
    await api.native.delete(`/api/orders/${deletedCanceled}`, { token: buyer.token });

    const ids = (query?: Record<string, string>) => api.native.get('/api/me/orders', { token: buyer.token, query }).then((r) => r.json());
    const all = await ids();
    expect(all.orders.map((o: { id: number }) => o.id)).toEqual([canceled, kept]);
    expect(all.meta.total_count).toBe(2);
    expect((await ids({ 'q[state_eq]': 'canceled' })).orders.map((o: { id: number }) => o.id)).toEqual([canceled]);
    const info = (await api.native.get('/api/user_center/info', { token: buyer.token })).json();
    expect(info.latest_orders.map((o: { id: number }) => o.id)).toEqual([canceled, kept]);
    expect(info.counts).toMatchObject({ orders_pending: 1, orders_completed: 0 });
    for (const id of [deletedUnpaid, deletedCanceled]) {
      expect((await api.native.get(`/api/me/orders/${id}`, { token: buyer.token })).json()).toMatchObject({ id, state: 'canceled', cancel_reason: 'deleted' });
    }
  });
});

describe('order lines', () => {
  it('show the SKU\'s current cover, in the detail and the list', async () => {
    const buyer = await makeAccount(t);
    const a = await makeSku(t, { coverSeed: 'line-cover-a' });
    const b = await makeSku(t, { coverSeed: 'line-cover-b' });
    await api.native.patch('/api/cart', { cart: { cart_skus: [{ sku_id: a.id, quantity: 1 }, { sku_id: b.id, quantity: 1 }] } }, { token: buyer.token });
    const created = await api.native.post('/api/orders', { order: { sku_ids: [a.id, b.id], cate: 'game', type: 'cart' } }, { token: buyer.token });
    expect(created.statusCode).toBe(201);
    const catalogue = (await api.native.get(`/api/skus/${a.id}`, { token: buyer.token })).json();
    const covers = (order: { order_games: { sku_id: number; sku_covers: unknown }[] }) => order.order_games.map((g) => [g.sku_id, g.sku_covers]);
    const expected = [
      [a.id, { vertical: '/media/covers/line-cover-a.svg?shape=vertical', horizontal: '/media/covers/line-cover-a.svg?shape=horizontal' }],
      [b.id, { vertical: '/media/covers/line-cover-b.svg?shape=vertical', horizontal: '/media/covers/line-cover-b.svg?shape=horizontal' }],
    ];
    expect(covers(created.json())).toEqual(expected);
    expect(expected[0]![1]).toEqual(catalogue.sku_covers);
    expect(covers((await api.native.get(`/api/me/orders/${created.json().id}`, { token: buyer.token })).json())).toEqual(expected);
    expect(covers((await api.native.get('/api/me/orders', { token: buyer.token })).json().orders[0])).toEqual(expected);
  });
});
