import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { makeAccount, makeProduct, makeSku } from '../support/catalog-factories.ts';
import { RangeGeoIp } from '../../src/platform/geoip.ts';
import { accounts } from '../../src/modules/accounts/tables.ts';
import { orders } from '../../src/modules/orders/tables.ts';
import { useTestApp } from '../support/test-app.ts';

const { t, api } = useTestApp();
beforeAll(async () => {
  // Documentation ranges (RFC 5737) stand in for a mainland, a Hong Kong and a US address.
  t.deps.geoip = new RangeGeoIp('198.51.100.0/24=cn,192.0.2.0/24=hk,203.0.113.0/24=us');
});

const MAINLAND = '198.51.100.10';
const HONG_KONG = '192.0.2.10';
const US = '203.0.113.10';
const LOOPBACK = '127.0.0.1';

function order(site: 'native' | 'abroad', token: string, skuIds: number[], ip = LOOPBACK) {
  return api[site].post('/api/orders', { order: { sku_ids: skuIds, cate: 'game', type: 'one_click' } }, { token, ip });
}
const orderCount = async (accountId: number) => (await t.deps.db.select().from(orders).where(eq(orders.accountId, accountId))).length;

describe('purchase blocked by the buyer\'s address (goes to /ip_error)', () => {
  it('refuses a mainland order from outside the mainland and Hong Kong, and writes nothing', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const res = await order('native', buyer.token, [sku.id], US);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ ip: ['purchase_blocked'] });
    expect(await orderCount(buyer.id)).toBe(0);
  });

  it('lets mainland and Hong Kong addresses buy on the mainland site', async () => {
    const buyer = await makeAccount(t);
    expect((await order('native', buyer.token, [(await makeSku(t)).id], MAINLAND)).statusCode).toBe(201);
    expect((await order('native', buyer.token, [(await makeSku(t)).id], HONG_KONG)).statusCode).toBe(201);
  });

  it('refuses a mainland address on the international site and lets others buy there', async () => {
    const buyer = await makeAccount(t, { area: 'abroad' });
    const sku = await makeSku(t, { area: 'abroad' });
    expect((await order('abroad', buyer.token, [sku.id], MAINLAND)).json().errors).toEqual({ ip: ['purchase_blocked'] });
    expect((await order('abroad', buyer.token, [sku.id], US)).statusCode).toBe(201);
  });

  it('does not block an address it cannot place', async () => {
    const buyer = await makeAccount(t);
    expect((await order('native', buyer.token, [(await makeSku(t)).id], LOOPBACK)).statusCode).toBe(201);
  });
});

describe('purchase ban (the disable-buy message)', () => {
  it('refuses every order of a barred account until staff lift the ban', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    await t.deps.db.update(accounts).set({ purchaseBannedAt: t.clock.now() }).where(eq(accounts.id, buyer.id));
    const res = await order('native', buyer.token, [sku.id]);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors).toEqual({ account: ['purchase_ban'] });
    expect(await orderCount(buyer.id)).toBe(0);

    await t.deps.db.update(accounts).set({ purchaseBannedAt: null }).where(eq(accounts.id, buyer.id));
    expect((await order('native', buyer.token, [sku.id])).statusCode).toBe(201);
  });
});

describe('order game lock ("has game lock")', () => {
  it('refuses a second order for a game that an unpaid order already holds, naming the SKU', async () => {
    const buyer = await makeAccount(t);
    const product = await makeProduct(t);
    const standard = await makeSku(t, { productId: product.id });
    const other = await makeSku(t);
    expect((await order('native', buyer.token, [standard.id])).statusCode).toBe(201);

    const res = await order('native', buyer.token, [standard.id, other.id]);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.sku).toEqual(['locked']);
    expect(res.json().meta.skus).toEqual({ [standard.id]: ['locked'] });
  });

  it('locks the product, not only the SKU: another edition of the game is refused too', async () => {
    const buyer = await makeAccount(t);
    const product = await makeProduct(t);
    const standard = await makeSku(t, { productId: product.id });
    const deluxe = await makeSku(t, { productId: product.id });
    await order('native', buyer.token, [standard.id]);
    expect((await order('native', buyer.token, [deluxe.id])).json().meta.skus).toEqual({ [deluxe.id]: ['locked'] });
  });

  it('lifts the lock when the first order is canceled or has expired', async () => {
    const buyer = await makeAccount(t);
    const sku = await makeSku(t);
    const first = (await order('native', buyer.token, [sku.id])).json();
    await api.native.post(`/api/orders/${first.id}/cancel`, {}, { token: buyer.token });
    const second = await order('native', buyer.token, [sku.id]);
    expect(second.statusCode).toBe(201);

    // Its payment window passes (moving the clock would also end the test session's access token).
    await t.deps.db.update(orders).set({ expiresAt: new Date(t.clock.now().getTime() - 1000) }).where(eq(orders.id, second.json().id));
    expect((await order('native', buyer.token, [sku.id])).statusCode).toBe(201);
  });

  it('is per account: another buyer may order the same game meanwhile', async () => {
    const [a, b] = [await makeAccount(t), await makeAccount(t)];
    const sku = await makeSku(t);
    expect((await order('native', a.token, [sku.id])).statusCode).toBe(201);
    expect((await order('native', b.token, [sku.id])).statusCode).toBe(201);
  });
});
