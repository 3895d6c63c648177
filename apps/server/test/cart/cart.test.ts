import { describe, expect, it } from 'vitest';
import { CART_MAX_LINES } from '@lantern/domain';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { cartItems } from '../../src/modules/cart/tables.ts';
import { startSession } from '../../src/modules/accounts/sessions.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { eq } from 'drizzle-orm';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

const patch = (token: string, cart_skus: Array<{ sku_id: number; quantity: number }>, site: 'native' | 'abroad' = 'native') =>
  api[site].patch('/api/cart', { cart: { cart_skus } }, { token });

describe('the cart', () => {
  it('is for signed-in users only', async () => {
    const sku = await makeSku(t);
    expect((await api.native.get('/api/cart')).statusCode).toBe(401);
    const res = await api.native.patch('/api/cart', { cart: { cart_skus: [{ sku_id: sku.id, quantity: 1 }] } });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ errors: { base: ['unauthorized'] } });
    expect((await api.native.get('/api/cart/coupons')).statusCode).toBe(401);
  });

  it('adds, steps and removes a game, showing prices and state per line', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 9800, salePrice: 4900 });
    const added = await patch(buyer.token, [{ sku_id: sku.id, quantity: 1 }]);
    expect(added.statusCode).toBe(200);
    const line = added.json().cart_skus[0];
    expect(line).toMatchObject({ sku_id: sku.id, quantity: 1, status: 'sale', display: true, price: 9800, sale_price: 4900, use_coupon: false, cross_promotion: null, area: 'native' });
    expect(line.sku.id).toBe(sku.id);
    expect(added.json().meta).toMatchObject({ total_count: 1, total_quantity: 1, total_price: 4900, currency: 'CNY', max_lines: CART_MAX_LINES });
    const removed = await patch(buyer.token, [{ sku_id: sku.id, quantity: 0 }]);
    expect(removed.json().cart_skus).toEqual([]);
    expect((await api.native.get('/api/cart', { token: buyer.token })).json().meta.total_count).toBe(0);
  });

  it('limits a change of a non-physical item to one step per request (out_of_range)', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { product: { cate: 'virtual', kind: 'virtual' } });
    const jump = await patch(buyer.token, [{ sku_id: sku.id, quantity: 3 }]);
    expect(jump.statusCode).toBe(422);
    expect(jump.json().errors).toEqual({ quantity: ['out_of_range'] });
    await patch(buyer.token, [{ sku_id: sku.id, quantity: 1 }]);
    const step = await patch(buyer.token, [{ sku_id: sku.id, quantity: 2 }]);
    expect(step.json().cart_skus[0].quantity).toBe(2);
    const down = await patch(buyer.token, [{ sku_id: sku.id, quantity: 1 }]);
    expect(down.json().cart_skus[0].quantity).toBe(1);
  });

  it('lets physical goods jump to any quantity up to the line maximum', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    expect((await patch(buyer.token, [{ sku_id: sku.id, quantity: 5 }])).json().cart_skus[0].quantity).toBe(5);
    expect((await patch(buyer.token, [{ sku_id: sku.id, quantity: 2 }])).json().cart_skus[0].quantity).toBe(2);
    expect((await patch(buyer.token, [{ sku_id: sku.id, quantity: 100 }])).json().errors).toEqual({ quantity: ['out_of_range'] });
  });

  it('refuses SKUs of the other site, off sale, unpublished, region-locked or unknown with status_invalid', async () => {
    const buyer = await makeAccount(t);
    const other = await makeSku(t, { area: 'abroad' });
    const off = await makeSku(t, { status: 'off' });
    const unpublished = await makeSku(t, { status: 'unpublished' });
    const locked = await makeSku(t, { region: 'hk' });
    for (const skuId of [other.id, off.id, unpublished.id, locked.id, 987654321]) {
      const res = await patch(buyer.token, [{ sku_id: skuId, quantity: 1 }]);
      expect(res.statusCode, String(skuId)).toBe(422);
      expect(res.json().errors).toEqual({ sku_id: ['status_invalid'] });
      expect(res.json().meta.sku_ids).toEqual([skuId]);
    }
    expect((await api.native.get('/api/cart', { token: buyer.token })).json().cart_skus).toEqual([]);
  });

  it('changes nothing when one of several lines is refused', async () => {
    const buyer = await makeAccount(t);
    const good = await makeSku(t);
    const off = await makeSku(t, { status: 'off' });
    expect((await patch(buyer.token, [{ sku_id: good.id, quantity: 1 }, { sku_id: off.id, quantity: 1 }])).statusCode).toBe(422);
    expect((await api.native.get('/api/cart', { token: buyer.token })).json().cart_skus).toEqual([]);
  });

  it('answers total_count out_limit when the cart is full', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const filler = await Promise.all(Array.from({ length: CART_MAX_LINES }, () => makeSku(t)));
    await t.deps.db.insert(cartItems).values(filler.map((s) => ({ accountId: buyer.id, skuId: s.id, area: 'native' as const, quantity: 1 })));
    const res = await patch(buyer.token, [{ sku_id: sku.id, quantity: 1 }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ total_count: ['out_limit'] });
    // A full cart can still change and remove what it holds.
    expect((await patch(buyer.token, [{ sku_id: filler[0]!.id, quantity: 0 }])).json().meta.total_count).toBe(CART_MAX_LINES - 1);
  });

  it('keeps carts per site and filters by cate', async () => {
    const buyer = await makeAccount(t);
    const game = await makeSku(t);
    const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    await patch(buyer.token, [{ sku_id: game.id, quantity: 1 }, { sku_id: gadget.id, quantity: 2 }]);
    const games = await api.native.get('/api/cart', { token: buyer.token, query: { 'q[sku_cate_eq]': 'game' } });
    expect(games.json().cart_skus.map((c: { sku_id: number }) => c.sku_id)).toEqual([game.id]);
    const physical = await api.native.get('/api/cart', { token: buyer.token, query: { 'q[sku_cate_eq]': 'physical' } });
    expect(physical.json().cart_skus.map((c: { sku_id: number }) => c.sku_id)).toEqual([gadget.id]);
    const abroadSession = await startSession(t.deps, t.deps.db, buyer.id, 'abroad');
    expect((await api.abroad.get('/api/cart', { token: abroadSession.accessToken })).json().cart_skus).toEqual([]);
    expect((await api.native.get('/api/cart', { token: buyer.token, query: { 'q[sku_cate_eq]': 'bogus' } })).statusCode).toBe(422);
  });

  it('shows a line that went off sale as not orderable, lets it be removed but not raised', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    await patch(buyer.token, [{ sku_id: sku.id, quantity: 2 }]);
    const { skus } = await import('../../src/modules/catalog/tables.ts');
    const { eq } = await import('drizzle-orm');
    await t.deps.db.update(skus).set({ status: 'off' }).where(eq(skus.id, sku.id));
    const cart = (await api.native.get('/api/cart', { token: buyer.token })).json();
    expect(cart.cart_skus[0]).toMatchObject({ status: 'off', display: false });
    expect(cart.meta.total_price).toBe(0);
    expect((await patch(buyer.token, [{ sku_id: sku.id, quantity: 3 }])).statusCode).toBe(422);
    expect((await patch(buyer.token, [{ sku_id: sku.id, quantity: 1 }])).statusCode).toBe(200);
    expect((await patch(buyer.token, [{ sku_id: sku.id, quantity: 0 }])).json().cart_skus).toEqual([]);
  });

  it('marks lines a usable coupon covers', async () => {
    const buyer = await makeAccount(t);
    const covered = await makeSku(t);
    const other = await makeSku(t);
    const coupon = await makeCoupon(t, { applyTo: { include_sku_ids: [covered.id] } });
    await api.native.patch(`/api/account_coupons/${coupon.id}`, {}, { token: buyer.token });
    const res = await patch(buyer.token, [{ sku_id: covered.id, quantity: 1 }, { sku_id: other.id, quantity: 1 }]);
    const byId = new Map(res.json().cart_skus.map((c: { sku_id: number; use_coupon: boolean }) => [c.sku_id, c.use_coupon]));
    expect(byId.get(covered.id)).toBe(true);
    expect(byId.get(other.id)).toBe(false);
  });

  it('answers malformed input with 4xx, never 5xx', async () => {
    const buyer = await makeAccount(t);
    for (const body of [{}, { cart: {} }, { cart: { cart_skus: [] } }, { cart: { cart_skus: [{ sku_id: 'x', quantity: 1 }] } },
      { cart: { cart_skus: [{ sku_id: 1, quantity: -1 }] } }, { cart: { cart_skus: [{ sku_id: 1, quantity: 1.5 }] } },
      { cart: { cart_skus: [{ sku_id: 1e20, quantity: 1 }] } }, 'nonsense']) {
      const res = await api.native.patch('/api/cart', body, { token: buyer.token });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });

  it('holds one line per SKU under concurrent adds', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const results = await Promise.all(Array.from({ length: 8 }, () => patch(buyer.token, [{ sku_id: sku.id, quantity: 1 }])));
    for (const r of results) expect(r.statusCode).toBe(200);
    const cart = (await api.native.get('/api/cart', { token: buyer.token })).json();
    expect(cart.cart_skus).toHaveLength(1);
    expect(cart.cart_skus[0].quantity).toBe(1);
  });

  it('refuses a DLC whose base game is neither owned nor in the cart when it is added (has_no_base)', async () => {
    const buyer = await makeAccount(t);
    const base = await makeSku(t);
    const dlc = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.productId } });
    const lonely = await patch(buyer.token, [{ sku_id: dlc.id, quantity: 1 }]);
    expect(lonely.statusCode).toBe(422);
    expect(lonely.json()).toMatchObject({ errors: { sku_id: ['has_no_base'] }, meta: { sku_ids: [dlc.id] } });
    expect((await api.native.get('/api/cart', { token: buyer.token })).json().cart_skus).toEqual([]);
    // The base added with it, or already in the cart, counts.
    expect((await patch(buyer.token, [{ sku_id: base.id, quantity: 1 }, { sku_id: dlc.id, quantity: 1 }])).statusCode).toBe(200);
    const dlc2 = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.productId } });
    expect((await patch(buyer.token, [{ sku_id: dlc2.id, quantity: 1 }])).statusCode).toBe(200);
    // Taking the base out in the same change as adding a DLC is refused; a DLC already there may always be removed.
    const dlc3 = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.productId } });
    expect((await patch(buyer.token, [{ sku_id: base.id, quantity: 0 }, { sku_id: dlc3.id, quantity: 1 }])).json().errors).toEqual({ sku_id: ['has_no_base'] });
    expect((await patch(buyer.token, [{ sku_id: dlc.id, quantity: 0 }])).statusCode).toBe(200);
  });

  it('accepts a DLC whose base game the account owns (a completed order), but not one merely in an unpaid order', async () => {
    const buyer = await makeAccount(t);
    const base = await makeSku(t);
    const dlc = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.productId } });
    const placed = await api.native.post('/api/orders', { order: { sku_ids: [base.id], cate: 'game', type: 'one_click' } }, { token: buyer.token });
    expect(placed.statusCode).toBe(201);
    expect((await patch(buyer.token, [{ sku_id: dlc.id, quantity: 1 }])).json().errors).toEqual({ sku_id: ['has_no_base'] });
    await t.deps.db.update(orders).set({ state: 'completed', completedAt: t.clock.now() }).where(eq(orders.id, placed.json().id));
    const added = await patch(buyer.token, [{ sku_id: dlc.id, quantity: 1 }]);
    expect(added.statusCode).toBe(200);
    expect(added.json().cart_skus.map((c: { sku_id: number }) => c.sku_id)).toEqual([dlc.id]);
  });
});
