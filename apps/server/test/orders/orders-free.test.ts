import { describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { buyGame } from '../support/payments-factories.ts';
import { steamCodes, stockKeys } from '../support/keys-factories.ts';
import { payments } from '../../src/modules/payments/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Free is free (docs/product/buying.md#free-orders): an order with nothing to pay completes as it is placed —
 * key, library — with no payment and no payment page; one that still needs points waits for them.
 */
const { t, api } = useTestApp();

type Buyer = { id: number; token: string };
const order = (buyer: Buyer, body: Record<string, unknown>) => api.native.post('/api/orders', { order: { cate: 'game', type: 'one_click', ...body } }, { token: buyer.token });
const libraryOf = async (buyer: Buyer) => ((await api.native.get('/api/me/games', { token: buyer.token })).json().games as { sku_id: number }[]).map((g) => g.sku_id);
const paymentsOf = (orderIds: number[]) => t.deps.db.select().from(payments).where(inArray(payments.orderId, orderIds));

describe('a free game', () => {
  it('is completed when ordered: its key delivered, in the library, no payment', async () => {
    const sku = await makeSku(t, { listPrice: 0 });
    await stockKeys(t, sku.id, steamCodes(1));
    const buyer = await makeAccount(t);
    const placed = await order(buyer, { sku_ids: [sku.id] });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ state: 'completed', display_state: 'completed', total_amount: 0 });
    const shown = (await api.native.get(`/api/me/orders/${placed.json().id}`, { token: buyer.token })).json();
    expect(shown.order_games[0].delivery.state).toBe('delivered');
    expect(await libraryOf(buyer)).toContain(sku.id);
    expect(await paymentsOf([placed.json().id])).toEqual([]);
    // Owned now: a second try is refused as for any owned game.
    expect((await order(buyer, { sku_ids: [sku.id] })).json().errors).toEqual({ sku: ['owned'] });
  });

  it('completes for every buyer of a launch ordering at the same moment (orders placed together)', async () => {
    const sku = await makeSku(t, { listPrice: 0 });
    await stockKeys(t, sku.id, steamCodes(12));
    const buyers = await Promise.all(Array.from({ length: 12 }, () => makeAccount(t)));
    const placed = await Promise.all(buyers.map((b) => order(b, { sku_ids: [sku.id] })));
    expect(placed.map((res) => res.statusCode)).toEqual(buyers.map(() => 201));
    expect(placed.map((res) => res.json().state)).toEqual(buyers.map(() => 'completed'));
    for (const buyer of buyers) expect(await libraryOf(buyer)).toContain(sku.id);
  });

  it('waits without a key as a paid one would, when the pool is empty (ordering, told when it comes)', async () => {
    const sku = await makeSku(t, { listPrice: 0 });
    const buyer = await makeAccount(t);
    const placed = await order(buyer, { sku_ids: [sku.id] });
    expect(placed.json().state).toBe('completed');
    const shown = (await api.native.get(`/api/me/orders/${placed.json().id}`, { token: buyer.token })).json();
    expect(shown.order_games[0].delivery.state).toBe('ordering');
  });
});

describe('an order whose total is 0 after its coupon', () => {
  it('completes at once, the coupon used', async () => {
    const { buyer, sku, order: placed } = await buyGame(t, api, { sku: { listPrice: 1000 }, coupon: true });
    expect(placed).toMatchObject({ total_amount: 0, coupon_amount: 1000, state: 'completed' });
    expect(await libraryOf(buyer)).toContain(sku.id);
    expect(await paymentsOf([placed.id])).toEqual([]);
  });

  it('from the cart too, the cart emptied', async () => {
    const buyer = await makeAccount(t);
    const [a, b] = await Promise.all([makeSku(t, { listPrice: 0 }), makeSku(t, { listPrice: 0, salePrice: 0 })]);
    await api.native.patch('/api/cart', { cart: { cart_skus: [{ sku_id: a.id, quantity: 1 }, { sku_id: b.id, quantity: 1 }] } }, { token: buyer.token });
    const placed = await order(buyer, { sku_ids: [a.id, b.id], type: 'cart' });
    expect(placed.json()).toMatchObject({ state: 'completed', total_amount: 0 });
    expect((await api.native.get('/api/cart', { token: buyer.token })).json().cart_skus).toEqual([]);
    expect(await libraryOf(buyer)).toEqual(expect.arrayContaining([a.id, b.id]));
  });
});

describe('an order at 0 that is sold for points', () => {
  it('is not free: it waits for its points like any other order', async () => {
    const { buyer, sku, order: placed } = await buyGame(t, api, { sku: { listPrice: 0 }, points: { supportCashPay: false, canPointsPay: true, listPoints: 500 } });
    expect(placed).toMatchObject({ total_amount: 0, state: 'pending' });
    expect(await libraryOf(buyer)).not.toContain(sku.id);
    expect(await t.deps.db.select().from(payments).where(eq(payments.orderId, placed.id))).toEqual([]);
  });
});
