import { describe, expect, it } from 'vitest';
import { inArray } from 'drizzle-orm';
import { makeAccount, makeSku } from '../support/catalog-factories.ts';
import { fundWallet } from '../support/payments-factories.ts';
import { keysForSale } from '../support/keys-factories.ts';
import { distributionOrders } from '../../src/modules/distribution/tables.ts';
import { useTestApp } from '../support/test-app.ts';

/**
 * Attribution under a burst (docs/product/distribution.md#attribution), on PostgreSQL: 60 attributed buyers each
 * place an order while following the link again, and then pay it with two payment calls at once. Every order is
 * attributed exactly once, to the right sharer, with the commission of the rate in force; each commission is
 * earned once.
 */
const { t, api } = useTestApp();

const BUYERS = 60;

describe('a burst of attributed orders', () => {
  it('records each order once, with its commission, and earns each once', { timeout: 240_000 }, async () => {
    const staff = await makeAccount(t, { role: 'staff' });
    const sharer = await makeAccount(t);
    const sku = await makeSku(t, { listPrice: 6_666 });
    await keysForSale(t, sku.id, BUYERS);
    expect((await api.native.put(`/api/admin/skus/${sku.id}/commission_rate`, { commission_rate: { rate_bp: 1_234 } }, { token: staff.token })).statusCode).toBe(200);
    const code = (await api.native.get('/cps/searchInviteCode', { token: sharer.token })).json().data.inviteCode as string;
    const buyers = await Promise.all(Array.from({ length: BUYERS }, () => makeAccount(t)));
    await Promise.all(buyers.map((b) => api.native.post('/api/cps_visits', { cps_visit: { code } }, { token: b.token })));
    await Promise.all(buyers.map((b) => fundWallet(t, b.id, 'CNY', 10_000)));

    const placed = await Promise.all(buyers.map(async (b) => {
      const [created, again] = await Promise.all([
        api.native.post('/api/orders', { order: { sku_ids: [sku.id], cate: 'game', type: 'one_click' } }, { token: b.token }),
        api.native.post('/api/cps_visits', { cps_visit: { code } }, { token: b.token }),
      ]);
      expect(created.statusCode, created.body).toBe(201);
      expect(again.statusCode, again.body).toBe(201);
      return { buyer: b, order: created.json() as { id: number; version: number } };
    }));
    const orderIds = placed.map((p) => p.order.id);

    await Promise.all(placed.flatMap(({ buyer, order }) => [1, 2].map(() =>
      api.native.patch(`/api/orders/${order.id}/pay`, { payment_method: 'wallet', payment_from: 'web', version: order.version }, { token: buyer.token }))));

    const rows = await t.deps.db.select().from(distributionOrders).where(inArray(distributionOrders.orderId, orderIds));
    expect(rows).toHaveLength(BUYERS);
    expect(new Set(rows.map((r) => r.orderId)).size).toBe(BUYERS);
    expect(rows.every((r) => r.sharerId === sharer.id && r.commission === 822 && r.state === 'earned')).toBe(true);
    const summary = (await api.native.get('/cps/searchInviteCode', { token: sharer.token })).json().data.summary;
    expect(summary).toMatchObject({ ordersCount: BUYERS, earnedCommission: BUYERS * 822, pendingCommission: 0 });
  });
});
