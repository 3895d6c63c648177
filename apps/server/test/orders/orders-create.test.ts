import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeProduct, makeSku } from '../support/catalog-factories.ts';
import { makeCoupon } from '../support/commerce-factories.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { accountCoupons } from '../../src/modules/coupons/tables.ts';
import { detailedAddresses } from '../../src/modules/accounts/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();

type Body = { sku_ids: number[]; cate?: string; type?: string; coupon_ids?: number[]; address_id?: number };
const order = (token: string, body: Body) => api.native.post('/api/orders', { order: { cate: 'game', type: 'one_click', ...body } }, { token });
const claimed = async (token: string, couponId: number) => (await api.native.patch(`/api/account_coupons/${couponId}`, {}, { token })).json().id as number;
async function complete(orderId: number) {
  await t.deps.db.update(orders).set({ state: 'completed', completedAt: t.clock.now() }).where(eq(orders.id, orderId));
}

describe('POST /api/orders', () => {
  it('is for signed-in users only', async () => {
    const sku = await makeSku(t);
    const res = await api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } });
    expect(res.statusCode).toBe(401);
  });

  it('creates a pending one-click order with prices snapshotted in minor units', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 9800, salePrice: 6860 });
    const res = await order(buyer.token, { sku_ids: [sku.id] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      type: 'one_click', state: 'pending', display_state: 'pending', cate: 'game', area: 'native', currency: 'CNY',
      list_amount: 9800, subtotal_amount: 6860, coupon_amount: 0, total_amount: 6860, account_coupon_id: null, address: null, payments: [],
    });
    expect(body.expires_at_timestamp - body.created_at_timestamp).toBe(30 * 60);
    expect(body.order_games).toEqual([expect.objectContaining({ sku_id: sku.id, quantity: 1, list_price: 9800, sale_price: 6860, coupon_amount: 0, amount: 6860, game_keys: [] })]);
  });

  it('refuses SKUs not on sale, of the other site or unknown (status_invalid) and region-locked ones (region_invalid)', async () => {
    const buyer = await makeAccount(t);
    const off = await makeSku(t, { status: 'off' });
    const abroad = await makeSku(t, { area: 'abroad' });
    const locked = await makeSku(t, { region: 'hk' });
    const res = await order(buyer.token, { sku_ids: [off.id, abroad.id, locked.id, 987654321] });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sku.sort()).toEqual(['region_invalid', 'status_invalid']);
    expect(res.json().meta.skus).toEqual({ [off.id]: ['status_invalid'], [abroad.id]: ['status_invalid'], [locked.id]: ['region_invalid'], 987654321: ['status_invalid'] });
  });

  it('refuses two editions of one product in one order (duplicate) and a cate that does not match', async () => {
    const buyer = await makeAccount(t);
    const product = await makeProduct(t);
    const standard = await makeSku(t, { productId: product.id });
    const deluxe = await makeSku(t, { productId: product.id });
    const res = await order(buyer.token, { sku_ids: [standard.id, deluxe.id] });
    expect(res.json().errors).toEqual({ sku: ['duplicate'] });
    expect(res.json().meta.skus).toEqual({ [deluxe.id]: ['duplicate'] });
    expect((await order(buyer.token, { sku_ids: [standard.id, standard.id] })).json().errors).toEqual({ sku: ['duplicate'] });
    expect((await order(buyer.token, { sku_ids: [standard.id], cate: 'virtual' })).json().errors).toEqual({ cate: ['invalid'] });
  });

  it('refuses a game already owned (owned) and a DLC without its base (has_no_base)', async () => {
    const buyer = await makeAccount(t);
    const base = await makeSku(t);
    const dlc = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.productId } });
    const lonely = await order(buyer.token, { sku_ids: [dlc.id] });
    expect(lonely.json().errors).toEqual({ sku: ['has_no_base'] });
    // The base in the same order counts.
    const together = await order(buyer.token, { sku_ids: [base.id, dlc.id] });
    expect(together.statusCode).toBe(201);
    await complete(together.json().id);
    const again = await order(buyer.token, { sku_ids: [base.id] });
    expect(again.json().errors).toEqual({ sku: ['owned'] });
    // An owned base counts too (a second DLC).
    const dlc2 = await makeSku(t, { product: { kind: 'dlc', baseProductId: base.productId } });
    expect((await order(buyer.token, { sku_ids: [dlc2.id] })).statusCode).toBe(201);
  });

  it('orders from the cart with its quantities, removes the ordered lines and refuses SKUs not in the cart', async () => {
    const buyer = await makeAccount(t);
    const gadget = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null, listPrice: 1999 });
    const other = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    const [address] = await t.deps.db.insert(detailedAddresses).values({ accountId: buyer.id, name: '李雷', phone: '13800138000', countryCode: 'CN', provId: '11', cityId: '1101', areaId: '110108', address: '1 号' }).returning();
    await api.native.patch('/api/cart', { cart: { cart_skus: [{ sku_id: gadget.id, quantity: 3 }, { sku_id: other.id, quantity: 1 }] } }, { token: buyer.token });
    expect((await order(buyer.token, { sku_ids: [gadget.id], cate: 'physical', type: 'cart' })).json().errors).toEqual({ address_id: ['blank'] });
    expect((await order(buyer.token, { sku_ids: [gadget.id], cate: 'physical', type: 'cart', address_id: 987654321 })).json().errors).toEqual({ address_id: ['not_found'] });
    const notInCart = await makeSku(t, { product: { cate: 'physical', kind: 'peripheral' }, keyType: null });
    expect((await order(buyer.token, { sku_ids: [notInCart.id], cate: 'physical', type: 'cart', address_id: address!.id })).json().errors).toEqual({ sku: ['not_in_cart'] });
    const res = await order(buyer.token, { sku_ids: [gadget.id], cate: 'physical', type: 'cart', address_id: address!.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'cart', subtotal_amount: 5997, total_amount: 5997, address: { name: '李雷', prov_id: '11', area_id: '110108' } });
    expect(res.json().order_games[0]).toMatchObject({ quantity: 3, amount: 5997 });
    const cart = (await api.native.get('/api/cart', { token: buyer.token })).json();
    expect(cart.cart_skus.map((c: { sku_id: number }) => c.sku_id)).toEqual([other.id]);
  });

  it('refuses more than one copy of a game (exceed_limit)', async () => {
    const buyer = await makeAccount(t);
    const game = await makeSku(t);
    const { cartItems } = await import('../../src/modules/cart/tables.ts');
    await t.deps.db.insert(cartItems).values({ accountId: buyer.id, skuId: game.id, area: 'native', quantity: 2 });
    expect((await order(buyer.token, { sku_ids: [game.id], type: 'cart' })).json().errors).toEqual({ sku: ['exceed_limit'] });
  });

  it('applies a coupon: discount spread over covered lines, exact to the minor unit, coupon marked used', async () => {
    const buyer = await makeAccount(t);
    const a = await makeSku(t, { listPrice: 3333 });
    const b = await makeSku(t, { listPrice: 6667 });
    const c = await makeSku(t, { listPrice: 5000 });
    const coupon = await makeCoupon(t, { discountType: 'percentage', value: 15, applyTo: { exclude_sku_ids: [c.id] } });
    const held = await claimed(buyer.token, coupon.id);
    const res = await order(buyer.token, { sku_ids: [a.id, b.id, c.id], coupon_ids: [held] });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ subtotal_amount: 15000, coupon_amount: 1500, total_amount: 13500, account_coupon_id: held });
    const lines = new Map(body.order_games.map((g: { sku_id: number; coupon_amount: number; amount: number }) => [g.sku_id, g]));
    expect(lines.get(a.id)).toMatchObject({ coupon_amount: 500, amount: 2833 });
    expect(lines.get(b.id)).toMatchObject({ coupon_amount: 1000, amount: 5667 });
    expect(lines.get(c.id)).toMatchObject({ coupon_amount: 0, amount: 5000 });
    const mine = (await api.native.get('/api/me/account_coupons', { token: buyer.token })).json();
    expect(mine.account_coupons[0]).toMatchObject({ state: 'used', order_id: body.id });
    const reuse = await order(buyer.token, { sku_ids: [(await makeSku(t)).id], coupon_ids: [held] });
    expect(reuse.json().errors).toEqual({ coupon_ids: ['used'] });
  });

  it('refuses coupons that are not mine, expired, not applicable, below the minimum, or more than one', async () => {
    const buyer = await makeAccount(t);
    const other = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 5000 });
    const theirs = await claimed(other.token, (await makeCoupon(t)).id);
    expect((await order(buyer.token, { sku_ids: [sku.id], coupon_ids: [theirs] })).json().errors).toEqual({ coupon_ids: ['not_found'] });
    const soon = await claimed(buyer.token, (await makeCoupon(t, { validUntil: new Date(t.clock.now().getTime() + 60_000) })).id);
    const narrow = await claimed(buyer.token, (await makeCoupon(t, { applyTo: { include_sku_ids: [987654321] } })).id);
    const minimum = await claimed(buyer.token, (await makeCoupon(t, { minimumOrder: 5001 })).id);
    expect((await order(buyer.token, { sku_ids: [sku.id], coupon_ids: [narrow] })).json().errors).toEqual({ coupon_ids: ['not_applicable'] });
    expect((await order(buyer.token, { sku_ids: [sku.id], coupon_ids: [minimum] })).json().errors).toEqual({ coupon_ids: ['minimum_order'] });
    expect((await order(buyer.token, { sku_ids: [sku.id], coupon_ids: [narrow, minimum] })).json().errors).toEqual({ coupon_ids: ['over_limit'] });
    t.clock.advance(120);
    expect((await order(buyer.token, { sku_ids: [sku.id], coupon_ids: [soon] })).json().errors).toEqual({ coupon_ids: ['expired'] });
    // Refused orders leave nothing behind.
    expect((await api.native.get('/api/me/orders', { token: buyer.token })).json().orders).toEqual([]);
    const rows = await t.deps.db.select().from(accountCoupons).where(eq(accountCoupons.accountId, buyer.id));
    expect(rows.every((r) => r.usedAt === null && r.orderId === null)).toBe(true);
  });

  it('never lets an amount coupon take the total below zero', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 800 });
    const held = await claimed(buyer.token, (await makeCoupon(t, { value: 5000 })).id);
    const res = await order(buyer.token, { sku_ids: [sku.id], coupon_ids: [held] });
    expect(res.json()).toMatchObject({ subtotal_amount: 800, coupon_amount: 800, total_amount: 0 });
  });

  it('uses a coupon for one of two concurrent orders only', async () => {
    const buyer = await makeAccount(t);
    const held = await claimed(buyer.token, (await makeCoupon(t)).id);
    const [x, y] = [await makeSku(t), await makeSku(t)];
    const results = await Promise.all([order(buyer.token, { sku_ids: [x.id], coupon_ids: [held] }), order(buyer.token, { sku_ids: [y.id], coupon_ids: [held] })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
    expect(results.find((r) => r.statusCode === 422)!.json().errors).toEqual({ coupon_ids: ['used'] });
    const withCoupon = await t.deps.db.select().from(orders).where(eq(orders.accountCouponId, held));
    expect(withCoupon).toHaveLength(1);
  });

  it('answers malformed input with 4xx, never 5xx', async () => {
    const buyer = await makeAccount(t);
    for (const body of [{}, { order: {} }, { order: { sku_ids: [], cate: 'game', type: 'cart' } }, { order: { sku_ids: [1], cate: 'game', type: 'seckill' } },
      { order: { sku_ids: ['a'], cate: 'game', type: 'cart' } }, { order: { sku_ids: [1], cate: 'x', type: 'cart' } }, { order: { sku_ids: [1], cate: 'game', type: 'cart', coupon_ids: 'x' } }, 'junk']) {
      const res = await api.native.post('/api/orders', body, { token: buyer.token });
      expect(res.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, JSON.stringify(body)).toBeLessThan(500);
    }
  });
});
